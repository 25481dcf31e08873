"""What every plotting script of the repository shares: matplotlib from whichever python3 has
it, output file names, the exit code for a missing matplotlib, and pictures that are the same
bytes every time they are drawn from the same data, written only where nothing would be lost.

Debian's python3-matplotlib belongs to /usr/bin/python3, which is not always the python3 first
on PATH (pyenv, a virtualenv), so a script run by the wrong interpreter runs itself again with
one that has matplotlib rather than failing.
"""
import os
import shutil
import subprocess
import sys

MISSING_MATPLOTLIB = 3  # exit code, apart from bad input (2)
OUTPUT_EXISTS = 4  # exit code: a picture is there already and --force was not given
_REEXEC_GUARD = "RATRACE_PLOT_REEXEC"


def output_stem(out):
    """OUT without a .png or .svg ending: the stem the .png and .svg are written to."""
    stem, ext = os.path.splitext(out)
    return stem if ext.lower() in (".png", ".svg") else out


def add_force_argument(parser):
    parser.add_argument("--force", action="store_true", help="replace OUT.png and OUT.svg if they exist")


def refuse_to_overwrite(stem, force, script):
    """Exits with OUTPUT_EXISTS, saying so, when STEM.png or STEM.svg exists and not `force`:
    a committed picture is replaced only on purpose. Called before anything is drawn."""
    if force:
        return
    existing = [stem + ext for ext in (".png", ".svg") if os.path.exists(stem + ext)]
    if existing:
        print(f"{os.path.basename(script)}: {' and '.join(existing)} exist{'s' if len(existing) == 1 else ''}; "
              "pass --force to replace", file=sys.stderr)
        sys.exit(OUTPUT_EXISTS)


def save_pictures(fig, stem, dpi, **savefig):
    """STEM.png and STEM.svg of `fig`, the same bytes each time for the same figure: no date,
    no software version, no random ids in the SVG."""
    for ext, metadata in ((".png", {"Software": None}), (".svg", {"Date": None, "Creator": None})):
        fig.savefig(stem + ext, dpi=dpi, metadata=metadata, **savefig)
    print("wrote %s.png and %s.svg" % (stem, stem))


def _python_with_matplotlib():
    """Another python3 (on PATH, then /usr/bin/python3) that can import matplotlib, or None."""
    tried = {os.path.realpath(sys.executable)}
    candidates = [shutil.which("python3", path=folder) for folder in os.environ.get("PATH", "").split(os.pathsep)]
    for candidate in candidates + ["/usr/bin/python3"]:
        if not candidate or not os.access(candidate, os.X_OK) or os.path.realpath(candidate) in tried:
            continue
        tried.add(os.path.realpath(candidate))
        if subprocess.run([candidate, "-c", "import matplotlib"], capture_output=True).returncode == 0:
            return candidate
    return None


def pyplot(script):
    """matplotlib.pyplot with the Agg backend, for the script at path `script` (its __file__).

    When this python3 lacks matplotlib, runs `script` again, with the same arguments, under one
    that has it; when none has, says how to install it and exits with MISSING_MATPLOTLIB.
    """
    try:
        import matplotlib
    except ImportError:
        other = None if os.environ.get(_REEXEC_GUARD) else _python_with_matplotlib()
        if other:
            os.environ[_REEXEC_GUARD] = "1"
            os.execv(other, [other, os.path.abspath(script), *sys.argv[1:]])
        print(f"{os.path.basename(script)}: no python3 has matplotlib ({sys.executable} lacks it); install it "
              "(Debian: apt-get install python3-matplotlib, or pip install matplotlib)", file=sys.stderr)
        sys.exit(MISSING_MATPLOTLIB)
    matplotlib.use("Agg")
    # SVG element ids are hashes salted with a random number unless a salt is given.
    matplotlib.rcParams["svg.hashsalt"] = "ratrace"
    import matplotlib.pyplot as plt

    return plt

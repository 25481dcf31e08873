"""What the programs that check ratrace's runs read from them: a journal's complete lines, a
result without what differs between two runs of the same games (as a document, or as text
without the timings), and the pids of the MPI ranks of a run. Shared by
scripts/testing/probe_reliability.py (and its probe/ modules), tests/mpi/commands_test.py and
tests/scripts/result_identity_test.py."""
import re
from pathlib import Path

# Result-file keys that differ between two runs of the same games: how long each game took,
# how the run was invoked and by which build, and where its journal was.
RUN_KEYS = frozenset({"timing", "command_line", "tool", "journal"})


def without_run_keys(doc, keys=RUN_KEYS):
    """The result document with `keys` left out at every depth."""
    if isinstance(doc, dict):
        return {k: without_run_keys(v, keys) for k, v in doc.items() if k not in keys}
    if isinstance(doc, list):
        return [without_run_keys(v, keys) for v in doc]
    return doc


# A board record's timing object in a result file's text; records list their keys in order,
# "turns" after "timing".
_TIMING = re.compile(r'"timing": \{[^{}]*\},\s*')


def text_without_timings(text, boards=None):
    """A result file's text with every board record's timing taken out, all else byte for byte;
    with `boards`, there must have been that many records."""
    stripped, count = _TIMING.subn("", text)
    assert boards is None or count == boards, f"{count} timing fields, expected {boards}"
    return stripped


def journal_lines(path):
    """A journal's complete lines, header first; a torn last line is left out, and a missing
    journal has none."""
    try:
        text = Path(path).read_bytes().decode("utf-8", "replace")
    except FileNotFoundError:
        return []
    return [line for line in text.split("\n")[:-1] if line]


def game_lines(path):
    """A journal's complete game lines (all but the header)."""
    return journal_lines(path)[1:]


def _descends_from(pid, ancestor):
    while pid > 1:
        if pid == ancestor:
            return True
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return False
        pid = int(stat.rsplit(")", 1)[1].split()[1])  # the field after the state is the parent
    return False


def mpi_rank_pids(launcher_pid):
    """{rank: pid} of the MPI ranks started by the launcher (mpirun) with this pid, from the
    rank number Open MPI puts in each one's environment."""
    ranks = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environment = entry.joinpath("environ").read_bytes().split(b"\0")
        except OSError:
            continue
        for item in environment:
            if item.startswith(b"OMPI_COMM_WORLD_RANK=") and _descends_from(int(entry.name), launcher_pid):
                ranks[int(item.split(b"=", 1)[1])] = int(entry.name)
    return ranks

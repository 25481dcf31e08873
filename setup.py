"""Builds the engine module ratrace._engine with CMake for pip (pyproject.toml says the rest).

The module is the CMake target ratrace_python, built in build/ (or $RATRACE_BUILD_DIR): a
build folder that is already configured is reused, so installing after the quick start
compiles nothing new; otherwise it is configured there (Release) first."""
import glob
import os
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeModule(build_ext):
    def build_extension(self, extension):
        build = os.environ.get("RATRACE_BUILD_DIR", os.path.join(ROOT, "build"))
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            subprocess.check_call(["cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release"])
        subprocess.check_call(["cmake", "--build", build, "--target", "ratrace_python", "-j", str(os.cpu_count())])
        built = glob.glob(os.path.join(build, "python", "ratrace", "_engine*.so"))
        if len(built) != 1:
            raise RuntimeError("the build left %d engine modules in %s/python/ratrace" % (len(built), build))
        target = self.get_ext_fullpath(extension.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)


setup(ext_modules=[Extension("ratrace._engine", sources=[])], cmdclass={"build_ext": CMakeModule},
      options={"build": {"build_base": os.path.join("build", "setuptools")}})

"""Builds the compiled search core: the modules games/native.py lists, compiled by mypyc into C
extension modules beside their sources (pyproject.toml holds everything else about the package).

Nothing is compiled, and the pure-Python reference runs, with KARTENTISCH_PURE=1 in the environment or
without a C compiler and the Python headers; a compile that fails is reported and leaves the
reference too. A build that succeeds writes games/native_build.json, the digest of every compiled
source, which games/native.py checks at run time (a source edited since is never shadowed by its
stale extension module).
"""

from __future__ import annotations

import json
import os
import runpy
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
NATIVE = runpy.run_path(str(HERE / "games" / "native.py"))
MODULES: tuple[str, ...] = NATIVE["MODULES"]


def _say(message: str) -> None:
    print(f"kartentisch: {message}", file=sys.stderr)


def _no_compiler() -> str | None:
    """Why no C extension can be built here, or None."""
    if NATIVE["pure_requested"]():
        return f"{NATIVE['PURE_ENV']}=1"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    include = sysconfig.get_paths()["include"]
    if not Path(include, "Python.h").exists():
        return f"no Python headers ({include})"
    return None


def _forget_inplace() -> None:
    """Remove what an earlier build left in the source tree (an editable install builds in place): the
    stamp, so that the reference runs, and the extension modules."""
    (HERE / "games" / NATIVE["STAMP"]).unlink(missing_ok=True)
    for module in MODULES:
        built = NATIVE["extension_path"](module, HERE)
        if built is not None:
            built.unlink()
    for group in HERE.glob("kartentisch_core__mypyc.*"):
        group.unlink()


class BuildCore(build_ext):
    """build_ext that leaves the pure-Python reference when the compile fails, and stamps a success."""

    def run(self) -> None:
        stamp = Path(self.build_lib if not self.inplace else HERE, "games", NATIVE["STAMP"])
        stamp.unlink(missing_ok=True)
        (HERE / "games" / NATIVE["STAMP"]).unlink(missing_ok=True)
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # a compiler that fails: the reference still installs
            _say(f"the search core did not compile ({exc}); the pure-Python reference will run")
            _forget_inplace()
            return
        import mypy.version

        digests = {m: NATIVE["digest"](NATIVE["source_path"](m, HERE)) for m in MODULES}
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(json.dumps({"mypy": mypy.version.__version__, "modules": digests}, indent=1) + "\n")
        _say(f"search core compiled by mypyc {mypy.version.__version__}: {len(MODULES)} modules")


#: the setup.py commands that build (metadata alone needs no C: pip asks for it twice before a build)
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}


def _extensions() -> list[object]:
    if not BUILDS & set(sys.argv[1:]):
        return []
    reason = _no_compiler()
    if reason is not None:
        _say(f"search core not compiled ({reason}); the pure-Python reference will run")
        _forget_inplace()
        return []
    from mypyc.build import mypycify

    paths = [str(NATIVE["source_path"](m, Path("."))) for m in MODULES]
    # mypy's own settings, not pyproject's (its plugins need Django, which a build does not install)
    return list(
        mypycify(
            ["--config-file=", f"--python-version={sys.version_info[0]}.{sys.version_info[1]}", *paths],
            opt_level="3",
            group_name="kartentisch_core",
        )
    )


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildCore})

"""The README's test command installs what the tests need on a fresh machine: Debian's Chromium included,
or it stops at once naming the command to run."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run_chromium_script(chromium: str, *, as_nobody: bool) -> subprocess.CompletedProcess[str]:
    # A copy anyone may read and run (the checkout's folder and pytest's tmp_path may be closed to others).
    folder = Path(tempfile.mkdtemp(prefix="chromium-script-"))
    folder.chmod(0o755)
    script = folder / "chromium"
    shutil.copy(ROOT / "scripts" / "chromium", script)
    script.chmod(stat.S_IRWXU | stat.S_IROTH | stat.S_IXOTH)
    command = [str(script)]
    if as_nobody:
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "CHROMIUM": chromium}
    try:
        return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60, check=False)
    finally:
        shutil.rmtree(folder)


def test_a_present_browser_needs_nothing() -> None:
    done = _run_chromium_script("/bin/sh", as_nobody=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_a_user_who_cannot_install_is_told_the_one_command() -> None:
    # (run as root, as CI is, dropping to 'nobody' with util-linux's setpriv)
    done = _run_chromium_script("/nonexistent/chromium", as_nobody=True)
    assert done.returncode == 1
    assert "apt-get update && apt-get install -y chromium" in done.stderr


def test_the_test_command_and_ci_install_the_browser_before_pytest() -> None:
    test_command = (ROOT / "scripts" / "test").read_text()
    assert test_command.index("\nscripts/chromium") < test_command.index("-m pytest")
    assert test_command.index("\nscripts/nginx") < test_command.index("-m pytest")
    ci = (ROOT / ".ci" / "run").read_text()
    assert "exec scripts/test" in ci


def _run_icu_script(path: str, *, as_nobody: bool) -> subprocess.CompletedProcess[str]:
    folder = Path(tempfile.mkdtemp(prefix="icu-script-"))
    folder.chmod(0o755)
    script = folder / "icu"
    shutil.copy(ROOT / "scripts" / "icu", script)
    script.chmod(stat.S_IRWXU | stat.S_IROTH | stat.S_IXOTH)
    command = [str(shutil.which("bash")), str(script)]
    if as_nobody:
        setpriv = str(shutil.which("setpriv"))
        command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    try:
        return subprocess.run(command, capture_output=True, text=True, env={"PATH": path}, timeout=60)
    finally:
        shutil.rmtree(folder)


def test_icu_present_needs_nothing() -> None:
    # (CI's machine has Debian's libicu-dev, pkg-config and g++: PyICU was built against them)
    done = _run_icu_script(os.environ.get("PATH", "/usr/bin:/bin"), as_nobody=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_without_icu_a_user_who_cannot_install_is_told_the_one_command(tmp_path: Path) -> None:
    tools = tmp_path / "bin"  # the shell's tools, apt-get too, but no pkg-config and no compiler
    tools.mkdir()
    for tool in ("bash", "id", "apt-get"):
        found = shutil.which(tool)
        assert found, tool
        (tools / tool).symlink_to(found)
    tmp_path.chmod(0o755)
    tools.chmod(0o755)
    done = _run_icu_script(str(tools), as_nobody=True)
    assert done.returncode == 1
    assert "apt-get update && apt-get install -y libicu-dev pkg-config g++" in done.stderr


def test_the_bootstrap_makes_sure_of_icu_before_it_installs_the_packages() -> None:
    bootstrap = (ROOT / "scripts" / "bootstrap").read_text()
    assert bootstrap.index("\n  scripts/icu") < bootstrap.index("pip install --quiet -e")


def test_an_nginx_on_the_path_needs_nothing(tmp_path: Path) -> None:
    (tmp_path / "nginx").write_text("#!/bin/sh\n")
    (tmp_path / "nginx").chmod(0o755)
    done = subprocess.run(
        [str(ROOT / "scripts" / "nginx")],
        capture_output=True,
        text=True,
        env={"PATH": f"{tmp_path}:{os.environ.get('PATH', '/usr/bin:/bin')}"},
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == ""

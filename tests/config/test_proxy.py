"""The proxy in front of the web replicas (deploy/nginx.conf, with the rules deploy/nginx-balancers.sh
writes from TRUSTED_LOAD_BALANCERS), run in a real nginx on loopback against an upstream that echoes
what it was told: the client address comes from X-Forwarded-For only when a trusted load balancer sent
it, X-Forwarded-Proto only from a trusted balancer, and otherwise the proxy's own peer and scheme."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "deploy" / "nginx-balancers.sh"
CLIENT, BALANCER = "127.0.0.1", "127.0.0.2"  # two peers on loopback
ECHOED = ("X-Real-IP", "X-Forwarded-For", "X-Forwarded-Proto")


def _nginx() -> str:
    found = shutil.which("nginx") or str(ROOT / ".venv" / "nginx" / "usr" / "sbin" / "nginx")
    assert os.access(found, os.X_OK), "no nginx for the proxy tests: run scripts/nginx"
    return found


def balancer_rules(trusted: str, out: Path) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ["PATH"],
        "TRUSTED_LOAD_BALANCERS": trusted,
        "TRUSTED_LOAD_BALANCERS_CONF": str(out),
    }
    return subprocess.run(["sh", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=30)


class _Echo(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = json.dumps({name: self.headers.get(name) for name in ECHOED}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def upstream() -> Iterator[int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def proxy(tmp_path: Path, upstream: int) -> Iterator[Callable[[str], int]]:
    """Start the deployed config under the given TRUSTED_LOAD_BALANCERS; answers its port."""
    started: list[subprocess.Popen[str]] = []

    def start(trusted: str) -> int:
        folder = tmp_path / f"nginx-{len(started)}"
        folder.mkdir()
        rules = folder / "trusted-balancers.conf"
        assert balancer_rules(trusted, rules).returncode == 0
        port = _free_port()
        site = (ROOT / "deploy" / "nginx.conf").read_text()
        for deployed, here in (
            ("include /etc/nginx/trusted-balancers.conf;", f"include {rules};"),
            ("server web:8000;", f"server 127.0.0.1:{upstream};"),
            ("listen 80;", f"listen 127.0.0.1:{port};"),
        ):
            assert deployed in site
            site = site.replace(deployed, here)
        (folder / "default.conf").write_text(site)
        temp = " ".join(
            f"{kind}_temp_path {folder / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (folder / "nginx.conf").write_text(
            f"daemon off; master_process off; pid {folder / 'nginx.pid'}; error_log stderr;\n"
            f"events {{ worker_connections 64; }}\n"
            f"http {{ access_log off; {temp} include {folder / 'default.conf'}; }}\n"
        )
        command = [_nginx(), "-e", "stderr", "-p", str(folder), "-c", str(folder / "nginx.conf")]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
        assert checked.returncode == 0, checked.stderr
        nginx = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        started.append(nginx)

        def listening() -> bool:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return True
            except OSError:
                assert nginx.poll() is None, nginx.stderr.read() if nginx.stderr else "nginx exited"
                return False

        wait_until(listening, 10, f"nginx listening on port {port}")
        return port

    yield start
    for process in started:
        process.terminate()
        process.wait(timeout=10)


def ask(port: int, *, source: str, **headers: str) -> dict[str, str]:
    """What the upstream was told about a request sent from `source` with these headers."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        connection.request("GET", "/", headers={k.replace("_", "-"): v for k, v in headers.items()})
        response = connection.getresponse()
        assert response.status == 200
        return dict(json.loads(response.read()))
    finally:
        connection.close()


def told(real_ip: str, proto: str) -> dict[str, str]:
    return {"X-Real-IP": real_ip, "X-Forwarded-For": real_ip, "X-Forwarded-Proto": proto}


FORWARDED = {"X_Forwarded_For": "198.51.100.66, 203.0.113.7", "X_Forwarded_Proto": "https"}


def test_a_trusted_balancer_names_the_client_and_the_scheme(proxy: Callable[[str], int]) -> None:
    port = proxy(f"{BALANCER}/32, 2001:db8::/32")
    # The balancer appended its peer (203.0.113.7); the client had put 198.51.100.66 in front.
    assert ask(port, source=BALANCER, **FORWARDED) == told("203.0.113.7", "https")
    assert ask(port, source=BALANCER, X_Forwarded_Proto="http") == told(BALANCER, "http")
    # Anything but http or https is no scheme: the proxy's own.
    assert ask(port, source=BALANCER, X_Forwarded_Proto="https, http") == told(BALANCER, "http")


def test_a_client_s_own_headers_are_ignored(proxy: Callable[[str], int]) -> None:
    port = proxy(BALANCER)
    assert ask(port, source=CLIENT, **FORWARDED) == told(CLIENT, "http")
    assert ask(port, source=CLIENT) == told(CLIENT, "http")


def test_with_no_balancer_configured_the_peer_is_the_client(proxy: Callable[[str], int]) -> None:
    port = proxy("")
    assert ask(port, source=BALANCER, **FORWARDED) == told(BALANCER, "http")


def test_a_chain_of_trusted_balancers_is_walked_from_the_right(proxy: Callable[[str], int]) -> None:
    port = proxy(f"{BALANCER},10.0.0.0/8")
    headers = {"X_Forwarded_For": "198.51.100.66, 203.0.113.7, 10.1.2.3", "X_Forwarded_Proto": "https"}
    assert ask(port, source=BALANCER, **headers) == told("203.0.113.7", "https")


@pytest.mark.parametrize("entry", ["1.2.3.4; include /etc/passwd", "example.org", "10.0.0.0/8;", "*"])
def test_the_balancer_list_refuses_anything_but_addresses(tmp_path: Path, entry: str) -> None:
    out = tmp_path / "rules.conf"
    done = balancer_rules(f"10.0.0.0/8, {entry}", out)
    assert done.returncode == 1 and "is not an address or CIDR range" in done.stderr
    assert not out.exists()


def test_the_balancer_rules_name_each_range_once_in_both_places(tmp_path: Path) -> None:
    out = tmp_path / "rules.conf"
    assert balancer_rules(" 10.0.0.0/8,192.0.2.1  2001:db8::/32 ", out).returncode == 0
    lines = [line.strip() for line in out.read_text().splitlines() if not line.startswith("#")]
    ranges = ["10.0.0.0/8", "192.0.2.1", "2001:db8::/32"]
    assert lines == [
        *(f"set_real_ip_from {r};" for r in ranges),
        "geo $realip_remote_addr $from_balancer {",
        "default 0;",
        *(f"{r} 1;" for r in ranges),
        "}",
    ]

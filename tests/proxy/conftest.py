"""The app behind Caddy over HTTPS on loopback, as a club runs it (README, "Running it for a
club"), and a Chromium that trusts Caddy's own certificate authority, as a phone would once
told to: the fixtures of the tests in this folder. Everything is started once for the folder.

`scorekeeper serve` runs in its own process with PROXY_COUNT 1 on a free loopback port;
Caddy runs deploy/Caddyfile.lan as shipped (only the app's port changed), with its data in a
folder of ours, its admin endpoint off and its HTTPS on a free loopback port. The tests are
skipped, saying why, only where Caddy or certutil is not installed (.ci/run installs both).
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

from scorekeeper.web.access import passcode

ROOT = Path(__file__).resolve().parent.parent.parent
CADDY = shutil.which("caddy")
CERTUTIL = shutil.which("certutil")
# The name in the shipped Caddyfile: .home.arpa is kept for home networks (RFC 8375).
PUBLIC_NAME = "scores.home.arpa"
PASSCODE = "tile rummy"
START_SECONDS = 30


def free_port() -> int:
    """A loopback port no one listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until(ready: Callable[[], bool], what: str, process: subprocess.Popen, log: Path) -> None:
    """Poll a server process until it is ready; fail with the end of what it printed if it
    stops or does not get ready."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            printed = log.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"{what} stopped at start ({process.returncode}):\n{printed}")
        if ready():
            return
        time.sleep(0.05)
    printed = log.read_text(errors="replace")[-2000:]
    raise RuntimeError(f"{what} did not start within {START_SECONDS} s:\n{printed}")


def stop(process: subprocess.Popen | None) -> None:
    """Stop a server process as systemd would (SIGTERM), and wait for it."""
    if process is not None and process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


class App:
    """`scorekeeper serve --host 127.0.0.1` behind one proxy, in its own process; it can be
    stopped and started again on the same port (the offline page's check)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.instance = folder / "instance"
        self.database = self.instance / "scorekeeper.db"
        self.log_path = folder / "serve.log"
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        passcode.set_passcode(self.instance, PASSCODE)

    def start(self) -> None:
        """Start the server and wait until it answers on its port."""
        environment = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
        environment.update(
            SCOREKEEPER_INSTANCE=str(self.instance),
            SCOREKEEPER_PROXY_COUNT="1",
            SCOREKEEPER_PUBLIC_NAMES=PUBLIC_NAME,
            LANG="C.UTF-8",
        )
        command = Path(sys.executable).with_name("scorekeeper")
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [str(command), "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                env=environment,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        wait_until(self.answers, "scorekeeper serve", self.process, self.log_path)

    def answers(self) -> bool:
        """Whether the server answers a page on its port."""
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            connection.request("GET", "/static/app.css")
            connection.getresponse().read()
            connection.close()
            return True
        except OSError:
            return False

    def stop(self) -> None:
        """Stop the server (SIGTERM)."""
        stop(self.process)
        self.process = None

    def log(self) -> str:
        """What the server has written: its start lines, then one line per request."""
        return self.log_path.read_text(errors="replace")

    def requests(
        self, method: str, path: str, sources: tuple[str, ...], count: int
    ) -> list[tuple[str, str]]:
        """The (address, status) of each request of that method and path from those addresses
        in the server's log, once it holds `count` of them: a line is written just after its
        answer is sent."""
        line = re.compile(rf"^\S+ \S+ (\S+) {method} {re.escape(path)} (\d+) ", re.MULTILINE)
        deadline = time.monotonic() + START_SECONDS
        while True:
            found = [one for one in line.findall(self.log()) if one[0] in sources]
            if len(found) >= count or time.monotonic() > deadline:
                return found
            time.sleep(0.05)


@dataclass
class Answer:
    """An answer Caddy passed on: status, headers (as sent, every Set-Cookie kept) and body."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def cookies(self) -> list[str]:
        return [value for name, value in self.headers if name.lower() == "set-cookie"]


class Caddy:
    """Caddy serving deploy/Caddyfile.lan with its own local authority, on loopback."""

    def __init__(self, folder: Path, app_port: int) -> None:
        self.folder = folder
        self.port = free_port()
        shipped = (ROOT / "deploy" / "Caddyfile.lan").read_text(encoding="utf-8")
        assert "reverse_proxy 127.0.0.1:8000" in shipped
        site = shipped.replace("127.0.0.1:8000", f"127.0.0.1:{app_port}")
        # What only the test needs: loopback, free ports, no admin endpoint, and the local
        # authority's root left out of this machine's trust store.
        options = (
            "{\n\tadmin off\n\tdefault_bind 127.0.0.1\n"
            f"\thttp_port {free_port()}\n\thttps_port {self.port}\n"
            "\tauto_https disable_redirects\n\tskip_install_trust\n}\n"
        )
        self.caddyfile = folder / "Caddyfile"
        self.caddyfile.write_text(options + site, encoding="utf-8")
        self.environment = {
            **os.environ,
            "HOME": str(folder / "home"),
            "XDG_DATA_HOME": str(folder / "data"),
            "XDG_CONFIG_HOME": str(folder / "config"),
        }
        self.root = folder / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        self.url = f"https://{PUBLIC_NAME}:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        """Start Caddy and wait until it answers over HTTPS with a certificate of its root."""
        log_path = self.folder / "caddy.log"
        log = log_path.open("ab")
        self.process = subprocess.Popen(
            [CADDY or "caddy", "run", "--config", str(self.caddyfile), "--adapter", "caddyfile"],
            env=self.environment,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )
        log.close()
        wait_until(self.answers, "caddy", self.process, log_path)

    def answers(self) -> bool:
        """Whether Caddy answers over HTTPS, its certificate checked against its root."""
        if not self.root.exists():
            return False
        try:
            return self.request("GET", "/static/app.css").status == 200
        except (OSError, ssl.SSLError):
            return False

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        source: str = "127.0.0.1",
    ) -> Answer:
        """One HTTPS request to the public name through Caddy, from the loopback address
        `source` (another phone), the certificate checked against Caddy's root."""
        context = ssl.create_default_context(cafile=str(self.root))
        raw = socket.create_connection(
            ("127.0.0.1", self.port), timeout=10, source_address=(source, 0)
        )
        connection = http.client.HTTPSConnection(PUBLIC_NAME, self.port, timeout=10)
        connection.sock = context.wrap_socket(raw, server_hostname=PUBLIC_NAME)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            answer = connection.getresponse()
            return Answer(answer.status, answer.getheaders(), answer.read())
        finally:
            connection.close()

    def stop(self) -> None:
        stop(self.process)
        self.process = None


@pytest.fixture(scope="package")
def tools() -> None:
    """Caddy and certutil are installed: else the folder is skipped, saying how to get them."""
    if CADDY is None:
        pytest.skip("Caddy is not installed: apt-get install -y caddy")
    if CERTUTIL is None:
        pytest.skip("certutil is not installed: apt-get install -y libnss3-tools")


@pytest.fixture(scope="package")
def app_behind_caddy(tools, tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """`scorekeeper serve` with PROXY_COUNT 1 and PUBLIC_NAMES scores.home.arpa, running."""
    app = App(tmp_path_factory.mktemp("behind-caddy"))
    app.start()
    yield app
    app.stop()


@pytest.fixture(scope="package")
def caddy(app_behind_caddy: App, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Caddy]:
    """Caddy in front of the app, with `tls internal`, running."""
    proxy = Caddy(tmp_path_factory.mktemp("caddy"), app_behind_caddy.port)
    proxy.start()
    yield proxy
    proxy.stop()


@pytest.fixture(scope="package")
def phone_home(caddy: Caddy, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A HOME whose NSS database trusts Caddy's root, as a phone told to trust it does:
    Chromium reads its trusted roots from there."""
    home = tmp_path_factory.mktemp("phone-home")
    nss = home / ".pki" / "nssdb"
    nss.mkdir(parents=True)
    for command in (
        [CERTUTIL, "-N", "-d", f"sql:{nss}", "--empty-password"],
        [CERTUTIL, "-A", "-d", f"sql:{nss}", "-t", "C,,", "-i", str(caddy.root), "-n", "Caddy"],
    ):
        subprocess.run(command, check=True, capture_output=True)
    return home


def trusting(phone_home: Path) -> dict:
    """How to launch Debian's Chromium as such a phone: trusting Caddy's root (and not told to
    ignore any certificate error), and finding the public name on loopback."""
    return {
        "executable_path": str(CHROMIUM),
        "headless": True,
        "args": [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {PUBLIC_NAME} 127.0.0.1"],
        "env": {**os.environ, "HOME": str(phone_home)},
    }


@pytest.fixture(scope="package")
def trusting_chromium(chromium, phone_home: Path):
    """A second Chromium, launched from the suite's Playwright, that trusts Caddy's root."""
    browser = chromium.browser_type.launch(**trusting(phone_home))
    yield browser
    browser.close()


@pytest.fixture
def secure_page(trusting_chromium, caddy: Caddy):
    """A phone-sized page of its own (no cookies yet), at the app's public https address."""
    context = trusting_chromium.new_context(viewport=PHONE, base_url=caddy.url)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def installed_phone(chromium, phone_home: Path, caddy: Caddy, tmp_path: Path):
    """A Chromium that trusts Caddy's root with a profile of its own on disk, as a phone's
    browser has (Chromium installs no app from a private window, which is what Playwright's
    new contexts are), at the app's public https address."""
    context = chromium.browser_type.launch_persistent_context(
        tmp_path / "profile", viewport=PHONE, base_url=caddy.url, **trusting(phone_home)
    )
    yield context
    context.close()


@pytest.fixture
def app_back_afterwards(app_behind_caddy: App) -> Iterator[App]:
    """The app behind Caddy, for a test that stops it: started again afterwards whatever
    happens, for the tests after it."""
    yield app_behind_caddy
    if app_behind_caddy.process is None:
        app_behind_caddy.start()

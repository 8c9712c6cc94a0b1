"""Remote play behind a real HTTPS reverse proxy (Debian's caddy, with a certificate made here by
openssl; skipped without them): the page loads over https, is told to use wss://, and follows
the player's sheet through the proxy."""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import time
import urllib.request

import pytest

from table_mode_support import need_browser, need_tool, page_text, secret_campaign

pytestmark = pytest.mark.xdist_group("table-browser")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def proxy(tmp_path):
    """caddy on https://127.0.0.1:<port>, in front of whatever listens on the port it is given."""
    caddy = need_tool("caddy", "Debian's caddy is the reverse proxy")
    openssl = need_tool("openssl", "openssl makes the proxy's certificate")
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem"), "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    started = []

    def start(upstream: int) -> str:
        port = free_port()
        (tmp_path / "Caddyfile").write_text(
            "{\n admin off\n auto_https disable_redirects\n skip_install_trust\n}\n"
            f"https://127.0.0.1:{port} {{\n tls {tmp_path / 'cert.pem'} {tmp_path / 'key.pem'}\n"
            f" reverse_proxy 127.0.0.1:{upstream}\n}}\n")
        env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"),
                   XDG_CONFIG_HOME=str(tmp_path / "config"))
        process = subprocess.Popen([caddy, "run", "--config", str(tmp_path / "Caddyfile"), "--adapter", "caddyfile"],
                                   env=env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / "caddy.log", "wb"))
        started.append(process)
        for _try in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return f"https://127.0.0.1:{port}"
            except OSError:
                if process.poll() is not None:
                    pytest.fail("caddy did not start: " + (tmp_path / "caddy.log").read_text()[-2000:])
                time.sleep(0.1)
        pytest.fail("caddy did not start listening")

    yield start
    for process in started:
        process.terminate()
        process.wait(10)


def test_behind_an_https_proxy_the_page_loads_over_https_and_the_socket_uses_wss(proxy, browsers, qtbot, tmp_path):
    need_browser()
    from fate_desk.gui.document import CampaignDocument
    from fate_desk.gui.table_mode.session import TableSession
    from fate_desk.store.campaign_file import CampaignFile

    document = CampaignDocument(CampaignFile.create(tmp_path / "remote.fatedesk", secret_campaign()))
    session = TableSession(document, heartbeat=2.0)
    session.book.auto_allow = True
    try:
        session.open("127.0.0.1", 0)  # the GM keeps the table on loopback; the proxy faces the world
        public = proxy(session.book.port)
        unverified = ssl.create_default_context()
        unverified.check_hostname, unverified.verify_mode = False, ssl.CERT_NONE
        with urllib.request.urlopen(public + "/", context=unverified, timeout=10) as page:
            policy = page.headers["Content-Security-Policy"]
        assert f"connect-src 'self' wss://{public.split('://')[1]}" in policy
        driver = browsers("pc-ines")
        driver.execute_cdp_cmd("Security.setIgnoreCertificateErrors", {"ignore": True})  # our own certificate
        session.set_public(public)  # the GM's "Remote address": every seat's link and code now lead there
        link = session.link("pc-ines")
        assert link.startswith(public + "/#")
        driver.get(link)
        qtbot.waitUntil(lambda: page_text(driver, "status-text") == "Connected"
                        and page_text(driver, "name") == "Ines Okafor", timeout=15000)
        assert driver.execute_script("return location.protocol") == "https:"
        sockets = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/ws'))")
        assert all(name.startswith("wss://") for name in sockets)
    finally:
        session.close()
        document.close()

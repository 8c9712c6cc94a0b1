"""The table's server on its own (no window): the page and its words over HTTP, and the socket's
defences: Origin, secret links, the GM's Allow, frame size, rate, bad messages, closing."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import re
import socket

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from fate_desk.table import protocol
from fate_desk.table.seats import device_key, new_token
from fate_desk.table.server import FLOOD, SeatInfo, TableServer

from table_mode_support import Phone

RUTH, ANNA = "pc-ruth", "pc-anna"


class Table:
    def __init__(self, auto_allow: bool = True, mode: str = "view"):
        self.events = []
        self.sent = []
        self.server = TableServer(self.events.append, heartbeat=1.0, record=lambda d, t: self.sent.append(t))
        self.host, self.port = self.server.start("127.0.0.1", 0)
        self.tokens = {RUTH: new_token(), ANNA: new_token()}
        self.seat(auto_allow, mode)
        self.url = f"ws://127.0.0.1:{self.port}/ws"

    def seat(self, auto_allow: bool = True, mode: str = "view", devices=()) -> None:
        self.server.set_seats([SeatInfo(RUTH, "Ruth", self.tokens[RUTH], frozenset(devices)),
                               SeatInfo(ANNA, "Anna", self.tokens[ANNA])], auto_allow, mode)

    def get(self, path: str, headers: dict | None = None) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.body = response.read()
        connection.close()
        return response


@pytest.fixture
def table():
    table = Table()
    yield table
    table.server.stop(wait=True)


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 20))


def test_the_page_runs_only_its_own_files_and_puts_text_in_as_text(table):
    page = table.get("/")
    assert page.status == 200 and page.getheader("Content-Type").startswith("text/html")
    policy = page.getheader("Content-Security-Policy")
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "default-src 'none'" in policy
    assert page.getheader("X-Content-Type-Options") == "nosniff"
    html = page.body.decode()
    assert re.findall(r"<script[^>]*>", html) == ['<script type="module" src="app.js">']
    assert not re.search(r"\son\w+=", html) and "style=" not in html
    from fate_desk.table.server import PAGE_DIR

    scripts = "".join(p.read_text() for p in PAGE_DIR.glob("*.js"))
    assert "innerHTML" not in scripts and "insertAdjacentHTML" not in scripts and "eval(" not in scripts
    for path in ("/app.js", "/render.js", "/connection.js", "/style.css", "/icon.svg"):
        assert table.get(path).status == 200
    words = table.get("/words/de.json")
    assert json.loads(words.body)["code"] == "de"
    for path in ("/../seats.py", "/words/../../x.json", "/words/xx.json", "/server.py", "/%2e%2e/pyproject.toml"):
        assert table.get(path).status == 404


def test_behind_an_https_proxy_the_page_is_told_to_use_wss_and_its_origin_is_the_proxys(table):
    page = table.get("/", {"X-Forwarded-Proto": "https", "Host": "table.example:8443"})
    assert "connect-src 'self' wss://table.example:8443" in page.getheader("Content-Security-Policy")

    async def through_proxy():
        from websockets.asyncio.client import connect

        # As a proxy passes it on: the browser's Host and Origin, and the scheme it was reached by.
        async with connect("ws://table.example:8443/ws", host="127.0.0.1", port=table.port,
                           origin="https://table.example:8443", additional_headers={"X-Forwarded-Proto": "https"}) as ws:
            await ws.send(json.dumps({"type": "hello", "token": table.tokens[RUTH], "device": "proxy-device-000001"}))
            return json.loads(await ws.recv())["type"]

    assert run(through_proxy()) == "welcome"


def test_a_socket_from_any_origin_but_the_pages_own_is_refused(table, caplog):
    async def attempt(origin):
        try:
            async with Phone(table.url, origin=origin):
                return "open"
        except InvalidStatus as refused:
            return refused.response.status_code

    with caplog.at_level(logging.WARNING, logger="fate_desk.table.server"):
        assert run(attempt("http://evil.example")) == 403
        assert run(attempt(f"http://127.0.0.1:{table.port + 1}")) == 403
        assert run(attempt(f"https://127.0.0.1:{table.port}")) == 403  # no proxy said https
        assert run(attempt(f"http://127.0.0.1:{table.port}")) == "open"
    assert "http://evil.example" in caplog.text

    async def two_hosts():
        from websockets.asyncio.client import connect

        try:
            async with connect(table.url, origin=f"http://127.0.0.1:{table.port}",
                               additional_headers={"Host": f"127.0.0.1:{table.port}"}):
                return "open"
        except InvalidStatus as refused:
            return refused.response.status_code

    assert run(two_hosts()) == 403  # a repeated header is no origin at all


def test_behind_a_proxy_that_rewrites_the_host_the_forwarded_host_or_the_gms_remote_address_is_the_origin(table):
    async def attempt(origin, headers):
        from websockets.asyncio.client import connect

        try:
            async with connect(table.url, origin=origin, additional_headers=headers):
                return "open"
        except InvalidStatus as refused:
            return refused.response.status_code

    tunnel = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "game.example.net"}
    assert run(attempt("https://game.example.net", tunnel)) == "open"
    assert run(attempt("https://evil.example", tunnel)) == 403
    assert run(attempt("https://table.example.org", {"X-Forwarded-Proto": "https"})) == 403
    table.server.set_seats([SeatInfo(RUTH, "Ruth", table.tokens[RUTH])], True, "view", public="https://table.example.org")
    assert run(attempt("https://table.example.org", {})) == "open"  # the remote address the GM gave


def test_a_remote_address_is_an_origin_or_nothing():
    from fate_desk.table.seats import public_origin

    assert public_origin(" https://Table.Example.org/ ") == "https://table.example.org"
    assert public_origin("http://10.0.0.5:8443") == "http://10.0.0.5:8443"
    assert public_origin("") == ""
    for bad in ("table.example.org", "ftp://x.org", "https://x.org/path", "https://x.org/#t", "https://u:p@x.org",
                "https://x.org:99999", "javascript:alert(1)", "https://<b>.org", None, 5):
        assert public_origin(bad) is None, bad


def test_an_unknown_link_and_a_replaced_one_are_told_so_and_shut_out(table):
    async def scenario():
        async with Phone(table.url) as stranger:
            await stranger.hello(new_token())
            assert await stranger.next() == {"type": "refused", "reason": "token"}
        async with Phone(table.url) as ruth:
            await ruth.hello(table.tokens[RUTH])
            assert (await ruth.next("welcome"))["name"] == "Ruth"
            old = table.tokens[RUTH]
            table.tokens[RUTH] = new_token()
            table.seat()  # the GM's "New link for this seat"
            assert await ruth.next("refused") == {"type": "refused", "reason": "token"}
            with pytest.raises(ConnectionClosed):
                await ruth.next()
        async with Phone(table.url) as again:
            await again.hello(old)
            assert (await again.next())["reason"] == "token"

    run(scenario())


def test_a_new_device_waits_for_the_gms_allow_and_gets_its_own_sheet_only(table):
    table.seat(auto_allow=False)
    table.server.publish_sheet(RUTH, "en", {"name": "Ruth"})
    table.server.publish_sheet(ANNA, "en", {"name": "Anna"})
    table.server.publish_scene("en", {"title": "The Docks"})

    async def scenario():
        async with Phone(table.url) as ruth, Phone(table.url) as anna:
            await ruth.hello(table.tokens[RUTH], device="ruths-phone-0000001")
            assert await ruth.next() == {"type": "waiting"}
            waiting = next(e for e in table.events if e.kind == "waiting")
            assert (waiting.seat, waiting.key) == (RUTH, device_key("ruths-phone-0000001"))
            table.server.admit(waiting.device)
            assert (await ruth.next("sheet"))["sheet"] == {"name": "Ruth"}
            await anna.hello(table.tokens[ANNA], device="annas-phone-0000001")
            await anna.next("waiting")
            refused = [e for e in table.events if e.kind == "waiting"][-1]
            table.server.refuse(refused.device)
            assert await anna.next("refused") == {"type": "refused", "reason": "device"}
        table.seat(auto_allow=False, devices={device_key("ruths-phone-0000001")})  # remembered by the GM's side
        async with Phone(table.url) as ruth_again:  # (its socket opens after the seats are handed over)
            await ruth_again.hello(table.tokens[RUTH], device="ruths-phone-0000001")
            assert (await ruth_again.next())["type"] == "welcome"

    run(scenario())
    assert not any("Anna" in text for text in table.sent if '"sheet"' in text and "Ruth" in text)


def test_a_frame_over_the_cap_closes_the_socket_and_bad_messages_are_dropped_with_a_log_line(table, caplog):
    async def scenario():
        async with Phone(table.url) as phone:
            await phone.hello(table.tokens[RUTH])
            await phone.next("welcome")
            for bad in ("not json", b"\x00\x01binary", json.dumps({"type": "nope"}), json.dumps([1, 2]),
                        json.dumps({"type": "hello", "token": table.tokens[ANNA], "device": "x" * 20}),
                        json.dumps({"type": "act", "kind": "<b>", "ref": -1}), json.dumps({"type": "language"}),
                        "[" * 4000 + "]" * 4000, '{"type": "ping", "x": ' + "[" * 3000 + "]" * 3000 + "}"):
                await phone.send(bad)
            await phone.send({"type": "ping"})
            assert (await phone.next("pong")) == {"type": "pong"}  # still there, and still Ruth
            await phone.send("x" * (protocol.MAX_FRAME + 1000))
            with pytest.raises(ConnectionClosed) as closed:
                await phone.next()
            return closed.value.rcvd.code

    with caplog.at_level(logging.WARNING, logger="fate_desk.table.server"):
        assert run(scenario()) == 1009  # message too big
    assert "that is not one of the table's" in caplog.text
    assert not [e for e in table.events if e.seat == ANNA]


def test_a_flooding_device_is_rate_limited_then_sent_away_while_the_others_play_on(table, caplog):
    async def scenario():
        async with Phone(table.url) as flood, Phone(table.url) as calm:
            await flood.hello(table.tokens[RUTH], device="flooding-device-001")
            await calm.hello(table.tokens[ANNA], device="calm-device-0000001")
            await flood.next("welcome")
            await calm.next("welcome")
            try:
                for _n in range(FLOOD + 200):
                    await flood.send({"type": "ping"})
            except ConnectionClosed:
                pass
            with pytest.raises(ConnectionClosed):
                while True:
                    await flood.next(timeout=5)
            await calm.send({"type": "ping"})
            return await calm.next("pong")

    with caplog.at_level(logging.WARNING, logger="fate_desk.table.server"):
        assert run(scenario()) == {"type": "pong"}
    assert "sends too fast" in caplog.text and "too many messages" in caplog.text


def test_a_players_action_from_a_view_only_table_is_refused_and_never_reaches_the_gm(table):
    async def scenario():
        async with Phone(table.url) as phone:
            await phone.hello(table.tokens[RUTH])
            await phone.next("welcome")
            await phone.send({"type": "act", "kind": "roll", "ref": 7, "skill": "Fight"})
            return await phone.next("answer")

    answer = run(scenario())
    assert (answer["ref"], answer["done"], answer["reason"]) == (7, False, "view-only")
    assert not [e for e in table.events if e.kind == "intent"]
    table.seat(mode="act")

    async def acting():
        async with Phone(table.url) as phone:
            await phone.hello(table.tokens[RUTH])
            await phone.next("welcome")
            await phone.send({"type": "act", "kind": "roll", "ref": 8, "seat": ANNA})
            for _wait in range(100):
                if any(e.kind == "intent" for e in table.events):
                    break
                await asyncio.sleep(0.02)

    run(acting())
    intent = next(e for e in table.events if e.kind == "intent")
    assert intent.seat == RUTH and intent.message["ref"] == 8  # the connection's seat, not the message's


def test_closing_the_table_tells_every_page_and_nothing_listens_afterwards():
    table = Table()

    async def scenario():
        async with Phone(table.url) as phone:
            await phone.hello(table.tokens[RUTH])
            await phone.next("welcome")
            table.server.stop()
            return await phone.next("refused")

    assert run(scenario()) == {"type": "refused", "reason": "closed"}
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", table.port), timeout=2).close()

"""The running app's socket against other local users, bad messages, peers that never answer,
and launches made at the same moment: real app processes, a second uid where the test runs
as root (it then drops to `nobody` for the other user), and every wait bounded by a deadline.
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from fate_desk.model import Character
from fate_desk.store.campaign_file import CampaignFileError, load_campaign
from fate_desk.store.interchange import write_character_file

from test_one_writer_processes import locked, make_campaign, wait_until  # the same apps, the same waits

pytestmark = pytest.mark.skipif(os.name != "posix", reason="local sockets and uids as on Linux")

NOBODY = 65534
OTHER_PYTHON = "/usr/bin/python3"  # the system's: the other user may not enter ours
as_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0 or not os.path.exists(OTHER_PYTHON),
                             reason="switching to a second user needs root")




def names(path: Path) -> list[str]:
    """The names in the file; [] while the app is mid-write (a read-only open then races the
    journal's removal, which is not what these tests are about)."""
    try:
        return [c.name for c in load_campaign(path).characters]
    except CampaignFileError:
        return []


@pytest.fixture
def shared_tmp():
    """A world-writable sticky folder, as /tmp is, that the test can give to apps as TMPDIR."""
    folder = Path(tempfile.mkdtemp(prefix="fate-desk-test-", dir="/tmp"))
    folder.chmod(0o1777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def apps(tmp_path, shared_tmp):
    """Start app processes (`python -m fate_desk ...`) with one user data folder; all ended after."""
    # Short, as a real $XDG_RUNTIME_DIR is (/run/user/UID): a socket's path has a length limit.
    runtime = Path(tempfile.mkdtemp(prefix="fd-run-", dir="/tmp"))
    started: list[subprocess.Popen] = []
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path), PYTHONUNBUFFERED="1",
               XDG_RUNTIME_DIR=str(runtime), TMPDIR=str(shared_tmp))

    def start(*args: str, **overrides) -> subprocess.Popen:
        # Output to files, not pipes nobody reads while the app runs: a full pipe would stop
        # the app in its next write (Qt's warnings, our log lines) and look like a hang.
        log = tmp_path / f"app-{len(started)}.err"
        with open(log, "w") as err:
            proc = subprocess.Popen([sys.executable, "-m", "fate_desk", *args], env={**env, **overrides},
                                    stdout=subprocess.DEVNULL, stderr=err, text=True)
        proc.err_path = log
        started.append(proc)
        return proc

    start.env = env
    start.runtime = runtime
    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
    shutil.rmtree(runtime, ignore_errors=True)


def err_of(proc: subprocess.Popen) -> str:
    """What an app started by `apps` wrote to its standard error (wait for it to end first)."""
    return proc.err_path.read_text(errors="replace")


def key_for(data: Path, monkeypatch) -> str:
    from fate_desk.gui.single_instance import instance_key

    monkeypatch.setenv("FATE_DESK_DATA_DIR", str(data))
    return instance_key()


def as_nobody() -> None:
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)


# --- item 5: the socket lives where only its user can reach it -------------------------------


def test_the_socket_and_its_lock_live_in_the_users_runtime_folder(tmp_path, apps, shared_tmp, monkeypatch):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    apps(str(campaign))
    assert wait_until(lambda: locked(campaign))
    key = key_for(tmp_path / "data", monkeypatch)
    folder = apps.runtime / "fate-desk"
    assert wait_until(lambda: (folder / key).exists()), (key, list(apps.runtime.rglob("*")))
    assert stat.S_ISSOCK(os.lstat(folder / key).st_mode)
    assert stat.S_IMODE(os.lstat(folder).st_mode) == 0o700
    assert (folder / f"{key}.lock").exists()
    assert list(shared_tmp.iterdir()) == []  # nothing anyone could compute in the shared folder


@as_root
def test_another_user_cannot_connect_to_the_running_apps_socket(tmp_path, apps, monkeypatch):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    app = apps(str(campaign))
    assert wait_until(lambda: locked(campaign))
    server = apps.runtime / "fate-desk" / key_for(tmp_path / "data", monkeypatch)
    assert wait_until(server.exists)
    apps.runtime.chmod(0o755)  # even with the runtime folder itself open to all
    attempt = subprocess.run(
        [OTHER_PYTHON, "-c",
         "import socket, sys\n"
         "s = socket.socket(socket.AF_UNIX)\n"
         "try:\n"
         "    s.connect(sys.argv[1]); s.sendall(b'{\"open\": \"/etc/shadow\"}\\n'); print('connected')\n"
         "except OSError as e:\n"
         "    print('refused', e.errno)\n", str(server)],
        capture_output=True, text=True, timeout=30, preexec_fn=as_nobody)
    assert attempt.stdout.startswith("refused"), attempt
    assert app.poll() is None and names(campaign) == ["Ruth"]


SQUATTER = """
import os, socket, sys, time
path = sys.argv[1]
heard = sys.argv[2]
server = socket.socket(socket.AF_UNIX)
server.bind(path)
os.chmod(path, 0o777)
server.listen(16)
print("listening", flush=True)
server.settimeout(60)
while True:
    try:
        conn, _ = server.accept()
    except OSError:
        break
    conn.settimeout(5)
    try:
        data = conn.recv(65536)
    except OSError:
        data = b""
    with open(heard, "ab") as out:
        out.write(data)
    time.sleep(30)  # never answers
"""


@as_root
def test_a_squatter_on_the_names_in_the_shared_temporary_folder_never_hears_a_path(tmp_path, apps, shared_tmp,
                                                                                   monkeypatch):
    """Another user takes every name a launch could compute in the shared folder first: the old
    socket name, its lock, and the per-user folder. The launches never talk to any of it."""
    data = Path(tempfile.mkdtemp(prefix="fd-data-", dir="/tmp"))  # short enough for a socket inside
    key = key_for(data, monkeypatch)
    heard = shared_tmp / "heard"
    squat = subprocess.Popen([OTHER_PYTHON, "-c", SQUATTER, str(shared_tmp / key), str(heard)],
                             stdout=subprocess.PIPE, text=True, preexec_fn=as_nobody)
    try:
        assert squat.stdout.readline().strip() == "listening"
        (shared_tmp / f"{key}.lock").write_text(f"{squat.pid}\npython3\n{socket.gethostname()}\n")
        os.chown(shared_tmp / f"{key}.lock", NOBODY, NOBODY)
        theirs = shared_tmp / f"fate-desk-{os.getuid()}"
        theirs.mkdir(mode=0o777)
        theirs.chmod(0o777)
        os.chown(theirs, NOBODY, NOBODY)

        campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
        nell = tmp_path / "nell.fate.json"
        write_character_file(nell, Character(name="Nell"))
        no_runtime = {"XDG_RUNTIME_DIR": "", "FATE_DESK_DATA_DIR": str(data)}
        app = apps(str(campaign), **no_runtime)
        assert wait_until(lambda: locked(campaign), 30), "the launch did not start as the running app"
        second = apps(str(nell), **no_runtime)
        assert second.wait(timeout=30) == 0
        assert wait_until(lambda: names(campaign) == ["Ruth", "Nell"], 30)
        assert app.poll() is None
        assert not heard.exists() or heard.read_bytes() == b""
        assert list(theirs.iterdir()) == []
        assert (data / "run" / key).exists()  # its own private folder instead
    finally:
        squat.kill()
        squat.wait(timeout=30)
        shutil.rmtree(data, ignore_errors=True)


def test_a_peer_that_never_answers_is_given_a_second_a_try_not_thirty(tmp_path):
    import fcntl

    from fate_desk.gui.single_instance import SILENT_TRIES, WAIT_MS, SingleInstance

    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    # A stuck app: it holds the lock, and its socket takes connections but never answers.
    mute = socket.socket(socket.AF_UNIX)
    mute.bind(str(folder / "fate-desk-mute"))
    mute.listen(8)
    held = os.open(folder / "fate-desk-mute.lock", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(held, fcntl.LOCK_EX)
    try:
        launch = SingleInstance("fate-desk-mute", folder=folder)
        started = time.monotonic()
        assert launch.hand_over(str(tmp_path / "c.fatedesk")) is False
        # A bound on the wait (old code: 6 tries of 5 s), never a speed figure.
        assert WAIT_MS <= 1000 and time.monotonic() - started < SILENT_TRIES * 2 + 4
    finally:
        os.close(held)
        mute.close()


# --- item 6: launches at the same moment make one app -------------------------------------------


def test_five_launches_at_once_make_exactly_one_app(tmp_path, apps):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    for _round in range(3):  # the old code made two to four apps in 4 of 6 such runs
        launches = [apps(str(campaign)) for _ in range(5)]
        assert wait_until(lambda: sum(p.poll() is None for p in launches) <= 1, 90)
        running = [p for p in launches if p.poll() is None]
        assert len(running) == 1, [err_of(p) for p in launches if p.poll() is not None]
        for proc in launches:
            if proc is not running[0]:
                proc.wait(timeout=30)
                assert proc.returncode == 0 and "already running" in err_of(proc), err_of(proc)
        held = wait_until(lambda: locked(campaign))
        running[0].kill()
        running[0].wait(timeout=30)
        assert held, err_of(running[0])[-3000:]


# --- item 7: a bad message is dropped with a log line ----------------------------------------


SENDER = """
import socket, sys

s = socket.socket(socket.AF_UNIX)
s.settimeout(5)
s.connect(sys.argv[1])
s.sendall(sys.stdin.buffer.read())
try:
    print(s.recv(16))
except OSError as e:
    print("no answer", e)
"""


@pytest.mark.parametrize("message", [
    b'{"open": "/tmp/a\\u0000b.fatedesk"}\n',
    b"[" * 30000 + b"\n",
    b'{"open": ' + b"[" * 30000 + b"}\n",
    b'{"open": 42}\n',
    b'{"open": "relative/c.fatedesk"}\n',
    b'{"open": "/tmp/\\u001b[2Jx"}\n',
    b"\xff\xfe\n",
    b'"just a string"\n',
])
def test_a_bad_hand_over_message_is_dropped_with_a_log_line(tmp_path, apps, monkeypatch, message):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    app = apps(str(campaign))
    assert wait_until(lambda: locked(campaign))
    server = apps.runtime / "fate-desk" / key_for(tmp_path / "data", monkeypatch)
    assert wait_until(server.exists)
    sent = subprocess.run([sys.executable, "-c", SENDER, str(server)], input=message, capture_output=True,
                          timeout=30)
    assert b"ok" not in sent.stdout
    # The app still runs and still takes a good hand-over.
    nell = tmp_path / "nell.fate.json"
    write_character_file(nell, Character(name="Nell"))
    assert apps(str(nell)).wait(timeout=60) == 0
    assert wait_until(lambda: names(campaign) == ["Ruth", "Nell"], 30)
    assert app.poll() is None
    app.kill()
    app.wait(timeout=30)
    err = err_of(app)
    assert "Traceback" not in err
    assert "dropped a message from another launch" in err

"""The process that writes a PDF for Print to PDF (fate_desk.printing.child): started with a
QProcess, so the window reads its progress in its own event loop and shares no interpreter
lock with the thousands of cards it lays out and draws."""

from __future__ import annotations

import json
import os
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, QTimer, Signal

from fate_desk.i18n import _
from fate_desk.printing import ExportCancelled, ExportError
from fate_desk.printing.child import command, environment
from fate_desk.printing.output import remove_dead_exports

KILL_AFTER_MS = 3000  # a child that has not stopped this long after Cancel is ended by force


class PrintFault(RuntimeError):
    """A fault of ours in the printing process: its traceback, shown as any other fault."""


class PrintProcess(QObject):
    """One PDF written by a child process. `asked(characters)` when it found characters no bundled
    face draws (answer with `answer`); `progressed(done, total)` per page; `ended(outcome)` once
    the process is gone: the page count, or the exception that stopped it (ExportCancelled,
    ExportError, PrintFault)."""

    asked = Signal(list)
    progressed = Signal(int, int)
    ended = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.out_path: Path | None = None  # the PDF it writes, once it has its job
        self.outcome: object = None  # what `ended` carried, once it did
        self._said: object = None  # the child's last word: pages or an exception
        self._cancelled = False
        self._buffer = b""
        self._to_send: list[bytes] = []  # the job's pieces not yet handed to the pipe
        self.process = QProcess(self)
        program, *arguments = command()
        self.process.setProgram(program)
        self.process.setArguments(arguments)
        env = QProcessEnvironment()
        for name, value in environment(dict(os.environ)).items():
            env.insert(name, value)
        self.process.setProcessEnvironment(env)
        self.process.readyReadStandardOutput.connect(self._read)
        self.process.finished.connect(self._finished)
        self.process.errorOccurred.connect(self._error)
        self.process.bytesWritten.connect(self._send_more)

    def start(self) -> None:
        """Start the child: it loads the renderer, then waits for its job (see `ready`)."""
        self.process.start()

    @property
    def ready(self) -> bool:
        """Started, not yet given a job, and still able to take one."""
        return (self.out_path is None and self.outcome is None and not self._cancelled
                and self.process.state() != QProcess.ProcessState.NotRunning)

    def send(self, job: list[bytes], out_path: Path) -> None:
        """The job for `out_path`, as `fate_desk.printing.child.job_chunks` made it: a piece at a
        time, the next once the pipe took the last (a turn of the event loop each)."""
        self.out_path = out_path
        if self.outcome is None and not self._cancelled:
            self._to_send = list(reversed(job))
            self._send_more()

    def _send_more(self, _written: int = 0) -> None:
        if self._to_send and not self.process.bytesToWrite() and not self._cancelled:
            self.process.write(self._to_send.pop())

    def answer(self, print_anyway: bool) -> None:
        self._write(b"print\n" if print_anyway else b"stop\n")

    def cancel(self) -> None:
        """Stop the child: it stops after the entry or page it is on and leaves no file; ended
        by force if it has not stopped within KILL_AFTER_MS."""
        if self._cancelled or self.outcome is not None:
            return
        self._cancelled = True
        self._to_send = []  # a child still reading its job reads no more of it
        self._write(b"cancel\n")
        self.process.closeWriteChannel()  # a child still reading its job stops at the end of it
        QTimer.singleShot(KILL_AFTER_MS, self, self._kill)

    @property
    def running(self) -> bool:
        return self.outcome is None

    def _write(self, line: bytes) -> None:
        if self.process.state() != QProcess.ProcessState.NotRunning:
            self.process.write(line)

    def _kill(self) -> None:
        if self.process.state() != QProcess.ProcessState.NotRunning:
            self.process.kill()

    def _read(self) -> None:
        self._buffer += bytes(self.process.readAllStandardOutput().data())
        *lines, self._buffer = self._buffer.split(b"\n")
        for line in lines:
            self._heard(line.decode("utf-8", errors="replace").rstrip("\r"))  # Windows ends a text line with \r\n

    def _heard(self, line: str) -> None:
        word, _space, rest = line.partition(" ")
        if word == "progress":
            done, total = (int(n) for n in rest.split())
            self.progressed.emit(done, total)
        elif word == "missing":
            self.asked.emit(json.loads(rest))
        elif word == "done":
            self._said = int(rest)
        elif word == "cancelled":
            self._said = ExportCancelled()
        elif word == "error":
            self._said = ExportError(rest)
        elif word == "fault":
            self._said = PrintFault(json.loads(rest))

    def _error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self._end(ExportError(_("The printing process could not be started ({reason}).").format(
                reason=self.process.errorString())))

    def _finished(self, code: int, status: QProcess.ExitStatus) -> None:
        self._read()
        outcome = self._said
        if self.out_path is not None and (outcome is None or status == QProcess.ExitStatus.CrashExit):
            # Killed (after Cancel, or by the system) or gone without a word: a half-written PDF
            # beside the destination goes now, not at the next print.
            remove_dead_exports(self.out_path)
        if outcome is None and self._cancelled:
            outcome = ExportCancelled()
        elif outcome is None:
            detail = bytes(self.process.readAllStandardError().data()).decode("utf-8", errors="replace").strip()
            outcome = ExportError(_("The printing process stopped before the PDF was complete ({reason}).").format(
                reason=detail.splitlines()[-1] if detail else _("exit status {code}").format(code=code)))
        self._end(outcome)

    def _end(self, outcome: object) -> None:
        if self.outcome is None:
            self.outcome = outcome
            self.ended.emit(outcome)

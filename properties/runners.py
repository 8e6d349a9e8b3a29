"""Two ways to run a verifier's command line: a fresh interpreter per example, or a fork server that loaded it once."""
from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from verifuzz.properties import forkserver

TIMEOUT = 30.0  # the task's verifier timeout
OUTPUT_CAP = 16 * 1024 * 1024  # bytes any one file the verifier writes may reach (RLIMIT_FSIZE)
FRESH, FORK = "fresh", "fork"
MODES = (FORK, FRESH)


class RunnerError(RuntimeError):
    """The verifier's command line could not be run at all (an interpreter that does not start, say)."""


@dataclass(frozen=True)
class Ran:
    """How one run ended: exit code (negative: killed by that signal), whether it ran out of time, its output."""

    exit_code: int
    timed_out: bool
    stdout: str
    stderr: str


def _limit_output(cap: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_FSIZE, (cap, cap))


def _captured(path: Path, cap: int) -> str:
    try:
        with open(path, "rb") as handle:
            return handle.read(cap).decode("utf-8", "replace")
    except OSError:
        return ""


class Fresh:
    """A new process per example: `subprocess.run` of the whole command line."""

    mode = FRESH

    def __init__(self, timeout: float = TIMEOUT, cap: int = OUTPUT_CAP) -> None:
        self.timeout, self.cap = timeout, cap

    def run(self, words: list[str], cwd: Path, env: dict[str, str], logs: Path) -> Ran:
        with open(logs / "stdout.txt", "wb") as out, open(logs / "stderr.txt", "wb") as err:
            try:
                done = subprocess.run(words, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                      timeout=self.timeout, preexec_fn=lambda: _limit_output(self.cap))
                code, late = done.returncode, False
            except subprocess.TimeoutExpired:
                code, late = -9, True
            except OSError as error:
                raise RunnerError(f"cannot run {words[0]}: {error.strerror or error}") from None
        return Ran(code, late, _captured(logs / "stdout.txt", self.cap), _captured(logs / "stderr.txt", self.cap))

    def close(self) -> None:
        pass


class ForkServer:
    """One interpreter that imported what the script imports; each example runs in a child forked from it.

    Started on first use in the process that uses it, so worker processes each get their own.
    """

    mode = FORK

    def __init__(self, python: str, script: Path, env: dict[str, str], timeout: float = TIMEOUT,
                 cap: int = OUTPUT_CAP, flags: list[str] | None = None) -> None:
        self.python, self.script, self.env, self.flags = python, script, env, list(flags or [])
        self.timeout, self.cap = timeout, cap
        self._process: subprocess.Popen[bytes] | None = None
        self._owner = 0

    def _server(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._owner != os.getpid() or self._process.poll() is not None:
            try:
                self._process = subprocess.Popen([self.python, *self.flags, forkserver.__file__, str(self.script)],
                                                 env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                 stderr=subprocess.DEVNULL)
            except OSError as error:
                raise RunnerError(f"cannot start {self.python}: {error.strerror or error}") from None
            self._owner = os.getpid()
            assert self._process.stdout is not None
            if not self._process.stdout.readline():
                raise RunnerError(f"the fork server for {self.script} did not start under {self.python}")
        return self._process

    def run(self, words: list[str], cwd: Path, env: dict[str, str], logs: Path) -> Ran:
        server = self._server()
        assert server.stdin is not None and server.stdout is not None
        request = {"argv": words[2 + len(self.flags):], "cwd": str(cwd), "env": env, "stdout": str(logs / "stdout.txt"),
                   "stderr": str(logs / "stderr.txt"), "timeout": self.timeout, "cap": self.cap}
        server.stdin.write(json.dumps(request).encode() + b"\n")
        server.stdin.flush()
        reply = json.loads(server.stdout.readline())
        return Ran(reply["exit"], reply["timed_out"], _captured(logs / "stdout.txt", self.cap),
                   _captured(logs / "stderr.txt", self.cap))

    def close(self) -> None:
        if self._process is not None and self._owner == os.getpid():
            self._process.kill()
            self._process.wait()
        self._process = None

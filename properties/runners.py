"""Ways to run a verifier's command line: a fresh interpreter per example, or a fork server that loaded the script
once and runs examples in a persistent worker (or in a child forked per example). docs/runners.md compares them."""
from __future__ import annotations

import json
import os
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from properties import forkserver, preload

TIMEOUT = 30.0  # the task's verifier timeout
OUTPUT_CAP = 16 * 1024 * 1024  # bytes any one file the verifier writes may reach (RLIMIT_FSIZE)
PERSISTENT, FORK, FRESH = "persistent", "fork", "fresh"
MODES = (PERSISTENT, FORK, FRESH)
# Examples a persistent worker runs before a fresh fork replaces it, even if nothing drifted: it bounds what an
# unseen drift could spread to, and the memory of objects frozen between examples. A fork costs ~3 ms.
EXAMPLES_PER_WORKER = 1000


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


def _captured(path: str, cap: int) -> str:
    try:
        if os.stat(path).st_size == 0:  # the usual case: one stat instead of opening the file
            return ""
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
        return Ran(code, late, _captured(str(logs / "stdout.txt"), self.cap), _captured(str(logs / "stderr.txt"), self.cap))

    def close(self) -> None:
        pass


class ForkServer:
    """One interpreter that imported what the script imports; examples run in workers forked from it.

    Persistent (the default): a worker runs example after example, each as a fresh interpreter would, and is
    replaced when its state drifts (properties/worker.py). Otherwise a worker is forked for each example. Started
    on first use in the process that uses it, so worker processes of `--jobs` each get their own.
    """

    def __init__(self, python: str, script: Path, env: dict[str, str], timeout: float = TIMEOUT,
                 cap: int = OUTPUT_CAP, flags: list[str] | None = None, persistent: bool = True) -> None:
        self.python, self.script, self.env, self.flags = python, script, env, list(flags or [])
        self.timeout, self.cap = timeout, cap
        self.mode = PERSISTENT if persistent else FORK
        self.retired: Counter[str] = Counter()  # why workers were replaced, for bench/foreign.py
        self._process: subprocess.Popen[bytes] | None = None
        self._owner = 0
        self._request: tuple[tuple, bytes, tuple[str, str]] | None = None

    def _server(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._owner != os.getpid() or self._process.poll() is not None:
            try:
                self._process = subprocess.Popen([self.python, *self.flags, forkserver.__file__, str(self.script)],
                                                 env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                 stderr=subprocess.DEVNULL)
            except OSError as error:
                raise RunnerError(f"cannot start {self.python}: {error.strerror or error}") from None
            self._owner = os.getpid()
            assert self._process.stdin is not None and self._process.stdout is not None
            setup = {**preload.plan(self.script), "persistent": self.mode == PERSISTENT, "limit": EXAMPLES_PER_WORKER,
                     "timeout": self.timeout, "cap": self.cap}
            try:
                self._process.stdin.write(json.dumps(setup).encode() + b"\n")
                self._process.stdin.flush()
            except BrokenPipeError:
                pass
            if not self._process.stdout.readline():
                raise RunnerError(f"the fork server for {self.script} did not start under {self.python}")
        return self._process

    def run(self, words: list[str], cwd: Path, env: dict[str, str], logs: Path) -> Ran:
        server = self._server()
        assert server.stdin is not None and server.stdout is not None
        key = (tuple(words), cwd, tuple(env.items()), logs)
        if self._request is None or self._request[0] != key:  # the same line for every example of one layout
            outputs = (os.path.join(logs, "stdout.txt"), os.path.join(logs, "stderr.txt"))
            request = {"argv": words[1 + len(self.flags):], "orig_argv": words, "cwd": str(cwd), "env": env,
                       "stdout": outputs[0], "stderr": outputs[1]}
            self._request = (key, json.dumps(request).encode() + b"\n", outputs)
        try:
            server.stdin.write(self._request[1])
            server.stdin.flush()
        except BrokenPipeError:
            pass
        line = server.stdout.readline()
        if not line:
            raise RunnerError(f"the fork server for {self.script} stopped (exit status {server.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RunnerError(f"the fork server's worker failed on {self.script}: {reply['error']}")
        if "retired" in reply:
            self.retired[reply["retired"]] += 1
        stdout, stderr = self._request[2]
        return Ran(reply["exit"], reply["timed_out"], _captured(stdout, self.cap), _captured(stderr, self.cap))

    def close(self) -> None:
        """End the server: at the end of its input it ends its worker, waits for it, and exits."""
        if self._process is not None and self._owner == os.getpid():
            assert self._process.stdin is not None
            try:
                self._process.stdin.close()
                self._process.wait(timeout=10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait()
        self._process = None

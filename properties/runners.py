"""Ways to run a verifier's command line: a fresh interpreter per example, or a fork server that loaded the script
once and runs examples in a persistent worker (or in a child forked per example). docs/runners.md compares them."""
from __future__ import annotations

import json
import os
import select
import subprocess
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from verifuzz.properties import forkserver, preload

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
    replaced when its state drifts (properties/worker.py). Otherwise a worker is forked for each example. This
    process hands each example to the worker through a pipe and reads its answer from another; the server only
    watches the worker, and says on its control channel when one ended (during an example, or retiring) or was
    killed for running out of time. Started on first use in the process that uses it, so worker processes of
    `--jobs` each get their own.
    """

    def __init__(self, python: str, script: Path, env: dict[str, str], timeout: float = TIMEOUT,
                 cap: int = OUTPUT_CAP, flags: list[str] | None = None, persistent: bool = True) -> None:
        self.python, self.script, self.env, self.flags = python, script, env, list(flags or [])
        self.timeout, self.cap = timeout, cap
        self.mode = PERSISTENT if persistent else FORK
        self.retired: Counter[str] = Counter()  # why workers were replaced, for bench/foreign.py
        self._process: subprocess.Popen[bytes] | None = None
        self._owner = 0
        self._requests = self._replies = self._control = self._notices = -1
        self._pending: dict[int, bytes] = {}
        self._number = 0
        self._request: tuple[tuple, bytes, tuple[str, str]] | None = None

    def _server(self) -> None:
        if self._process is not None and self._owner == os.getpid() and self._process.poll() is None:
            return
        if self._process is not None and self._owner != os.getpid():
            self._forget()
        elif self._process is not None:
            self.close()
        requests, replies = os.pipe(), os.pipe()
        try:
            self._process = subprocess.Popen([self.python, *self.flags, forkserver.__file__, str(self.script)],
                                             env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.DEVNULL, pass_fds=(requests[0], replies[1]))
        except OSError as error:
            raise RunnerError(f"cannot start {self.python}: {error.strerror or error}") from None
        finally:
            os.close(requests[0])
            os.close(replies[1])
        assert self._process.stdin is not None and self._process.stdout is not None
        self._owner = os.getpid()
        self._requests, self._replies = requests[1], replies[0]
        self._control, self._notices = self._process.stdin.fileno(), self._process.stdout.fileno()
        self._pending = {self._replies: b"", self._notices: b""}
        setup = {**preload.plan(self.script), "persistent": self.mode == PERSISTENT, "limit": EXAMPLES_PER_WORKER,
                 "cap": self.cap, "requests": requests[0], "replies": replies[1]}
        try:
            os.write(self._control, json.dumps(setup).encode() + b"\n")
            self._line(self._notices)
        except (BrokenPipeError, RunnerError):
            raise RunnerError(f"the fork server for {self.script} did not start under {self.python}") from None

    def run(self, words: list[str], cwd: Path, env: dict[str, str], logs: Path) -> Ran:
        self._server()
        key = (tuple(words), cwd, tuple(env.items()), logs)
        if self._request is None or self._request[0] != key:  # the same line for every example of one layout
            outputs = (os.path.join(logs, "stdout.txt"), os.path.join(logs, "stderr.txt"))
            request = {"argv": words[1 + len(self.flags):], "orig_argv": words, "cwd": str(cwd), "env": env,
                       "stdout": outputs[0], "stderr": outputs[1]}
            self._request = (key, json.dumps(request).encode() + b"\n", outputs)
        self._number += 1
        os.write(self._requests, b"%d\t" % self._number + self._request[1])
        status, late = self._answer(self._number)
        stdout, stderr = self._request[2]
        return Ran(status, late, _captured(stdout, self.cap), _captured(stderr, self.cap))

    def _answer(self, number: int) -> tuple[int, bool]:
        """Wait for example `number`'s answer, or the server's word that its worker died or ran out of time."""
        deadline, killed = time.monotonic() + self.timeout, False
        while True:
            answer = self._answered(number)
            if answer is not None:
                return answer, False
            for line in self._lines(self._notices):
                kind, *fields = line.decode().split("\t")
                if kind == "retired":
                    self.retired[fields[0]] += 1
                elif kind in ("died", "timeout") and int(fields[0]) == number:
                    self.retired[kind] += 1
                    # An answer written just before the end still counts: read what the worker sent first.
                    while self._fill(self._replies, 0):
                        pass
                    answer = self._answered(number)
                    return (answer, False) if answer is not None else (int(fields[1]), kind == "timeout")
            left = None if killed else deadline - time.monotonic()
            if left is not None and left <= 0:
                os.write(self._control, b"kill\t%d\n" % number)
                killed = True
                continue
            ready, _, _ = select.select([self._replies, self._notices], [], [], left)
            for fd in ready:
                self._fill(fd, None)

    def _answered(self, number: int) -> int | None:
        """The exit status in example `number`'s answer, if it has come (an earlier number is a late answer to an
        example that timed out, and is dropped); a failure of the worker itself raises RunnerError."""
        for line in self._lines(self._replies):
            sent, kind, rest = line.split(b"\t", 2)
            if int(sent) == number:
                if kind == b"error":
                    failure = rest.replace(b"\\n", b"\n").decode(errors="replace")
                    raise RunnerError(f"the fork server's worker failed on {self.script}: {failure}")
                return int(rest)
        return None

    def _fill(self, fd: int, timeout: float | None) -> bool:
        """Read what `fd` holds into its pending bytes (waiting at most `timeout`); False when nothing came."""
        if timeout is not None and not select.select([fd], [], [], timeout)[0]:
            return False
        chunk = os.read(fd, 65536)
        if not chunk:
            raise RunnerError(f"the fork server for {self.script} stopped (exit status {self._stop()})")
        self._pending[fd] += chunk
        return True

    def _lines(self, fd: int) -> list[bytes]:
        *lines, self._pending[fd] = self._pending[fd].split(b"\n")
        return lines

    def _line(self, fd: int) -> bytes:
        while b"\n" not in self._pending[fd]:
            self._fill(fd, None)
        line, self._pending[fd] = self._pending[fd].split(b"\n", 1)
        return line

    def _stop(self) -> int | None:
        process, self._process = self._process, None
        for fd in (self._requests, self._replies):
            os.close(fd)
        if process is None:
            return None
        for stream in (process.stdin, process.stdout):
            stream.close()
        try:
            return process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            return process.wait()

    def _forget(self) -> None:
        """Close this process's copies of a server that belongs to the process that forked it (`--jobs`)."""
        assert self._process is not None and self._process.stdin is not None and self._process.stdout is not None
        for fd in (self._requests, self._replies):
            os.close(fd)
        self._process.stdin.close()
        self._process.stdout.close()
        self._process = None

    def close(self) -> None:
        """End the server: at the end of its control channel it ends its worker and exits; how the last workers
        ended is counted first."""
        if self._process is None or self._owner != os.getpid():
            return
        assert self._process.stdin is not None
        self._process.stdin.close()
        try:
            while True:
                # What was read already, with an answer, first: the next read may be the end of file.
                for line in self._lines(self._notices):
                    kind, *fields = line.decode().split("\t")
                    if kind == "retired":
                        self.retired[fields[0]] += 1
                self._fill(self._notices, None)
        except RunnerError:
            pass  # its end of file: it has exited

"""A fork server for one verifier script: load what it imports once, then fork workers that run its examples.

Run as a file under the verifier's own interpreter (`python3 forkserver.py SCRIPT`), it imports only the standard
library. The first line on stdin is its setup: the modules to import ahead and where the script's definitions end
(worked out by properties/preload.py), whether workers persist, the output cap, and the two pipes, inherited from
the parent, through which the worker (properties/worker.py) takes examples and answers them. A persistent worker
runs examples until its state drifts or it has run its share; in fork mode each runs one. The server keeps one
worker alive, kills it when the parent says an example ran out of time, and tells the parent, one line on stdout
each, how every worker ended. docs/runners.md has the protocol.
"""
from __future__ import annotations

import builtins
import gc
import json
import mmap
import os
import select
import signal
import sys
import types

# typing is imported only by a type checker: a module the server imports is one a fresh interpreter would not hold.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def load_sibling(name: str) -> types.ModuleType:
    """worker.py or drift.py from beside this file, kept out of sys.modules: the script may have a module of that
    name of its own."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".py")
    module = types.ModuleType("verifuzz_" + name)
    module.__file__ = path
    # Its own copy of the built-in names: a script that rebinds builtins.len must not break the checks after it.
    module.__builtins__ = dict(builtins.__dict__)
    with open(path, "rb") as handle:
        exec(compile(handle.read(), path, "exec"), module.__dict__)
    return module


def warm_argparse() -> None:
    """Build and use a parser once, so the regular expressions argparse compiles for every parser are in `re`'s
    cache before the fork: compiling them took most of a child's time. The cache is not observable."""
    import argparse

    parser = argparse.ArgumentParser(prog="warm", description="warm")
    parser.add_argument("--flag", required=True, help="a flag")
    parser.add_argument("positional", nargs="?")
    parser.parse_known_args(["--flag", "1", "value"])
    parser.format_help()


def warm_tempfile() -> None:
    """Make tempfile's random name sequence, as its first temporary file would: each worker then fills only its
    own generator (drift.cache_roots), instead of writing a new global into tempfile."""
    sys.modules["tempfile"]._get_candidate_names()


WARM = {"argparse": warm_argparse, "tempfile": warm_tempfile}  # stdlib modules whose first use in a process costs more than the script's work


def preimport(script: str, names: list[str]) -> None:
    """Import these modules, but nothing from the script's own folder: a sibling module's import-time code must
    run in the example's working directory, as it would in a fresh interpreter."""
    folder = os.path.dirname(os.path.realpath(script))
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if p and os.path.realpath(p) != folder]
    try:
        for name in names:
            try:
                __import__(name)
                if name in WARM:
                    WARM.pop(name)()
            except BaseException:  # noqa: BLE001 - a module that fails here fails again, visibly, in the example
                pass
    finally:
        sys.path[:] = saved


def load(worker: types.ModuleType, script: str, source: bytes, split: int | None
         ) -> tuple[types.CodeType | None, BaseException | None, types.ModuleType | None]:
    """What each example runs: the main guard over definitions loaded here once (`split`: its line), else the
    whole script. A syntax error is kept and raised in every example, where a fresh interpreter reports it."""
    if split is not None:
        # Split where the tokenizer ends lines (str.splitlines also ends them at form feeds and the like), its
        # newlines made "\n" as the tokenizer makes them, so the guard's line numbers stay those of the file.
        text = source.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        lines = [line + "\n" for line in lines[:-1]] + lines[-1:]
        head = compile("".join(lines[:split - 1]), script, "exec", dont_inherit=True)
        # The guard keeps its line numbers and the script's `from __future__` flags.
        import __future__

        future = sum(getattr(__future__, name).compiler_flag for name in __future__.all_feature_names)
        guard = compile("\n" * (split - 1) + "".join(lines[split - 1:]), script, "exec",
                        flags=head.co_flags & future, dont_inherit=True)
        main = worker.new_main(script)
        sys.modules["__main__"] = main
        saved = sys.argv
        sys.argv = [script]
        try:
            exec(head, main.__dict__)
            return guard, None, main
        except BaseException:  # noqa: BLE001 - then every example runs the script whole, and fails as it would
            pass
        finally:
            sys.argv = saved
    try:
        return compile(source, script, "exec", dont_inherit=True), None, None
    except (SyntaxError, ValueError) as problem:
        return None, problem, None


class Server:
    """Forks the worker, watches it, and says how each one ended; examples go straight from the parent to the
    worker and back, through two pipes each worker inherits, so the server takes no part in an example's run."""

    def __init__(self, script: str, setup: dict[str, Any]) -> None:
        self.script, self.setup = script, setup
        self.persistent = setup["persistent"]
        self.requests, self.replies = setup["requests"], setup["replies"]
        self.worker, self.drift = load_sibling("worker"), load_sibling("drift")
        self.stdio = self.worker.Stdio()
        with open(script, "rb") as handle:
            source = handle.read()
        preimport(script, setup["imports"])
        self.code, self.error, self.loaded = load(self.worker, script, source,
                                                  None if self.persistent else setup["split"])
        self.versions = self.drift.version_reader() if self.persistent else None
        self.clearenv = self.worker.c_clearenv()
        # The sequence number of the example the worker last took, and of the last it answered: when a worker
        # ends, whether it ended during an example (and which) is read here, without a message per example.
        self.progress = mmap.mmap(-1, 16)
        self.learned: set[str] = set()
        self.settle()

    def settle(self) -> None:
        """After loading or learning: list the namespaces workers watch, and freeze what the server holds, so a
        worker's collections never walk it (and never copy the pages it sits on)."""
        self.dicts = self.drift.namespaces() if self.persistent else []
        # The thread's dictionary (and repr's guard against cycles in it) is made on the first repr of a container;
        # made first in a worker, it would look like state an example kept.
        repr([()])
        self.read_versions = self.versions(self.dicts) if self.versions else None
        gc.collect()
        gc.freeze()

    def spawn(self) -> tuple[int, int, int | None]:
        """Fork a worker; return its pid, the read end of its note (why it retired), and a descriptor that becomes
        readable when it ends (None without pidfd_open: then the note's end of file says so)."""
        note = os.pipe()
        pid = os.fork()
        if pid == 0:
            for fd in (note[0], *CHANNELS):
                os.close(fd)
            channels = (high(os.dup(self.requests), 1), high(os.dup(self.replies), 2), high(note[1], 3))
            for fd in (self.requests, self.replies):
                os.close(fd)
            guard = (lambda: self.drift.Guard(self.read_versions, self.dicts)) if self.persistent else None
            raise Become(self.worker.Worker(self.script, self.code, self.error, self.setup, self.stdio, self.loaded,
                                            self.persistent, guard, self.clearenv, channels, self.progress))
        os.close(note[1])
        return pid, note[0], os.pidfd_open(pid) if hasattr(os, "pidfd_open") else None

    def ended(self, pid: int, note: int, status: int) -> str | None:
        """The line that tells the parent how a worker ended: during example N (`died N STATUS`), or after
        answering its last one (`retired REASON`, `retired died` when it said nothing); learn what a retiring
        worker imported. None when it ended between examples saying nothing (the server's own kill at the end)."""
        taken, answered = (int.from_bytes(self.progress[at:at + 8], "little") for at in (0, 8))
        told = b""
        while chunk := os.read(note, 65536):
            told += chunk
        os.close(note)
        if taken > answered:
            return f"died\t{taken}\t{status}"
        if not told and status == -signal.SIGKILL:
            return None
        reason, _, imported = told.decode().rstrip("\n").partition("\t")
        if imported:
            self.learn(imported.split())
        return f"retired\t{reason or 'died'}"

    def supervise(self, control: int, out: Any) -> None:
        """Keep one worker running until the parent's control channel ends; answer `kill N` (the parent's
        timeout for example N) and report every worker's end, a worker that ended first."""
        pid, note, handle = self.spawn()
        pending = b""
        while True:
            ready, _, _ = select.select([control, handle if handle is not None else note], [], [])
            if control not in ready or len(ready) > 1:  # the worker ended: say so before anything the parent sent
                send(out, self.ended(pid, note, reap(pid)) or "retired\tdied")
                pid, note, handle = self.restart(handle)
                continue
            chunk = os.read(control, 65536)
            if not chunk:  # the parent is done: end the worker, and report it if it was retiring anyway
                if not select.select([note], [], [], 0)[0]:  # a retiring worker has written why, and exits by itself
                    os.kill(pid, signal.SIGKILL)
                last = self.ended(pid, note, reap(pid))
                if last is not None:
                    send(out, last)
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                number = int(line.split(b"\t")[1])
                if int.from_bytes(self.progress[0:8], "little") == number > int.from_bytes(self.progress[8:16], "little"):
                    os.kill(pid, signal.SIGKILL)
                    status = reap(pid)
                    self.progress[8:16] = number.to_bytes(8, "little")  # answered, by the server
                    os.close(note)
                    send(out, f"timeout\t{number}\t{status}")
                    pid, note, handle = self.restart(handle)
                else:
                    send(out, f"late\t{number}")  # its answer is already on the way

    def restart(self, handle: int | None) -> tuple[int, int, int | None]:
        if handle is not None:
            os.close(handle)
        return self.spawn()

    def learn(self, names: list[str]) -> None:
        """Import what a worker imported from outside the script's folder, so the next worker starts with it."""
        fresh = [name for name in names if name not in self.learned]
        self.learned.update(fresh)
        if fresh:
            preimport(self.script, fresh)
            self.settle()


def reap(pid: int) -> int:
    """Wait for the worker; its exit code (negative: the signal that ended it)."""
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def send(out: Any, line: str) -> None:
    out.write(line.encode() + b"\n")
    out.flush()


CHANNELS: list[int] = []  # the server's own pipes to the parent, which no worker may hold


class Become(BaseException):
    """Raised in a freshly forked worker, to leave the server's frames: the worker's loop then runs in this file's
    top frame, and the script one frame above it, as near as Python allows to a fresh interpreter's first frame
    (a frame deeper, a script would hit the recursion limit that many levels sooner)."""


def high(fd: int, rank: int) -> int:
    """Move a worker's end of a pipe to the top of the descriptor table: a script that opens a file gets
    descriptor 3, as in a fresh interpreter, and a script closing "all the others" from 3 up rarely reaches it."""
    try:
        import resource

        top = min(resource.getrlimit(resource.RLIMIT_NOFILE)[0], 4096) - rank
    except (ImportError, ValueError, OSError):
        top = 256 - rank
    if top <= fd:
        return fd
    os.dup2(fd, top, inheritable=False)
    os.close(fd)
    return top


SERVER = [os.getpid()]


def serve(script: str) -> None:
    # This file's own folder must not stand where the script's will: the script imports from its own folder.
    # Under -I (or -P) the interpreter puts neither folder on the path, and the stdlib sits at sys.path[0].
    if not (sys.flags.isolated or getattr(sys.flags, "safe_path", False)):
        sys.path[0] = os.path.dirname(os.path.realpath(script))
    control = os.dup(0)
    out = os.fdopen(os.dup(1), "wb")
    CHANNELS.extend((control, out.fileno()))
    # Stray output of an imported module must not land in the control channel.
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    line = b""
    while not line.endswith(b"\n"):
        chunk = os.read(control, 65536)
        if not chunk:
            return
        line += chunk
    server = Server(script, json.loads(line))
    send(out, json.dumps({"ready": True, "loaded": server.loaded is not None, "modules": len(sys.modules),
                          "namespaces": len(server.dicts), "versions": server.versions is not None}))
    server.supervise(control, out)


if __name__ == "__main__":
    worker = None
    try:
        serve(sys.argv[1])
    except Become as become:
        worker = become.args[0]
    except BaseException:  # noqa: BLE001 - in a worker that could not start: the server reports how it ended
        if CHANNELS and os.getpid() != SERVER[0]:
            os._exit(70)  # EX_SOFTWARE
        raise
    # The worker's loop, outside any handler, so the script sees no exception being handled. The script runs right
    # here, in this module's frame: nothing else is below it.
    while worker is not None and worker.begin():
        try:
            if worker.error is not None:
                raise worker.error
            exec(worker.code, worker.main.__dict__)
        except BaseException as stopped:  # noqa: BLE001 - SystemExit's status, or printed as an interpreter prints it
            worker.stopped(stopped)
        else:
            worker.stopped(None)
        if not worker.finish():
            break
    if worker is not None:
        os._exit(0)

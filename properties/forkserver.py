"""A fork server for one verifier script: load what it imports once, then fork workers that run its examples.

Run as a file under the verifier's own interpreter (`python3 forkserver.py SCRIPT`), it imports only the standard
library. The first line on stdin is its setup: the modules to import ahead and where the script's definitions end
(worked out by properties/preload.py), whether workers persist, the timeout and the output cap. Every later line
is one example (argv, working directory, environment, files for stdout and stderr); the server hands it to its
worker (properties/worker.py), and answers one JSON line: the exit code, and whether the example timed out.
A persistent worker runs examples until its state drifts or it has run its share; in fork mode each runs one.
"""
from __future__ import annotations

import builtins
import gc
import json
import os
import select
import signal
import sys
import time
import types
from typing import Any


def load_worker() -> types.ModuleType:
    """worker.py from beside this file, kept out of sys.modules: the script may have a `worker` module of its own."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "worker.py")
    module = types.ModuleType("verifuzz_worker")
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


WARM = {"argparse": warm_argparse}  # stdlib modules whose first use in a process costs more than the script's work


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
        text = source.decode("utf-8")
        lines = text.splitlines(keepends=True)
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
    """Forks workers on demand, hands each example to the current one, and enforces the timeout."""

    def __init__(self, script: str, setup: dict[str, Any]) -> None:
        self.script, self.setup = script, setup
        self.persistent = setup["persistent"]
        self.timeout = setup["timeout"]
        self.worker = load_worker()
        self.stdio = self.worker.Stdio()
        with open(script, "rb") as handle:
            source = handle.read()
        preimport(script, setup["imports"])
        self.code, self.error, self.loaded = load(self.worker, script, source,
                                                  None if self.persistent else setup["split"])
        self.versions = self.worker.version_reader() if self.persistent else None
        self.clearenv = self.worker.c_clearenv()
        self.learned: set[str] = set()
        self.current: tuple[int, int, int, int | None] | None = None  # pid, request fd, reply fd, pidfd
        self.settle()

    def settle(self) -> None:
        """After loading or learning: list the namespaces workers watch, and freeze what the server holds, so a
        worker's collections never walk it (and never copy the pages it sits on)."""
        self.dicts = self.worker.namespaces() if self.persistent else []
        # The thread's dictionary (and repr's guard against cycles in it) is made on the first repr of a container;
        # made first in a worker, it would look like state an example kept.
        repr([()])
        self.read_versions = self.versions(self.dicts) if self.versions else None
        gc.collect()
        gc.freeze()

    def spawn(self) -> tuple[int, int, int, int | None]:
        down, up = os.pipe(), os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                for fd in (down[1], up[0], *CHANNELS):
                    os.close(fd)
                requests, replies = high(down[0], 1), high(up[1], 2)
                worker = self.worker.Worker(self.script, self.code, self.error, self.setup, self.stdio, self.loaded,
                                            self.persistent, self.read_versions, self.dicts, self.clearenv)
                worker.serve(requests, replies)
            finally:
                os._exit(70)  # EX_SOFTWARE: only if the worker could not even start; serve() never returns
        os.close(down[0])
        os.close(up[1])
        handle = os.pidfd_open(pid) if hasattr(os, "pidfd_open") else None
        return pid, down[1], up[0], handle

    def run(self, line: bytes) -> dict[str, Any]:
        if self.current is None:
            self.current = self.spawn()
        pid, down, up, handle = self.current
        try:
            os.write(down, line)
        except BrokenPipeError:
            pass  # it died between examples; waiting below reports how
        reply, status, late = self.wait(pid, up, handle)
        if reply is not None and "error" not in reply and not reply["retire"]:
            return {"exit": reply["exit"], "timed_out": False}
        self.retire()
        if reply is None:
            return {"exit": status, "timed_out": late, "retired": "timeout" if late else "died"}
        if "error" in reply:
            return {"error": reply["error"]}
        if reply.get("imported"):
            self.learn(reply["imported"])
        return {"exit": reply["exit"], "timed_out": False, "retired": reply["retire"]}

    def wait(self, pid: int, up: int, handle: int | None) -> tuple[dict[str, Any] | None, int, bool]:
        """The worker's reply, or how it ended: its status (negative: the signal), and whether it ran out of time."""
        deadline = time.monotonic() + self.timeout
        data = b""
        watched = [up] if handle is None else [up, handle]
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                return None, self.reap(pid), True
            ready, _, _ = select.select(watched, [], [], left)
            if up in ready:
                chunk = os.read(up, 65536)
                data += chunk
                if data.endswith(b"\n"):
                    reply = answer(data)
                    return reply, self.reap(pid) if reply.get("retire") or "error" in reply else 0, False
                if chunk:
                    continue
            if ready:  # the worker ended (its pidfd, or the end of its pipe) without a whole reply
                return None, self.reap(pid), False

    def reap(self, pid: int) -> int:
        _, status = os.waitpid(pid, 0)
        return os.waitstatus_to_exitcode(status)

    def retire(self) -> None:
        if self.current is not None:
            for fd in self.current[1:]:
                if fd is not None:
                    os.close(fd)
        self.current = None

    def learn(self, names: list[str]) -> None:
        """Import what a worker imported from outside the script's folder, so the next worker starts with it."""
        fresh = [name for name in names if name not in self.learned]
        self.learned.update(fresh)
        if fresh:
            preimport(self.script, fresh)
            self.settle()

    def close(self) -> None:
        if self.current is not None:
            pid = self.current[0]
            self.retire()  # the end of its input: the worker leaves its loop and exits
            self.reap(pid)


def answer(line: bytes) -> dict[str, Any]:
    """A worker's answer (worker.py, Worker.serve) as a dict: exit, retire and imported, or error."""
    kind, _, rest = line.rstrip(b"\n").partition(b"\t")
    if kind == b"error":
        return {"error": rest.replace(b"\\n", b"\n").decode("utf-8", "replace")}
    status, retire, imported = rest.decode().split("\t")
    return {"exit": int(status), "retire": retire or None, "imported": imported.split()}


CHANNELS: list[int] = []  # the server's own pipes to the parent, which no worker may hold


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


def serve(script: str) -> None:
    # This file's own folder must not stand where the script's will: the script imports from its own folder.
    sys.path[0] = os.path.dirname(os.path.realpath(script))
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    CHANNELS.extend((requests.fileno(), replies.fileno()))
    # Stray output of an imported module must not land in the reply channel.
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    server = Server(script, json.loads(requests.readline()))
    replies.write(json.dumps({"ready": True, "loaded": server.loaded is not None, "modules": len(sys.modules),
                              "namespaces": len(server.dicts), "versions": server.versions is not None}).encode() + b"\n")
    replies.flush()
    for line in requests:
        replies.write(json.dumps(server.run(line)).encode() + b"\n")
        replies.flush()
    server.close()


if __name__ == "__main__":
    serve(sys.argv[1])

"""A worker forked by the fork server: it runs a script's examples one after another, each the way
`python3 SCRIPT ARGV...` runs in a fresh interpreter, and retires as soon as it sees state it cannot put back.

Loaded by forkserver.py under the verifier's own interpreter, so it imports only the standard library; what it
checks after each example is in drift.py. What is put back, what is checked, and what no check can see is in
docs/runners.md.
"""
from __future__ import annotations

import _thread
import _weakref
import atexit
import builtins
import gc
import io
import json
import os
import signal
import sys
import types

# typing is imported only by a type checker: a module the server imports is one a fresh interpreter would not hold.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

try:
    import resource
except ImportError:  # not on every platform: then there is no cap on output size
    resource = None  # type: ignore[assignment]

_read, _write, _exit = os.read, os.write, os._exit  # the script may rebind os's attributes
HERE = os.path.dirname(__file__)  # forkserver.py's folder too: the worker's loop runs in that file's top frame
LAST_ERROR = ("last_type", "last_value", "last_traceback", "last_exc")


class Stdio:
    """How the interpreter made sys.stdin, sys.stdout and sys.stderr, read once from the server's own streams,
    so each example gets new ones made the same way (pylifecycle.c, create_stdio)."""

    def __init__(self) -> None:
        self.streams = [(fd, name, mode, stream.encoding, stream.errors, stream.line_buffering, stream.write_through,
                         not isinstance(stream.buffer, io.FileIO))
                        for fd, name, mode, stream in ((0, "<stdin>", "r", sys.__stdin__), (1, "<stdout>", "w", sys.__stdout__),
                                                       (2, "<stderr>", "w", sys.__stderr__))]

    def open(self) -> list[io.TextIOWrapper]:
        made = []
        for fd, name, mode, encoding, errors, line_buffering, write_through, buffered in self.streams:
            # io.open(fd, mode + "b", -1, closefd=False) without its isatty(): the descriptors are files and
            # /dev/null here, never terminals, and the buffer is the size io.open would pick (the file's blksize).
            raw = io.FileIO(fd, mode, closefd=False)
            raw.name = name
            buffer: Any = raw
            if mode == "r":
                buffer = io.BufferedReader(raw, raw._blksize)
            elif buffered:
                buffer = io.BufferedWriter(raw, raw._blksize)
            text = io.TextIOWrapper(buffer, encoding, errors, "\n", line_buffering, write_through)
            text.mode = mode
            made.append(text)
        return made


def redirect(stdout: str, stderr: str) -> None:
    """stdin from /dev/null, stdout and stderr to the example's own files, capped as any file the script writes."""
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    for fd, path in ((1, stdout), (2, stderr)):
        target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(target, fd)
        os.close(target)


def cap_output(cap: int) -> None:
    if resource is not None:
        try:
            resource.setrlimit(resource.RLIMIT_FSIZE, (cap, cap))
        except (ValueError, OSError):
            pass


def new_main(script: str) -> types.ModuleType:
    """`__main__` with the names a fresh interpreter gives a script, in the same order."""
    main = types.ModuleType("__main__")
    main.__annotations__ = {}
    main.__builtins__ = builtins
    main.__file__ = script
    main.__cached__ = None
    external = sys.modules.get("_frozen_importlib_external")
    if external is not None:
        main.__loader__ = external.SourceFileLoader("__main__", script)
    return main


def exit_status(code: object) -> int:
    """The status `sys.exit(code)` ends an interpreter with (pythonrun.c, _Py_HandleSystemExit)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF if -2**63 <= code < 2**63 else 255
    stderr = getattr(sys, "stderr", None)
    try:
        if stderr is not None:
            stderr.write(str(code) + "\n")
        else:
            os.write(2, (str(code) + "\n").encode(errors="backslashreplace"))
    except Exception:  # noqa: BLE001 - the interpreter ignores a failure to print the reason, too
        pass
    return 1


def status_of(stopped: BaseException | None) -> int:
    """The status the interpreter would exit with, before finalizing, when the script ended by `stopped` (None: it
    ran to its end); an uncaught exception is printed as the interpreter prints it."""
    if stopped is None:
        return 0
    if isinstance(stopped, SystemExit):
        return exit_status(stopped.code)
    display(stopped)
    return -signal.SIGINT if isinstance(stopped, KeyboardInterrupt) else 1


def display(uncaught: BaseException) -> None:
    """What PyErr_Print does: sys.last_*, then sys.excepthook, with the worker's own frame left out of the traceback."""
    frames = uncaught.__traceback__
    while frames is not None and os.path.dirname(frames.tb_frame.f_code.co_filename) == HERE and \
            os.path.basename(frames.tb_frame.f_code.co_filename) in ("forkserver.py", "worker.py"):
        frames = frames.tb_next
    uncaught.__traceback__ = frames
    kind = type(uncaught)
    sys.last_type, sys.last_value, sys.last_traceback = kind, uncaught, frames
    if sys.version_info >= (3, 12):
        sys.last_exc = uncaught
    hook = getattr(sys, "excepthook", None)
    if hook is None:
        _stderr("sys.excepthook is missing\n")
        sys.__excepthook__(kind, uncaught, frames)
        return
    try:
        hook(kind, uncaught, frames)
    except BaseException as failed:  # noqa: BLE001 - the interpreter shows both, as here
        _stderr("Error in sys.excepthook:\n")
        sys.__excepthook__(type(failed), failed, failed.__traceback__)
        _stderr("\nOriginal exception was:\n")
        sys.__excepthook__(kind, uncaught, frames)


def _stderr(text: str) -> None:
    stream = getattr(sys, "stderr", None)
    if stream is not None:
        try:
            stream.write(text)
        except Exception:  # noqa: BLE001
            pass


def flush_standard_streams() -> bool:
    """Flush sys.stdout and sys.stderr as the interpreter does at exit; False when that failed (exit status 120)."""
    ok = True
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name, None)
        if stream is None or _closed(stream):
            continue
        try:
            stream.flush()
        except Exception:  # noqa: BLE001
            ok = False
            if name == "stdout":
                _unraisable(stream)
    return ok


def _closed(stream: Any) -> bool:
    try:
        return bool(stream.closed)
    except Exception:  # noqa: BLE001 - the interpreter tries to flush a stream whose `closed` fails
        return False


def _unraisable(stream: Any) -> None:
    error = sys.exc_info()[1]
    try:
        sys.unraisablehook(UNRAISABLE((type(error), error, error.__traceback__, None, stream)))
    except Exception:  # noqa: BLE001 - a broken hook is ignored at exit, too
        pass


def _unraisable_args_type() -> Callable[[tuple], Any]:
    """The struct sys.unraisablehook takes, which Python does not name: caught from one unraisable exception."""
    caught: list[Any] = []
    hook = sys.unraisablehook
    sys.unraisablehook = caught.append

    class Raises:
        def __del__(self) -> None:
            raise RuntimeError

    Raises()
    sys.unraisablehook = hook
    return type(caught[0])


UNRAISABLE = _unraisable_args_type()


def finalize(main: Callable[[], types.ModuleType | None], idle: types.ModuleType, status: int, exit_handlers: int,
             run_exit_handlers: bool) -> tuple[int, str | None]:
    """End the run as Py_FinalizeEx does: wait for threads, run atexit handlers, flush the standard streams (a
    failure makes the status 120), collect garbage, then take `__main__` out of sys.modules, collect again, and
    clear it only if something still holds it. Returns the status and why the worker must retire (None: it may
    run another example). `main` is a weak reference: the caller holds no other."""
    retire = None
    threading = sys.modules.get("threading")
    if _thread._count():  # threads still running (counted in C: the script may have patched threading)
        if threading is not None:
            threading._shutdown()  # waits for the threads that are not daemons, as at exit
        retire = "threads"
    registered = atexit._ncallbacks()
    if run_exit_handlers and registered or registered != exit_handlers:
        # A fresh interpreter runs every handler, those of preloaded modules too; they are gone once run.
        atexit._run_exitfuncs()
        if exit_handlers:
            retire = retire or "atexit"
    if not flush_standard_streams():
        status = 120
    if gc.isenabled():
        gc.collect()
    for name in LAST_ERROR:
        sys.__dict__.pop(name, None)
    sys.modules["__main__"] = idle
    gc.collect()  # cycles through __main__ are finalized with its names intact, as in finalize_modules
    module = main()
    if module is not None:
        clear(module)
        del module
        gc.collect()
    flush_standard_streams()
    return status, retire


def clear(module: types.ModuleType) -> None:
    """What finalization does to a module: names with one leading underscore become None first, then the rest."""
    names = module.__dict__
    for first in (True, False):
        for name in list(names):
            if name != "__builtins__" and (not first or name.startswith("_") and not name.startswith("__")):
                names[name] = None
    names.clear()


def set_environment(env: dict[str, str], clearenv: Callable[[], int] | None) -> None:
    """Exactly `env`, in os.environ and in the C environment (which os.putenv can change behind os.environ's back)."""
    if clearenv is None:
        os.environ.clear()
        os.environ.update(env)
        return
    clearenv()
    for key, value in env.items():
        os.putenv(key, value)
    # os.environ's own table, compared before it is rebuilt: rebuilding it costs more than the rest of this
    data = getattr(os.environ, "_data", None)
    if data is None or data != _encoded(env):
        os.environ.clear()
        os.environ.update(env)


_ENCODED: dict[tuple, dict] = {}


def _encoded(env: dict[str, str]) -> dict:
    key = tuple(env.items())
    if key not in _ENCODED:
        _ENCODED[key] = {os.environ.encodekey(k): os.environ.encodevalue(v) for k, v in env.items()}
    return _ENCODED[key]


def c_clearenv() -> Callable[[], int] | None:
    try:
        import ctypes

        return ctypes.CDLL(None).clearenv
    except (ImportError, OSError, AttributeError):
        return None


def _line(fd: int) -> bytes:
    """One line from the parent's pipe, read a byte-run at a time: the parent sends the next line only after the
    answer to this one, so nothing past the newline is ever there to be lost (b"" at the end of input)."""
    line = b""
    while not line.endswith(b"\n"):
        chunk = _read(fd, 65536)
        if not chunk:
            return b""
        line += chunk
    return line[:-1]


def _failure() -> bytes:
    try:
        import traceback

        return traceback.format_exc().encode("utf-8", "replace")
    except BaseException:  # noqa: BLE001 - the script may have broken what formatting needs
        return repr(sys.exc_info()[1]).encode("utf-8", "replace")


class Worker:
    """One forked worker: `begin` takes an example and makes the interpreter what a fresh one would be, the
    caller runs the script (at the top of the stack, forkserver.py), `stopped` records how it ended, and `finish`
    ends the run as the interpreter would, checks for drift and answers. Examples come from the parent as
    `N<TAB>JSON` lines and are answered `N<TAB>ok<TAB>STATUS` or `N<TAB>error<TAB>TEXT`: not JSON, since the script
    may have patched the json module by then. A retiring worker tells the server why (and what it imported) on
    its note; `progress` (shared with the server) holds the number of the example taken and of the last answered."""

    def __init__(self, script: str, code: types.CodeType | None, error: BaseException | None, setup: dict[str, Any],
                 stdio: Stdio, loaded: types.ModuleType | None, persistent: bool,
                 guard: Callable[[], Any] | None, clearenv: Callable[[], int] | None, channels: tuple[int, int, int],
                 progress: Any) -> None:
        self.script, self.code, self.error, self.loaded = script, code, error, loaded
        self.persistent, self.stdio = persistent, stdio
        self.requests, self.replies, self.note = channels
        self.progress = progress
        self.limit = setup["limit"] if persistent else 1
        self.clearenv = clearenv
        self.pid = os.getpid()
        cap_output(setup["cap"])
        self.exit_handlers = atexit._ncallbacks()
        # Between examples __main__ is this placeholder, so the table of modules compares equal from one to the next.
        self.idle = types.ModuleType("__main__")
        if persistent:
            sys.modules["__main__"] = self.idle
        self.guard = guard() if guard is not None else None  # drift.py: taken now, as the worker starts
        self.done, self.last, self.request, self.number = 0, b"", {}, b""
        self.main: types.ModuleType | None = None
        self.streams: list[io.TextIOWrapper] | None = None
        self.status = 0

    def begin(self) -> bool:
        """Take the next example and set the interpreter up for it (False: no more examples)."""
        line = _line(self.requests)
        if not line:
            return False
        self.number, _, body = line.partition(b"\t")
        self.progress[0:8] = int(self.number).to_bytes(8, "little")
        try:
            if body != self.last:  # one layout sends the same example line every time
                # A script that patches json replaces this worker before the next request.
                self.last, self.request = body, json.loads(body)
            self.prepare(self.request)
        except BaseException:  # noqa: BLE001 - the harness's own failure, never an outcome of the script
            self.fail()
        return True

    def prepare(self, request: dict[str, Any]) -> None:
        os.chdir(request["cwd"])
        set_environment(request["env"], self.clearenv)
        redirect(request["stdout"], request["stderr"])
        self.streams = self.stdio.open()
        sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__ = self.streams
        sys.argv, sys.orig_argv = list(request["argv"]), list(request["orig_argv"])
        if "random" in sys.modules:
            sys.modules["random"].seed()  # a fresh interpreter seeds from os.urandom when it imports random
        if self.guard is not None:
            # What exists now is not the example's: survivors() sees only what the run made. __main__ is made after,
            # so the collector can still free it with the cycles through its names.
            gc.freeze()
        self.main = self.loaded or new_main(self.script)
        sys.modules["__main__"] = self.main

    def stopped(self, stopped: BaseException | None) -> None:
        """How the script ended: None, or what it raised (SystemExit included)."""
        self.status = status_of(stopped)

    def finish(self) -> bool:
        """End the run as the interpreter would, answer, and tell whether to take another example."""
        try:
            status, retire = self.end()
        except BaseException:  # noqa: BLE001 - the harness's own failure, never an outcome of the script
            self.fail()
        self.done += 1
        if retire is None and self.done >= self.limit:
            retire = "limit"
        if retire:  # told before the answer: once the parent has the answer, the server can say why
            try:
                imported = " ".join(self.imported()) if self.guard is not None else ""
            except Exception:  # noqa: BLE001 - what the script broke (os.path, say) stops only the learning
                imported = ""
            _write(self.note, f"{retire}\t{imported}\n".encode())
        _write(self.replies, self.number + f"\tok\t{status}\n".encode())
        self.progress[8:16] = self.progress[0:8]
        return not retire

    def end(self) -> tuple[int, str | None]:
        held = _weakref.ref(self.main)  # the only reference left: finalize() decides when __main__ goes
        self.main = None
        if os.getpid() != self.pid:  # a child the script forked ends here, as that interpreter would
            finalize(held, self.idle, self.status, self.exit_handlers, True)
            _exit(self.status & 0xFF)
        status, retire = finalize(held, self.idle, self.status, self.exit_handlers, not self.persistent)
        del held  # made during the run's end: left alive, the survivors check would count it
        sys.stdin = sys.stdout = sys.stderr = sys.__stdin__ = sys.__stdout__ = sys.__stderr__ = None
        self.streams = None
        if self.guard is None:
            return status, None  # a forked child per example: it ends after this one anyway
        try:
            self.guard.restore()
            if self.guard.leaked():  # flushed and closed, as at the end of a fresh interpreter
                retire = retire or "open files"
            retire = retire or self.guard.drift()
        except Exception:  # noqa: BLE001 - the script broke what the checks use (os patched, say): start afresh
            retire = "state unreadable"
        if retire and self.exit_handlers and atexit._ncallbacks():
            atexit._run_exitfuncs()  # the worker ends: its preloaded modules' handlers run, as at any exit
        return status, retire

    def fail(self) -> None:
        _write(self.replies, self.number + b"\terror\t" + _failure().replace(b"\n", b"\\n") + b"\n")
        _write(self.note, b"failed\n")
        _exit(70)

    def imported(self) -> list[str]:
        """Modules an example imported that the server may import for the next worker: none from the script's folder."""
        folder = os.path.dirname(os.path.realpath(self.script)) + os.sep
        known = set(self.guard.baseline[0][1]) if self.guard else set()
        names = []
        for name, module in list(sys.modules.items()):
            if name in known or name == "__main__":
                continue
            origin = getattr(module, "__file__", None)
            if origin and os.path.realpath(origin).startswith(folder):
                continue
            names.append(name)
        return names

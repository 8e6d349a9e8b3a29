"""What a persistent worker's interpreter looks like between examples, and what an example changed that the next
example could see: the checks after which the worker retires (docs/runners.md has the reasons).

Loaded by forkserver.py, beside worker.py, under the verifier's own interpreter: standard library only.
"""
from __future__ import annotations

import _locale
import _signal
import _thread
import _warnings
import atexit
import gc
import io
import os
import signal
import sys
import types
from operator import itemgetter

# typing is imported only by a type checker: a module the server imports is one a fresh interpreter would not hold.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

try:
    import resource
except ImportError:  # not on every platform
    resource = None  # type: ignore[assignment]

IMMUTABLE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE: a built-in class, whose attributes nothing can rebind
# sys attributes every example sets or puts back itself; every other one must keep its value.
MANAGED = frozenset({"argv", "orig_argv", "stdin", "stdout", "stderr", "__stdin__", "__stdout__", "__stderr__",
                     "path", "excepthook", "displayhook", "unraisablehook", "breakpointhook", "last_type",
                     "last_value", "last_traceback", "last_exc", "ps1", "ps2"})
HOOKS = ("excepthook", "displayhook", "unraisablehook", "breakpointhook")
FD_DIR = "/proc/self/fd" if os.path.isdir("/proc/self/fd") else "/dev/fd"


def version_reader() -> Callable[[list[dict]], Callable[[], tuple[int, ...]]] | None:
    """CPython keeps a version tag in every dict that changes on every write (PEP 509, kept for guards like this
    one). Read through ctypes it tells in microseconds whether any module's or class's namespace was written;
    None when this interpreter does not pass a self-test, and namespaces are compared value by value instead."""
    try:
        import ctypes
    except ImportError:
        return None
    if sys.implementation.name != "cpython" or ctypes.sizeof(ctypes.c_void_p) != 8:
        return None
    offset = object.__basicsize__ + ctypes.sizeof(ctypes.c_ssize_t)  # after the object header and ma_used
    # All of memory as 64-bit words, from address 8, read through a memoryview: one itemgetter call reads every
    # tag in C, half the cost of a ctypes pointer indexed once per dict (hundreds of dicts, after every example).
    try:
        words = memoryview((ctypes.c_uint64 * ((1 << 63) // 8 - 1)).from_address(8)).cast("B").cast("Q")
    except (TypeError, ValueError, OverflowError, MemoryError):
        return None

    def reader(dicts: list[dict]) -> Callable[[], tuple[int, ...]]:
        at = [(id(d) + offset - 8) // 8 for d in dicts]
        if len(at) > 1:
            get = itemgetter(*at)
            return lambda: get(words)
        return lambda: tuple(words[i] for i in at)

    probe: dict = {"a": 0}
    module = types.ModuleType("probe")
    read = reader([probe, module.__dict__])
    untouched = read()
    stable = read()
    probe["a"] = object()  # same size, same keys: only the version tag can tell
    replaced = read()
    module.value = 1
    assigned = read()
    if stable != untouched or replaced[0] == untouched[0] or replaced[1] != untouched[1] \
            or assigned[1] == replaced[1] or assigned[0] != replaced[0]:
        return None
    return reader


def namespaces() -> list[dict]:
    """Every module's globals and every module-level mutable class's attributes: where a monkeypatch lands.
    sys and __main__ are left out: every example sets parts of sys itself, and gets a new __main__."""
    found: dict[int, dict] = {}
    for name, module in list(sys.modules.items()):
        if name == "__main__" or module is sys:
            continue
        names = getattr(module, "__dict__", None)
        if type(names) is not dict:
            continue
        found[id(names)] = names
        for value in list(names.values()):
            if issubclass(type(value), type) and not value.__flags__ & IMMUTABLE:
                for inner in gc.get_referents(value.__dict__):
                    if type(inner) is dict:
                        found[id(inner)] = inner
    return list(found.values())


def cache_roots() -> list[Any]:
    """Caches the standard library fills as it is used, whose entries no script can tell apart from fresh ones
    (compiled patterns, source lines, codecs, path finders, abstract classes' answers, temporary names)."""
    roots: list[Any] = [sys.path_importer_cache]
    for module, names in (("re", ("_cache", "_cache2")), ("linecache", ("cache",)), ("encodings", ("_cache",))):
        loaded = sys.modules.get(module)
        roots += [getattr(loaded, name) for name in names if loaded is not None and type(getattr(loaded, name, None)) is dict]
    # isinstance() and issubclass() against an abstract class remember the answer, by weak reference, in that class
    abstract = sys.modules.get("abc")
    for module in list(sys.modules.values()) if abstract is not None else ():
        for value in list(getattr(module, "__dict__", {}).values()):
            if isinstance(value, abstract.ABCMeta) and "_abc_impl" in value.__dict__:
                roots.append(value._abc_impl)
                # a cache set made before the example is old: what a run adds to it is reached through the set
                roots += [part for part in gc.get_referents(value._abc_impl) if type(part) is set]
    # tempfile's random names: a generator made once (forkserver.py makes it), and remade in each new process on first use
    names = getattr(sys.modules.get("tempfile"), "_name_sequence", None)
    if names is not None:
        roots.append(names.__dict__)
    return roots


class Guard:
    """What this worker's interpreter looks like between examples, taken when it starts; `drift()` names the first
    thing an example changed that the next example could see, and `restore()` puts back what can be put back."""

    def __init__(self, versions: Callable[[], list] | None, dicts: list[dict]) -> None:
        self.dicts = dicts  # kept alive: a version tag is read at each dict's address
        if versions is None:
            versions = lambda: [(tuple(d), tuple(d.values())) for d in dicts]  # noqa: E731 - the slow way
        self.versions = versions
        self.sys_keys = [key for key in sys.__dict__ if key not in MANAGED]
        self.path = list(sys.path)
        self.path_object = sys.path
        self.hooks = [getattr(sys, name) for name in HOOKS]
        self.recursion = sys.getrecursionlimit()
        self.signals = [s for s in signal.valid_signals() if s not in (signal.SIGKILL, signal.SIGSTOP)]
        self.roots = cache_roots()
        self.fds = self.open_fds()
        self.descriptors = open_descriptors(self.fds)
        self.baseline = self.snapshot()

    def restore(self) -> None:
        """Put back what a script may change and a fresh interpreter starts without: sys.path, the hooks, the
        recursion limit, sys.ps1 and ps2, the warnings already shown once."""
        if sys.path is not self.path_object:
            sys.path = self.path_object
        if sys.path != self.path:
            sys.path[:] = self.path
        for name, hook in zip(HOOKS, self.hooks):
            setattr(sys, name, hook)
        for name in ("ps1", "ps2"):
            sys.__dict__.pop(name, None)
        sys.setrecursionlimit(self.recursion)
        _warnings._filters_mutated()  # resets every module's record of the warnings it showed once
        _warnings._onceregistry.clear()

    def snapshot(self) -> list[Any]:
        """Everything compared between examples, cheapest first. Each entry is a value that must not change."""
        mask = os.umask(0)
        os.umask(mask)
        limits = [resource.getrlimit(r) for r in (resource.RLIMIT_NOFILE, resource.RLIMIT_STACK, resource.RLIMIT_AS,
                                                  resource.RLIMIT_CPU, resource.RLIMIT_CORE)] if resource else []
        wakeup = signal.set_wakeup_fd(-1)
        if wakeup != -1:
            signal.set_wakeup_fd(wakeup)
        faults = sys.modules.get("faulthandler")
        return [
            ("modules", tuple(sys.modules)),
            ("module objects", tuple(sys.modules.values())),  # compared by identity: modules have no __eq__
            ("sys", tuple(map(sys.__dict__.get, self.sys_keys)), len(sys.__dict__) - sum(k in sys.__dict__ for k in MANAGED)),
            ("import system", tuple(sys.meta_path), tuple(sys.path_hooks)),
            ("os.environ", id(os.environ)),
            ("threads", _thread._count()),
            ("exit handlers", atexit._ncallbacks()),
            ("signal handlers", tuple(map(_signal.getsignal, self.signals)),
             frozenset(signal.pthread_sigmask(signal.SIG_BLOCK, [])), signal.getitimer(signal.ITIMER_REAL), wakeup),
            ("faulthandler", faults is not None and faults.is_enabled()),
            ("tracing", sys.gettrace(), sys.getprofile()),
            ("interpreter settings", sys.getswitchinterval(), _int_digits(), sys.dont_write_bytecode,
             sys.pycache_prefix, gc.isenabled(), gc.get_threshold(), gc.get_debug()),
            ("umask", mask),
            ("resource limits", tuple(limits)),
            ("locale", _locale.setlocale(_locale.LC_ALL)),
            ("warnings", tuple(_warnings.filters), _warnings._defaultaction),
            ("namespaces", self.versions()),
        ]

    def drift(self) -> str | None:
        """Why this worker cannot run another example faithfully (None: it can)."""
        if tuple(sys.modules) != self.baseline[0][1]:
            return "imports" if set(sys.modules) > set(self.baseline[0][1]) else "modules"
        kept = self.survivors()  # before anything this check makes is alive
        if kept is not None:
            return kept
        if _has_children():
            return "child processes"
        for before, after in zip(self.baseline, self.snapshot()):
            if before != after:
                return before[0]
        return None

    def survivors(self) -> str | None:
        """Objects an example made that outlive it, other than cache entries, mean something kept state."""
        gc.collect()
        alive = gc.get_objects()
        if not alive:
            return None
        stray = _uncached(alive, [*self.roots, _lru_entries()])
        return "objects kept" if stray else None

    def leaked(self) -> bool:
        """Whether the example left a descriptor open; if so, close it as the interpreter would at exit."""
        if self.open_fds() == self.fds:
            return False
        close_leaked(self.descriptors)
        return True

    @staticmethod
    def open_fds() -> list[str]:
        return sorted(os.listdir(FD_DIR))


def _lru_entries() -> list[Any]:
    """The keys and values in re's least-recently-used caches (replacement templates), which the collector cannot
    walk to (a cache's links are untracked): a hit returns the cached value itself."""
    entries: list[Any] = []
    for value in list(getattr(sys.modules.get("re"), "__dict__", {}).values()):
        if type(value).__name__ == "_lru_cache_wrapper":
            for part in gc.get_referents(value):
                if type(part) is dict and part is not value.__dict__:
                    entries += [item for key in list(part) if type(key) is tuple for item in (key, value(*key))]
    return entries


def _uncached(alive: list[Any], roots: list[dict]) -> list[Any]:
    """The objects in `alive` that no cache holds. Walks only through objects in `alive`, so nothing the worker had
    before the example widens what counts as a cache (a pattern in re's cache holds its group index, and so on)."""
    new = {id(o) for o in alive}
    held = {id(root) for root in roots}  # an old cache that was empty is untracked, and tracked once it holds one
    frontier = [o for o in gc.get_referents(*roots) if id(o) in new]
    while frontier:
        held.update(map(id, frontier))
        frontier = [o for o in gc.get_referents(*frontier) if id(o) in new and id(o) not in held]
    return [o for o in alive if id(o) not in held]


def _int_digits() -> int:
    getter = getattr(sys, "get_int_max_str_digits", None)
    return getter() if getter else 0


def _has_children() -> bool:
    """Whether a process the script started is still this worker's child (running, or exited and not waited for)."""
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return False
    return True


def open_descriptors(listed: list[str]) -> set[int]:
    """The descriptors of a listing that are open now: the listing's own, closed since, is not one of them."""
    found = set()
    for name in listed:
        try:
            os.fstat(int(name))
        except (OSError, ValueError):
            continue
        found.add(int(name))
    return found


def close_leaked(before: set[int]) -> None:
    """Close what an example left open as the interpreter would at exit: file objects flushed, then raw descriptors."""
    leaked = open_descriptors(Guard.open_fds()) - before
    for thing in gc.get_objects():
        if isinstance(thing, io.IOBase):
            try:
                if not thing.closed and thing.fileno() in leaked:
                    thing.close()
            except Exception:  # noqa: BLE001 - a flush that fails at exit is ignored there, too
                pass
    for fd in open_descriptors(Guard.open_fds()) & leaked:
        os.close(fd)

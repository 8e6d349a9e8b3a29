"""The gate's progress display while mutmut runs: one status line on a terminal, or a line per step on a log."""
from __future__ import annotations

import sys
import time
from typing import TextIO

from verifuzz.mutation.outcomes import Outcome
from verifuzz.mutation.results import Counts


class Progress:
    """One status line on a terminal; on a log (CI) a line per phase and every tenth of the mutants."""

    def __init__(self, stream: TextIO = sys.stderr, started: float | None = None) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.started = time.monotonic() if started is None else started
        self.current = ""
        self.mutants_started: float | None = None
        self.last_write = 0.0
        self.last_decile = -1
        self.open_line = False

    def phase(self, name: str, mutants: bool = False) -> None:
        """Announce a phase; `mutants` marks the one whose rate the status line measures."""
        if name == self.current:
            return
        self.current = name
        self.finish()
        if mutants:
            self.mutants_started = time.monotonic()
        self._line(name, force=True)

    def mutants(self, counts: Counts) -> None:
        elapsed = time.monotonic() - (self.mutants_started or self.started)
        # Under a second in, a handful of instant results would promise thousands a second.
        rate = counts.done / elapsed if elapsed >= 1.0 else None
        pace = f"  ({rate:.1f}/s, about {(counts.total - counts.done) / rate:.0f}s left)" if rate else ""
        text = (
            f"mutants {counts.done}/{counts.total}  killed {counts.count(Outcome.KILLED)}  "
            f"survived {counts.count(Outcome.SURVIVED)}  no tests {counts.count(Outcome.NOT_EXERCISED)}  "
            f"timeout {counts.count(Outcome.TIMEOUT)}{pace}"
        )
        decile = counts.done * 10 // counts.total if counts.total else 0
        if self.tty:
            self._line(text)
        elif decile != self.last_decile:
            self.last_decile = decile
            self._line(text, force=True)

    def _line(self, text: str, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last_write < 0.2:
            return
        self.last_write = now
        stamp = f"[{now - self.started:5.0f}s] {text}"
        if self.tty:
            self.stream.write("\r\033[K" + stamp)
            self.open_line = True
        else:
            self.stream.write(stamp + "\n")
        self.stream.flush()

    def finish(self) -> None:
        if self.open_line:
            self.stream.write("\n")
            self.stream.flush()
            self.open_line = False

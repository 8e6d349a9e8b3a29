"""Throughput through a foreign verify.py's command line, with each runner, beside the in-process suite, in one run.

    PYTHONPATH=.:bench python3 bench/foreign.py [--profile dev] [--verifier tests/foreign/named_path_strict/verify.py]
        [--persistent-promises 0] [--fork-promises 4] [--fresh-promises 1] [--agreement 150] [--seed N]

Rows:
- in-process: every in-process promise of the verifier's task against the shipped verifier, called as a function;
- persistent: the first `--persistent-promises` of them (0: all) through the foreign script's command line, with
  the fork server's persistent worker (the default runner);
- fork: the first `--fork-promises` of them with a child forked per example, and every promise the persistent
  runner did not find held, so each such verdict is seen by a second runner;
- fresh: the first `--fresh-promises` of them with a new interpreter per example, for scale.

Examples are counted as `verifuzz check` counts them. CPU is this process and every process it waited for: each
runner's server is closed before the clock is read, so the server and each worker it reaped are counted, and
examples per CPU-second is examples per second per core. Every run is tallied by how it ended (outputs read back,
exit status, timeout), and the promises' verdicts must agree across the rows that ran them; then
`--agreement` examples from the persistent rows are run again with a fresh interpreter and their outcomes compared.
"""
from __future__ import annotations

import argparse
import os
import platform
import time
import tomllib
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from verifuzz.properties import profiles
from verifuzz.properties.engine import applicable, check, context
from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.subjects import Command, InProcess, Subject
from verifuzz.strategies.tasks import for_task

ROOT = Path(__file__).resolve().parent.parent
EVERY = 47  # keep every 47th run for the fresh interpreter's second opinion: a spread over every promise


TICK = os.sysconf("SC_CLK_TCK")


def cpu_now() -> float:
    """CPU seconds of this process and of every child it has waited for (and theirs, when they waited in turn)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def server_cpu(subject: Subject) -> float:
    """CPU seconds of the subject's fork server so far: its own, the workers it reaped, and the live worker's."""
    process = getattr(getattr(subject, "runner", None), "_process", None)
    if process is None:
        return 0.0
    try:
        total = _stat(process.pid, own=True, reaped=True)
        for child in Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split():
            total += _stat(int(child), own=True, reaped=True)
    except (OSError, ValueError):
        return 0.0  # it ended between the two reads: what it used is in this process's children times now
    return total


def _stat(pid: int, own: bool, reaped: bool) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (sum(int(fields[i]) for i in (11, 12)) * own + sum(int(fields[i]) for i in (13, 14)) * reaped) / TICK


class Tallied(Subject):
    """The subject, with every run it makes counted by how it ended and (optionally) kept for a second opinion."""

    def __init__(self, inner: Subject, keep: int = 0) -> None:
        self.inner, self.task, self.label, self.keys = inner, inner.task, inner.label, inner.keys
        self.writes_details = inner.writes_details
        self.script = getattr(inner, "script", None)
        self.ends: Counter[str] = Counter()
        self.kept: list[tuple[Example, Outcome]] = []
        self.keep = keep

    def outcome(self, example: Example) -> Outcome:
        outcome = self.inner.outcome(example)
        self.ends["runs"] += 1
        self.ends["outputs read back" if outcome.metrics is not None else "no outputs"] += 1
        if outcome.exit_code not in (None, 0):
            self.ends[f"exit status {outcome.exit_code}"] += 1
        if outcome.error and outcome.error.startswith("timed out"):
            self.ends["timed out"] += 1
        if outcome.metrics and outcome.reward:
            self.ends["rewarded"] += 1
        if len(self.kept) < self.keep and self.ends["runs"] % EVERY == 1:
            self.kept.append((example, outcome))
        return outcome

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        return self.inner.command(evidence, inputs)


def measure(subject: Subject, label: str, limit: int | None, keep: int = 0, also: tuple[str, ...] = (),
            seed: int | None = None) -> dict[str, Any]:
    """Run the first `limit` in-process promises of the subject's task (and those named in `also`); the clock
    covers starting and ending it. Each promise's own examples and CPU (this process, the server and its
    workers) are kept too."""
    started, cpu_started = time.perf_counter(), cpu_now()
    tallied = Tallied(subject, keep)
    ctx = context(tallied)
    every = applicable(ctx, cli=False)
    props = every[:limit or None] + [p for p in every[limit or len(every):] if p.name in also]
    verdicts, examples, each = {}, 0, {}
    for prop in props:
        before = cpu_now() + server_cpu(subject)
        result = check(prop, ctx, seed=seed)
        each[prop.name] = (result.examples, cpu_now() + server_cpu(subject) - before)
        examples += result.examples
        verdicts[prop.name] = result.status
    if isinstance(subject, Command):
        subject.close()  # the server reaps its worker and exits: both are in this process's children times now
    return {"label": label, "examples": examples, "wall": time.perf_counter() - started, "cpu": cpu_now() - cpu_started,
            "verdicts": verdicts, "ends": tallied.ends, "kept": tallied.kept, "each": each,
            "retired": getattr(getattr(subject, "runner", None), "retired", Counter())}


def agreement(kept: list[tuple[Example, Outcome]], fresh: Command) -> tuple[int, list[str]]:
    """Run the kept examples again with a fresh interpreter: how many, and every one whose outcome differs."""
    differ = []
    for example, outcome in kept:
        again = fresh.outcome(example)
        if (again.metrics, again.details, again.error, again.exit_code) != (outcome.metrics, outcome.details,
                                                                           outcome.error, outcome.exit_code):
            differ.append(f"{example.label}: persistent {outcome.error or outcome.metrics} / fresh {again.error or again.metrics}")
    return len(kept), differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="dev", choices=profiles.PROFILES)
    parser.add_argument("--verifier", type=Path, default=ROOT / "tests/foreign/named_path_strict/verify.py")
    parser.add_argument("--persistent-promises", type=int, default=0, help="the first N promises (0: all)")
    parser.add_argument("--fork-promises", type=int, default=3, help="the first N promises, a child per example, "
                        "and every promise the persistent runner did not find held")
    parser.add_argument("--fresh-promises", type=int, default=1, help="the first N promises, an interpreter per example")
    parser.add_argument("--agreement", type=int, default=150, help="persistent examples run again with a fresh interpreter")
    parser.add_argument("--seed", type=int, help="the same examples in every run (two versions of the runner compared: "
                        "one promise's examples can differ a hundredfold in what they cost the verifier)")
    args = parser.parse_args()
    profiles.load(args.profile)
    script = args.verifier.resolve()
    manifest = tomllib.loads((script.parent / "corpus.toml").read_text())
    task = manifest["task"]

    def command(mode: str) -> Command:
        return Command(script, task, template=manifest["command"], output=manifest["output"], mode=mode)

    name = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
    seed = args.seed
    rows = [measure(InProcess(for_task(task).spec), "in-process (shipped verifier)", None, seed=seed)]
    rows.append(measure(command("persistent"), f"persistent ({name})", args.persistent_promises, args.agreement, seed=seed))
    doubtful = tuple(p for p, status in rows[1]["verdicts"].items() if status != "held")
    rows.append(measure(command("fork"), f"fork ({name})", args.fork_promises, also=doubtful, seed=seed))
    rows.append(measure(command("fresh"), f"fresh ({name})", args.fresh_promises, seed=seed))
    fresh = command("fresh")
    checked, differ = agreement(rows[1]["kept"], fresh)

    load = os.getloadavg()
    print(f"# {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, profile {args.profile}, seed {seed}, task {task}, "
          f"Python {platform.python_version()}, {os.cpu_count()} cores, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(f"{'runner':<58} {'promises':>8} {'examples':>9} {'wall s':>7} {'CPU s':>7} {'ex/wall-s':>10} {'ex/CPU-s':>9}")
    for row in rows:
        print(f"{row['label']:<58} {len(row['verdicts']):>8} {row['examples']:>9} {row['wall']:>7.1f} {row['cpu']:>7.1f} "
              f"{row['examples'] / row['wall']:>10.0f} {row['examples'] / row['cpu']:>9.0f}")
    inproc = rows[0]["examples"] / rows[0]["cpu"]
    for row in rows[1:]:
        rate = row["examples"] / row["cpu"]
        ends = ", ".join(f"{k} {v}" for k, v in sorted(row["ends"].items()))
        retired = ", ".join(f"{k} {v}" for k, v in sorted(row["retired"].items())) or "none"
        print(f"{row['label']}: {rate:.0f} examples per CPU-second, {rate / inproc:.1%} of in-process; "
              f"runs: {ends}; workers replaced: {retired}")
    for row in rows:
        other = {p: s for p, s in row["verdicts"].items() if s != "held"}
        print(f"{row['label']}: verdicts other than held: {other or 'none'}")
    for row in rows[2:]:
        differ_rows = {p: (s, rows[1]["verdicts"][p]) for p, s in row["verdicts"].items() if s != rows[1]["verdicts"][p]}
        print(f"{row['label']}: verdicts that differ from the persistent runner's: {differ_rows or 'none'}")
    print(f"persistent examples run again with a fresh interpreter: {checked}, outcomes that differ: {len(differ)}")
    for line in differ[:10]:
        print(f"  {line}")
    held = [p for p, status in rows[1]["verdicts"].items() if status == "held"]
    print("\nper promise (examples, examples per CPU-second): in-process / persistent")
    for name in rows[1]["verdicts"]:
        a, b = rows[0]["each"].get(name, (0, 0.0)), rows[1]["each"][name]
        print(f"  {name:<48} {rows[1]['verdicts'][name]:<9} {a[0]:>6} {a[0] / a[1] if a[1] else 0:>7.0f} / "
              f"{b[0]:>6} {b[0] / b[1] if b[1] else 0:>6.0f}")
    same = [(sum(row["each"][p][0] for p in held), sum(row["each"][p][1] for p in held)) for row in rows[:2]]
    rate_in, rate = (n / cpu for n, cpu in same)
    print(f"over the {len(held)} promises the verifier keeps (the others spend their time shrinking a counterexample): "
          f"in-process {rate_in:.0f}, persistent {rate:.0f} examples per CPU-second, {rate / rate_in:.1%}")
    print(f"goal (300 examples/s per core and 10% of in-process): {'met' if rate >= 300 and rate >= rate_in / 10 else 'NOT met'}"
          f" by the persistent runner over those promises ({rate:.0f}/s, {rate / rate_in:.1%}); over every promise "
          f"{rows[1]['examples'] / rows[1]['cpu']:.0f}/s, {rows[1]['examples'] / rows[1]['cpu'] / inproc:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

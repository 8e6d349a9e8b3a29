"""Throughput through a foreign verify.py's command line, beside the in-process suite, in one run.

    PYTHONPATH=.:bench python3 bench/foreign.py [--profile dev] [--verifier tests/foreign/named_path_strict/verify.py]
        [--fork-promises 8] [--fresh-promises 1]

Rows:
- in-process: every in-process promise of the verifier's task against the shipped verifier, called as a function;
- fork: the first `--fork-promises` of them through the foreign script's command line, with the fork server;
- fresh: the first `--fresh-promises` of them with a new interpreter per example, for scale.

Rates are examples per wall-second and per CPU-second; the CPU counts this process, the fork server and every
child it forked (they are waited for by the server, so their time is in its `cutime`), so examples per
CPU-second is examples per second per core.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import tomllib
from datetime import datetime, timezone
from pathlib import Path

from verifuzz.properties import profiles
from verifuzz.properties.engine import applicable, check, context
from verifuzz.properties.registry import Context
from verifuzz.properties.runners import ForkServer
from verifuzz.properties.subjects import Command, InProcess
from verifuzz.strategies.tasks import for_task

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float:
    """CPU seconds of `pid` and the children it has waited for."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICK


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def measure(ctx: Context, label: str, limit: int | None = None) -> tuple[str, int, float, float]:
    """Run the context's in-process promises; return (label, examples, wall seconds, CPU seconds)."""
    props = applicable(ctx, cli=False)[:limit]
    examples, wall, cpu = 0, 0.0, 0.0
    server = getattr(ctx.subject, "runner", None)
    for prop in props:
        before_server = process_cpu(server._process.pid) if isinstance(server, ForkServer) and server._process else 0.0
        started, cpu_started = time.perf_counter(), own_cpu()
        result = check(prop, ctx)
        wall += time.perf_counter() - started
        cpu += own_cpu() - cpu_started
        if isinstance(server, ForkServer) and server._process:
            cpu += process_cpu(server._process.pid) - before_server
        examples += result.examples
        if result.status not in ("held",):
            print(f"note: {label} {prop.name} {result.status}", file=sys.stderr)
    return label, examples, wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="dev", choices=profiles.PROFILES)
    parser.add_argument("--verifier", type=Path, default=ROOT / "tests/foreign/named_path_strict/verify.py")
    parser.add_argument("--fork-promises", type=int, default=8, help="the first N promises through the fork server")
    parser.add_argument("--fresh-promises", type=int, default=1, help="the first N promises with a fresh interpreter")
    args = parser.parse_args()
    profiles.load(args.profile)
    manifest = tomllib.loads((args.verifier.parent / "corpus.toml").read_text())
    task = manifest["task"]
    rows = [measure(context(InProcess(for_task(task).spec)), "in-process (shipped verifier)")]
    for mode, limit in (("fork", args.fork_promises), ("fresh", args.fresh_promises)):
        subject = Command(args.verifier.resolve(), task, template=manifest["command"], output=manifest["output"], mode=mode)
        rows.append(measure(context(subject), f"{mode} ({args.verifier.relative_to(ROOT)})", limit))
    load = os.getloadavg()
    print(f"# {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, profile {args.profile}, task {task}, "
          f"Python {platform.python_version()}, {os.cpu_count()} cores, load average {load[0]:.1f}")
    print(f"{'runner':<55} {'examples':>9} {'wall s':>8} {'CPU s':>8} {'ex/wall-s':>10} {'ex/CPU-s':>9}")
    for label, examples, wall, cpu in rows:
        print(f"{label:<55} {examples:>9} {wall:>8.1f} {cpu:>8.1f} {examples / wall:>10.0f} {examples / cpu:>9.0f}")
    inproc, fork = rows[0][1] / rows[0][3], rows[1][1] / rows[1][3]
    print(f"fork server per core: {fork:.0f} examples/s (goal 300), {fork / inproc:.1%} of in-process (goal 10%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

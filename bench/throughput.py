"""Throughput: adversarial examples per second through a verifier, next to the limits measured in the same run.

    python bench/throughput.py [--profile ci] [--repeat 3] [--adversarial 1000] [--naive 500] [--raw-seconds 2] [--breakdown]

Rows, all for the shipped verifiers called in-process:
- suite: every in-process promise of both shipped tasks under one Hypothesis
  profile, examples counted as `verifuzz check` counts them (the CLI promise
  runs a subprocess per example and is left out: it measures process start-up);
  it runs `--repeat` times, because a shared machine's speed drifts by a quarter
  within minutes: each run is shown, and the ratios use the median run;
- adversarial: one Hypothesis run per task drawing from the pool of every
  adversary that applies to it, each example built and judged; the time spent
  inside the verifier is measured separately, so generation's share is known;
- raw: `judge(spec, snapshot, inputs)` on one prebuilt witness snapshot in a
  tight loop, which is the physical limit for anything that calls the verifier;
- naive: `st.recursive` JSON fed straight to the verifier, for scale;
- hypothesis floor: `@given(st.integers())` with an empty body, the least any
  Hypothesis-driven example can cost on this machine.
"""
from __future__ import annotations

import argparse
import platform
import sys
import time
from datetime import datetime, timezone
from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from measure import Lap, profile, stopwatch
from verifuzz.properties import profiles
from verifuzz.properties.engine import HELD, applicable, check, context
from verifuzz.properties.promises import adversaries_for, broken_by_any, fanned
from verifuzz.properties.registry import Context
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.tasks import for_task, task_names
from verifuzz.verifiers.runner import judge

TARGET = 2_000.0  # examples per second per core, from the issue


def contexts() -> list[Context]:
    return [context(InProcess(for_task(task).spec)) for task in task_names()]


def run_suite(ctxs: list[Context], label: str = "suite: every in-process promise, both tasks") -> Lap:
    """Every in-process promise for every shipped task, under the loaded profile."""
    lap = Lap(label)
    for ctx in ctxs:
        for prop in applicable(ctx, cli=False):
            with stopwatch(lap):
                result = check(prop, ctx)
            lap.count += result.examples
            if result.status != HELD:  # a benchmark of a broken suite would measure the wrong thing
                print(f"warning: {ctx.task} {prop.name} {result.status}: {result.violation or result.error}", file=sys.stderr)
    return lap


def drive(strategy: st.SearchStrategy[Any], body: Callable[[Any], None], examples: int) -> int:
    """Run `body` on `examples` draws of `strategy` under the loaded profile; return how many ran."""
    ran = 0

    @settings(settings.default, max_examples=examples, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def test(value: Any) -> None:
        nonlocal ran
        ran += 1
        body(value)

    test()
    return ran


def run_adversarial(ctxs: list[Context], examples: int) -> tuple[Lap, Lap]:
    """Generate and judge adversarial examples; the second lap is the time spent inside the verifier."""
    total, inside = Lap("adversarial: generate + judge"), Lap("  of which inside the verifier")

    for ctx in ctxs:
        subject = ctx.subject

        def body(batch: list[Any], subject: Any = subject) -> None:
            for example in batch:
                with stopwatch(inside):
                    subject.outcome(example)
                inside.count += 1
                total.count += 1

        with stopwatch(total):
            drive(fanned(ctx, broken_by_any(adversaries_for(ctx))), body, max(1, examples // profiles.fan_out()))
    return total, inside


def prebuilt(task: str) -> tuple[Any, dict[str, Any]]:
    """One witness snapshot and its parsed inputs, built once: the deterministic default run of the task."""
    trial = for_task(task).trial()
    spec = for_task(task).spec
    snapshot, inputs = trial.snapshot(), spec.expectations(trial.input_files)
    verdict = judge(spec, snapshot, inputs)
    assert verdict.reward, f"the prebuilt {task} witness must score 1.0, got {verdict.metrics()}"
    return snapshot, inputs


def run_raw(seconds: float, when: str) -> Lap:
    """`judge` on a prebuilt witness in a tight loop, the same share of time for each task."""
    lap = Lap(f"raw: judge() on a prebuilt witness ({when})")
    for task in task_names():
        spec = for_task(task).spec
        snapshot, inputs = prebuilt(task)
        deadline = time.perf_counter() + seconds / len(task_names())
        with stopwatch(lap):
            while time.perf_counter() < deadline:
                for _ in range(200):
                    judge(spec, snapshot, inputs)
                lap.count += 200
    return lap


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
)


def run_naive(examples: int) -> Lap:
    """A recursive-JSON strategy that knows nothing about evidence, fed to each verifier."""
    lap = Lap("naive: st.recursive JSON -> judge()")
    for task in task_names():
        spec = for_task(task).spec
        _, inputs = prebuilt(task)
        with stopwatch(lap):
            lap.count += drive(JSON, lambda value: judge(spec, value, inputs), examples)
    return lap


def run_floor(examples: int) -> Lap:
    lap = Lap("hypothesis floor: st.integers(), empty body")
    with stopwatch(lap):
        lap.count += drive(st.integers(), lambda value: None, examples)
    return lap


def row(lap: Lap) -> str:
    return f"| {lap.label} | {lap.count:,} | {lap.cpu:.1f} | {lap.wall:.1f} | {lap.per_cpu_second:,.0f} | {lap.per_wall_second:,.0f} |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="ci", choices=profiles.PROFILES)
    parser.add_argument("--repeat", type=int, default=3, help="suite runs (each shown; the ratios use the median)")
    parser.add_argument("--adversarial", type=int, default=1000, help="adversarial examples per task")
    parser.add_argument("--naive", type=int, default=500, help="naive JSON examples per task")
    parser.add_argument("--floor", type=int, default=2000, help="examples for the Hypothesis floor")
    parser.add_argument("--raw-seconds", type=float, default=4.0, help="seconds of each raw loop, split between the tasks")
    parser.add_argument("--breakdown", action="store_true", help="also profile the suite and show where the time goes")
    args = parser.parse_args(argv)
    profiles.load(args.profile)
    ctxs = contexts()

    raw = run_raw(args.raw_seconds, "start")
    suites = [run_suite(ctxs, f"suite run {n} of {args.repeat}: every in-process promise, both tasks")
              for n in range(1, args.repeat + 1)]
    suite = sorted(suites, key=lambda lap: lap.per_cpu_second)[len(suites) // 2]
    total, inside = run_adversarial(ctxs, args.adversarial)
    naive = run_naive(args.naive)
    floor = run_floor(args.floor)
    raw_after = run_raw(args.raw_seconds, "end")  # again at the end: the first loop runs cold, and load may move mid-run
    best = max(raw, raw_after, key=lambda lap: lap.per_cpu_second)

    print(f"# throughput, profile {args.profile}, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, "
          f"Python {platform.python_version()}, {platform.machine()}")
    print("\n| run | examples | CPU s | wall s | per CPU-second (per core) | per wall-second |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for lap in (*suites, total, inside, raw, raw_after, naive, floor):
        print(row(lap))
    rates = sorted(lap.per_cpu_second for lap in suites)
    print(f"\nsuite runs: {', '.join(f'{rate:,.0f}' for rate in rates)} examples per CPU-second; "
          f"median {suite.per_cpu_second:,.0f}, the ratios below use it")
    generation = total.cpu - inside.cpu
    print(f"suite / raw       = 1 : {best.per_cpu_second / suite.per_cpu_second:,.0f}  (the faster raw loop)")
    print(f"suite / verifier on the adversarial mix = 1 : {inside.per_cpu_second / suite.per_cpu_second:,.0f}"
          "  (judging alone, on the examples the suite draws)")
    print(f"suite / naive     = {suite.per_cpu_second / naive.per_cpu_second:.2f}")
    print(f"suite / target    = {suite.per_cpu_second / TARGET:.3f}  (target {TARGET:,.0f} examples/s per core)")
    print(f"suite / floor     = {suite.per_cpu_second / floor.per_cpu_second:.3f}  (floor: Hypothesis alone, empty test)")
    print(f"adversarial: {100 * generation / total.cpu:.0f}% of CPU generating, {100 * inside.cpu / total.cpu:.0f}% judging")
    if args.breakdown:
        centres, spent = profile(lambda: run_suite(ctxs))
        print(f"\n## where the suite's time goes (cProfile self time, {spent:.1f} s profiled)\n")
        print("| cost centre | share |\n| --- | ---: |")
        for name, seconds in sorted(centres.items(), key=lambda item: -item[1]):
            print(f"| {name} | {100 * seconds / spent:.1f}% |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

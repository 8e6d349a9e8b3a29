"""Labelled replies against the shipped verifiers: false passes and the false-fail rate on natural correct replies.

For each task whose strategies declare `replies`, compose replies from a fixed seed: half natural (each answer
fact affirmed, filler around), half free compositions (any modality, dropped, repeated and wrong facts). Each is
put in place of the reply of the task's fixed correct run and scored in-process. A false pass is a reply whose
composed meaning is not the answer that earns reward; a false fail is a natural correct reply that does not earn
1.0 on every metric.

    python3 bench/replies.py [--replies N] [--seed S] [--show K]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.labelled import HEADER, RULE, Tally, labelled_run  # noqa: E402
from verifuzz.strategies.tasks import for_task, task_names  # noqa: E402
from verifuzz.verifiers.runner import judge_texts  # noqa: E402


def measure(task: str, count: int, seed: int, show: int) -> tuple[Tally, float]:
    """Compose `count` labelled replies from `seed` and score each in-process: the tally and the seconds it took."""
    definition = for_task(task)
    rng = Random(seed)
    tally = Tally(show)
    started = time.perf_counter()
    for index in range(count):
        run, reply, correct = labelled_run(definition, rng, index)
        tally.add(index, reply, correct, judge_texts(definition.spec, run.snapshot(), run.input_files).metrics())
    return tally, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, default=20_000, help="replies composed per task (half natural)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--show", type=int, default=5, help="misjudged replies to print per task")
    args = parser.parse_args(argv)
    tasks = [task for task in task_names() if for_task(task).replies is not None]
    print(f"| task | replies {HEADER} seconds |")
    print(f"| --- | ---: {RULE} ---: |")
    results = [(task, *measure(task, args.replies, args.seed, args.show)) for task in tasks]
    for task, tally, seconds in results:
        print(f"| {task} | {args.replies:,} {tally.cells()} {seconds:.1f} |")
    for task, tally, _ in results:
        print("\n".join(tally.details(task)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

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
from collections import Counter
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from verifuzz.strategies.replies import Reply, compose  # noqa: E402
from verifuzz.strategies.tasks import for_task, task_names  # noqa: E402
from verifuzz.verifiers.runner import judge_texts  # noqa: E402


def measure(task: str, count: int, seed: int, show: int) -> dict[str, object]:
    definition = for_task(task)
    spec = definition.spec
    rng = Random(seed)
    natural = wrong = false_passes = false_fails = 0
    by_modality: Counter[str] = Counter()
    shown: list[str] = []
    started = time.perf_counter()
    for index in range(count):
        run = definition.trial().copy()
        labels = definition.replies(run)
        reply: Reply = compose(rng, labels, natural=index % 2 == 0)
        correct = labels.correct(reply)
        run.final()["content"] = reply.text
        metrics = judge_texts(spec, run.snapshot(), run.input_files).metrics()
        if reply.natural and correct:
            natural += 1
            if any(value != 1.0 for value in metrics.values()):
                false_fails += 1
                if len(shown) < show:
                    shown.append(f"false fail: {reply.text!r}")
        elif not correct:
            wrong += 1
            by_modality.update({c.modality for c in reply.clauses if c.fact is not None} or {"no fact"})
            if metrics["reward"] != 0.0:
                false_passes += 1
                if len(shown) < show:
                    shown.append(f"false pass: {reply.text!r}")
    return {
        "task": task, "replies": count, "natural": natural, "wrong": wrong, "false_passes": false_passes,
        "false_fails": false_fails, "seconds": time.perf_counter() - started, "modalities": by_modality, "shown": shown,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, default=20_000, help="replies composed per task (half natural)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--show", type=int, default=5, help="misjudged replies to print per task")
    args = parser.parse_args(argv)
    tasks = [task for task in task_names() if for_task(task).replies is not None]
    print("| task | replies | natural correct | false fails (rate) | wrong meaning | false passes | seconds |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    results = [measure(task, args.replies, args.seed, args.show) for task in tasks]
    for r in results:
        rate = r["false_fails"] / r["natural"] if r["natural"] else 0.0
        print(f"| {r['task']} | {r['replies']:,} | {r['natural']:,} | {r['false_fails']:,} ({rate:.2%}) | "
              f"{r['wrong']:,} | {r['false_passes']:,} | {r['seconds']:.1f} |")
    for r in results:
        modalities = ", ".join(f"{name} {n:,}" for name, n in sorted(r["modalities"].items()))
        print(f"\n{r['task']}: wrong-meaning replies holding a clause of each modality: {modalities}")
        for line in r["shown"]:
            print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

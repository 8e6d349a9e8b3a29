"""Labelled replies against a corpus verifier's command line: false passes and false fails on natural correct replies.

Composes replies for the corpus verifier's task from a fixed seed, as bench/replies.py does (half natural, half free
compositions), puts each in place of the reply of the task's fixed correct run, and runs the script through the
layout `check --verifier` uses (the persistent runner, its own output folder, the corpus command template). A false
pass is a reply whose composed meaning is not the answer that earns reward; a false fail is a natural correct reply
that does not earn 1.0 on every metric.

    PYTHONPATH=. python3 bench/foreign_replies.py [--verifier tests/foreign/named_path_strict/verify.py]
        [--replies N] [--seed S] [--show K]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
import tomllib
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from verifuzz.properties.example import Example  # noqa: E402
from verifuzz.properties.subjects import Command  # noqa: E402
from verifuzz.strategies.replies import Reply, compose  # noqa: E402
from verifuzz.strategies.tasks import for_task  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def measure(script: Path, count: int, seed: int, show: int) -> dict[str, object]:
    """Compose `count` labelled replies from `seed` and score each through the script's command line."""
    manifest = tomllib.loads((script.parent / "corpus.toml").read_text())
    definition = for_task(manifest["task"])
    subject = Command(script, manifest["task"], template=manifest["command"], output=manifest["output"])
    rng = Random(seed)
    natural = wrong = false_passes = false_fails = errors = 0
    by_modality: Counter[str] = Counter()
    shown: list[str] = []
    started = time.perf_counter()
    try:
        for index in range(count):
            run = definition.trial().copy()
            labels = definition.replies(run)
            reply: Reply = compose(rng, labels, natural=index % 2 == 0)
            correct = labels.correct(reply)
            run.final()["content"] = reply.text
            outcome = subject.outcome(Example.of(run, f"reply {index}"))
            metrics = outcome.metrics
            if metrics is None:
                errors += 1
                metrics = {"reward": 0.0}
                if len(shown) < show:
                    shown.append(f"no outputs #{index}: {outcome.error}")
            if reply.natural and correct:
                natural += 1
                if any(value != 1.0 for value in metrics.values()):
                    false_fails += 1
                    if len(shown) < show:
                        shown.append(f"false fail #{index}: {reply.text!r}")
            elif not correct:
                wrong += 1
                by_modality.update({c.modality for c in reply.clauses if c.fact is not None} or {"no fact"})
                if metrics.get("reward") != 0.0:
                    false_passes += 1
                    if len(shown) < show:
                        shown.append(f"false pass #{index}: {reply.text!r}")
    finally:
        subject.close()
    return {"verifier": script.relative_to(ROOT) if script.is_relative_to(ROOT) else script, "replies": count,
            "seed": seed, "natural": natural, "wrong": wrong, "false_passes": false_passes, "false_fails": false_fails,
            "errors": errors, "seconds": time.perf_counter() - started, "modalities": by_modality, "shown": shown}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verifier", type=Path, action="append",
                        help="a corpus verifier script (repeatable; default: the two correct ones)")
    parser.add_argument("--replies", type=int, default=5_000, help="replies composed per verifier (half natural)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--show", type=int, default=5, help="misjudged replies to print per verifier")
    args = parser.parse_args(argv)
    scripts = args.verifier or [ROOT / "tests/foreign/named_path_strict/verify.py",
                                ROOT / "tests/foreign/skill_check_dataclass/grade.py"]
    missing = [str(s) for s in scripts if not (s.resolve().parent / "corpus.toml").is_file()]
    if missing:
        parser.error(f"not a corpus verifier (no corpus.toml beside it): {', '.join(missing)}")
    results = [measure(script.resolve(), args.replies, args.seed, args.show) for script in scripts]
    load = os.getloadavg()
    print(f"# {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print("| verifier | seed | replies | natural correct | false fails (rate) | wrong meaning | false passes | no outputs | seconds |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        rate = r["false_fails"] / r["natural"] if r["natural"] else 0.0
        print(f"| `{r['verifier']}` | {r['seed']} | {r['replies']:,} | {r['natural']:,} | {r['false_fails']:,} ({rate:.2%}) | "
              f"{r['wrong']:,} | {r['false_passes']:,} | {r['errors']:,} | {r['seconds']:.1f} |")
    for r in results:
        modalities = ", ".join(f"{name} {n:,}" for name, n in sorted(r["modalities"].items()))
        print(f"\n{r['verifier']}: wrong-meaning replies holding a clause of each modality: {modalities}")
        for line in r["shown"]:
            print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

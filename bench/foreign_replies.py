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
from datetime import datetime, timezone
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.labelled import HEADER, RULE, Tally, labelled_run  # noqa: E402
from verifuzz.properties.example import Example  # noqa: E402
from verifuzz.properties.subjects import Command  # noqa: E402
from verifuzz.strategies.tasks import for_task  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def shown(script: Path) -> Path:
    """The script as the table names it: relative to the repository when it lies inside."""
    return script.relative_to(ROOT) if script.is_relative_to(ROOT) else script


def measure(script: Path, count: int, seed: int, show: int) -> tuple[Tally, int, float]:
    """Compose `count` labelled replies from `seed` and score each through the script's command line: the tally, the
    runs that left no readable outputs (scored as reward 0) and the seconds it took."""
    manifest = tomllib.loads((script.parent / "corpus.toml").read_text())
    definition = for_task(manifest["task"])
    subject = Command(script, manifest["task"], template=manifest["command"], output=manifest["output"])
    rng = Random(seed)
    tally, errors = Tally(show), 0
    started = time.perf_counter()
    try:
        for index in range(count):
            run, reply, correct = labelled_run(definition, rng, index)
            outcome = subject.outcome(Example.of(run, f"reply {index}"))
            if outcome.metrics is None:
                errors += 1
                tally.note(f"no outputs #{index}: {outcome.error}")
            tally.add(index, reply, correct, outcome.metrics or {"reward": 0.0})
    finally:
        subject.close()
    return tally, errors, time.perf_counter() - started


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
    results = [(script.resolve(), *measure(script.resolve(), args.replies, args.seed, args.show)) for script in scripts]
    load = os.getloadavg()
    print(f"# {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(f"| verifier | seed | replies {HEADER} no outputs | seconds |")
    print(f"| --- | ---: | ---: {RULE} ---: | ---: |")
    for script, tally, errors, seconds in results:
        print(f"| `{shown(script)}` | {args.seed} | {args.replies:,} {tally.cells()} {errors:,} | {seconds:.1f} |")
    for script, tally, _, _ in results:
        print("\n".join(tally.details(str(shown(script)))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

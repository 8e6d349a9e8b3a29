"""Score held-out set H (tests/heldout/*_h.toml) and print counts only.

Set H was written apart from the verifiers and is kept back: it is scored before a change to the readers and
once after, never read to choose a change, so this prints how many replies disagree per task and never which.
Run `PYTHONPATH=. python3 -m tests.heldout.kept_back` after `verifuzz build-tasks`.
"""
from __future__ import annotations

import sys
from dataclasses import replace

from tests.heldout import runner

KEPT_BACK = tuple(replace(task, data=task.data.replace(".toml", "_h.toml")) for task in runner.TASKS + runner.THIRD_SET)


def main() -> int:
    """One line per task: correct replies and false fails, wrong replies and false passes (debatable apart)."""
    totals = [0, 0, 0, 0]
    for task in KEPT_BACK:
        correct = false_fails = wrong = false_passes = 0
        for case in runner.cases(task):
            if case.debatable:
                continue
            diff = runner.disagreements(case, runner.score(task, case.text))
            if case.expected["reward"]:
                correct += 1
                false_fails += bool(diff)
            else:
                wrong += 1
                false_passes += bool(diff.get("reward"))
        for index, value in enumerate((correct, false_fails, wrong, false_passes)):
            totals[index] += value
        print(f"{task.name:34}  false fails {false_fails:3} of {correct:3} correct  false passes {false_passes:2} of {wrong:3} wrong")
    correct, false_fails, wrong, false_passes = totals
    print(f"{'all':34}  false fails {false_fails:3} of {correct:3} correct ({100 * false_fails / max(correct, 1):.1f}%)"
          f"  false passes {false_passes:2} of {wrong:3} wrong")
    return 0


if __name__ == "__main__":
    sys.exit(main())

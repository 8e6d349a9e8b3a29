"""What the two labelled-reply benches share: a composed reply in the task's fixed correct run, and the tally of false
passes and false fails that bench/replies.py (the shipped verifiers, in-process) and bench/foreign_replies.py (a
corpus verifier, through its command line) print."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from random import Random
from typing import Any

from verifuzz.strategies.replies import Reply, compose
from verifuzz.strategies.trial import Trial

HEADER = "| natural correct | false fails (rate) | wrong meaning | false passes |"
RULE = "| ---: | ---: | ---: | ---: |"


def labelled_run(definition: Any, rng: Random, index: int) -> tuple[Trial, Reply, bool]:
    """The task's fixed correct run with a composed reply as its final message (natural on even `index`), the reply,
    and whether its composed meaning is the answer that earns reward."""
    run = definition.trial().copy()
    labels = definition.replies(run)
    reply = compose(rng, labels, natural=index % 2 == 0)
    run.final()["content"] = reply.text
    return run, reply, labels.correct(reply)


@dataclass
class Tally:
    """False passes (a wrong meaning that earns reward) and false fails (a natural correct reply short of 1.0 on any
    metric), with up to `show` misjudged replies kept to print."""

    show: int
    natural: int = 0
    wrong: int = 0
    false_passes: int = 0
    false_fails: int = 0
    modalities: Counter[str] = field(default_factory=Counter)
    shown: list[str] = field(default_factory=list)

    def note(self, line: str) -> None:
        if len(self.shown) < self.show:
            self.shown.append(line)

    def add(self, index: int, reply: Reply, correct: bool, metrics: dict[str, float]) -> None:
        if reply.natural and correct:
            self.natural += 1
            if any(value != 1.0 for value in metrics.values()):
                self.false_fails += 1
                self.note(f"false fail #{index}: {reply.text!r}")
        elif not correct:
            self.wrong += 1
            self.modalities.update({c.modality for c in reply.clauses if c.fact is not None} or {"no fact"})
            if metrics.get("reward") != 0.0:
                self.false_passes += 1
                self.note(f"false pass #{index}: {reply.text!r}")

    def cells(self) -> str:
        """The four figures as table cells, in HEADER's order."""
        rate = self.false_fails / self.natural if self.natural else 0.0
        return f"| {self.natural:,} | {self.false_fails:,} ({rate:.2%}) | {self.wrong:,} | {self.false_passes:,} |"

    def details(self, name: str) -> list[str]:
        """The modalities the wrong replies held, then the misjudged replies kept."""
        modalities = ", ".join(f"{modality} {n:,}" for modality, n in sorted(self.modalities.items()))
        return ["", f"{name}: wrong-meaning replies holding a clause of each modality: {modalities}",
                *(f"  {line}" for line in self.shown)]

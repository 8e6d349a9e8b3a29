"""What a verifier returns, and what a task declares about itself."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from verifuzz.verifiers.evidence import Evidence

REWARD = "reward"


@dataclass(frozen=True)
class Verdict:
    """The dimensions a task scored, plus anything a person needs to see why."""

    dimensions: Mapping[str, bool]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def reward(self) -> bool:
        return bool(self.dimensions) and all(self.dimensions.values())

    def metrics(self) -> dict[str, float]:
        """The flat `reward.json` object: `reward` first, then one 0/1 float per dimension."""
        scores = {REWARD: float(self.reward)}
        scores.update((name, float(bool(passed))) for name, passed in self.dimensions.items())
        return scores


@dataclass(frozen=True)
class Input:
    """A task-specific text file the verifier reads its expectations from, named by `flag`."""

    flag: str
    help: str
    parse: Callable[[str], Any]

    @property
    def dest(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class TaskSpec:
    """A task's verifier: its name, its dimensions and how it scores parsed evidence."""

    name: str
    dimensions: tuple[str, ...]
    score: Callable[[Evidence, Any], Verdict]
    inputs: tuple[Input, ...] = ()

    def expectations(self, texts: Mapping[str, str]) -> dict[str, Any]:
        """Parse each input's text (keyed by flag) into what `score` receives (keyed by dest)."""
        return {item.dest: item.parse(texts[item.flag]) for item in self.inputs}

    def failed(self, reason: str) -> Verdict:
        """The fail-closed verdict: every dimension 0, with the reason."""
        return Verdict(dict.fromkeys(self.dimensions, False), {"reason": reason})

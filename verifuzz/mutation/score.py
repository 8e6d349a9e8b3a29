"""Scores per module and per shipped verifier: killed / (total - reviewed equivalents), and the gate's verdict.

Reviewed equivalents only count when their digest still matches the mutant they name; an entry
that matches nothing is stale and fails the gate, so a review never silently outlives its code.
"""
from __future__ import annotations

import ast
import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from verifuzz.mutation.config import Equivalent, MutationConfig, installed_path, module_name
from verifuzz.mutation.outcomes import MEANING, Outcome
from verifuzz.mutation.results import Mutant


@dataclass(frozen=True)
class Tally:
    """Outcome counts for a set of mutants and the score they earn."""

    counts: Mapping[Outcome, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def equivalent(self) -> int:
        return self.counts.get(Outcome.EQUIVALENT, 0)

    @property
    def detected(self) -> int:
        return sum(n for outcome, n in self.counts.items() if MEANING[outcome].detected)

    @property
    def scored(self) -> int:
        """The denominator: every mutant except reviewed equivalents."""
        return self.total - self.equivalent

    @property
    def score(self) -> float | None:
        """Percent of non-equivalent mutants detected; None when there is nothing to detect."""
        return 100.0 * self.detected / self.scored if self.scored else None

    def count(self, outcome: Outcome) -> int:
        return self.counts.get(outcome, 0)


@dataclass(frozen=True)
class ModuleScore:
    module: str
    path: str
    tally: Tally
    threshold: float

    @property
    def passed(self) -> bool:
        score = self.tally.score
        return score is None or score >= self.threshold


@dataclass(frozen=True)
class VerifierScore:
    """A shipped verifier as a whole: its own module plus every mutated module it imports."""

    module: str
    modules: tuple[str, ...]
    tally: Tally


@dataclass(frozen=True)
class StaleEntry:
    """A `[[equivalent]]` entry that no longer names the change that was reviewed."""

    entry: Equivalent
    problem: str
    fix: str


@dataclass(frozen=True)
class Scorecard:
    mutants: tuple[Mutant, ...]
    outcomes: Mapping[str, Outcome]
    modules: tuple[ModuleScore, ...]
    verifiers: tuple[VerifierScore, ...]
    stale: tuple[StaleEntry, ...]
    killed_equivalents: tuple[Equivalent, ...] = ()
    reasons: Mapping[str, str] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return not self.stale and all(module.passed for module in self.modules)

    def outcome(self, mutant: Mutant) -> Outcome:
        return self.outcomes[mutant.id]

    def undetected(self) -> list[Mutant]:
        """Mutants that count against the score, in file and line order."""
        counted = [m for m in self.mutants if self.outcomes[m.id] is not Outcome.EQUIVALENT]
        return [m for m in counted if not MEANING[self.outcomes[m.id]].detected]


def display_score(score: float | None) -> str:
    """A score rounded down, so 94.96% never shows as a passing 95.0%."""
    return "-" if score is None else f"{math.floor(score * 10) / 10:.1f}%"


def score(mutants: Sequence[Mutant], config: MutationConfig, imports: Mapping[str, set[str]] | None = None) -> Scorecard:
    """Apply reviewed equivalents, tally each module and verifier, and find stale entries."""
    by_id = {m.id: m for m in mutants}
    by_digest: dict[str, list[str]] = {}
    for mutant in mutants:
        by_digest.setdefault(mutant.digest, []).append(mutant.id)
    outcomes = {m.id: m.outcome for m in mutants}
    stale: list[StaleEntry] = []
    killed: list[Equivalent] = []
    reasons: dict[str, str] = {}
    for entry in config.equivalents:
        mutant = by_id.get(entry.mutant)
        if mutant is None or mutant.digest != entry.digest:
            stale.append(_stale(entry, mutant, by_digest.get(entry.digest, [])))
        elif MEANING[mutant.outcome].detected:
            killed.append(entry)
        else:
            outcomes[mutant.id] = Outcome.EQUIVALENT
            reasons[mutant.id] = entry.reason
    counters: dict[str, Counter[Outcome]] = {module_name(path): Counter() for path in config.files}
    for mutant in mutants:
        counters.setdefault(mutant.module, Counter())[outcomes[mutant.id]] += 1
    tallies = {module: Tally(dict(counter)) for module, counter in counters.items()}
    modules = tuple(
        ModuleScore(module_name(path), path, tallies[module_name(path)], config.threshold(module_name(path)))
        for path in config.files
    )
    return Scorecard(
        mutants=tuple(mutants),
        outcomes=outcomes,
        modules=modules,
        verifiers=_verifiers(tallies, imports or {}),
        stale=tuple(stale),
        killed_equivalents=tuple(killed),
        reasons=reasons,
    )


def import_graph(root: Path, files: Sequence[str]) -> dict[str, set[str]]:
    """For each mutated module, the other mutated modules it imports directly."""
    modules = {module_name(path) for path in files}
    graph: dict[str, set[str]] = {}
    for path in files:
        module = module_name(path)
        tree = ast.parse((root / installed_path(path)).read_text(encoding="utf-8"))
        package = module.rsplit(".", 1)[0] if "." in module else ""
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(p for p in [*parts, base] if p)
                found |= {base} | {f"{base}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
        graph[module] = (found & modules) - {module}
    return graph


def _verifiers(tallies: Mapping[str, Tally], imports: Mapping[str, set[str]]) -> tuple[VerifierScore, ...]:
    """Roll shared modules into each module nobody imports: those are what ships."""
    imported = {target for targets in imports.values() for target in targets}
    roots = [module for module in tallies if module not in imported and imports.get(module)]
    result = []
    for root in roots:
        closure: list[str] = [root]
        for module in closure:
            closure += sorted(imports.get(module, set()) - set(closure))
        counts: Counter[Outcome] = Counter()
        for module in closure:
            counts.update(tallies.get(module, Tally({})).counts)
        result.append(VerifierScore(root, tuple(closure), Tally(dict(counts))))
    return tuple(result)


def _stale(entry: Equivalent, mutant: Mutant | None, same_change: list[str]) -> StaleEntry:
    if same_change:
        return StaleEntry(entry, "the reviewed change now has another id", f"set mutant = {same_change[0]!r}")
    if mutant is None:
        return StaleEntry(entry, "no mutant has this id any more", "remove the entry, or re-review the new mutants")
    return StaleEntry(
        entry,
        f"the mutant with this id is a different change now (digest {mutant.digest})",
        f"read `verifuzz mutate --show {entry.mutant}`; if it is equivalent too, update digest and reason, else remove the entry",
    )

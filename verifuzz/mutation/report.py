"""What the gate prints and writes: a table per module and per shipped verifier, every survivor, and JSON reports.

Two JSON files: verifuzz's own report (scores, timings, every mutant with its diff) and one in the
open mutation-testing-report schema (v2) that standard HTML viewers read.
"""
from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path
from typing import Any, Mapping, Sequence

from verifuzz.mutation.config import MutationConfig
from verifuzz.mutation.outcomes import MEANING, Outcome
from verifuzz.mutation.results import Mutant
from verifuzz.mutation.score import Scorecard, Tally, display_score

REPORT_FORMAT = 1
COLUMNS = (
    ("mutants", None),
    ("killed", Outcome.KILLED),
    ("timeout", Outcome.TIMEOUT),
    ("crashed", Outcome.CRASHED),
    ("survived", Outcome.SURVIVED),
    ("no tests", Outcome.NOT_EXERCISED),
    ("odd", Outcome.SUSPICIOUS),
    ("not run", Outcome.NOT_RUN),
    ("equiv", Outcome.EQUIVALENT),
)


@dataclass(frozen=True)
class Timing:
    """Wall time of the whole gate and of mutmut's mutant phase."""

    wall_seconds: float
    budget_seconds: float
    mutation_seconds: float | None
    mutants_tested: int
    workers: int
    phases: Mapping[str, float] = field(default_factory=dict)

    @property
    def mutants_per_second(self) -> float | None:
        return self.mutants_tested / self.wall_seconds if self.wall_seconds else None

    @property
    def phase_rate(self) -> float | None:
        return self.mutants_tested / self.mutation_seconds if self.mutation_seconds else None


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def show_command(mutant_id: str) -> str:
    return f"verifuzz mutate --show {shlex.quote(mutant_id)}"


def tables(card: Scorecard) -> str:
    """The per-module table, then one row per shipped verifier with the shared modules it bundles."""
    width = max([42, *(len(m.module) + 2 for m in (*card.modules, *card.verifiers))])
    header = f"{'module':<{width}}" + "".join(f"{name:>9}" for name, _ in COLUMNS) + f"{'score':>9}{'needs':>8}"
    lines = [header, "-" * len(header)]
    for module in card.modules:
        verdict = "ok" if module.passed else "FAIL"
        lines.append(
            f"{module.module:<{width}}{_cells(module.tally)}{display_score(module.tally.score):>9}"
            f"{module.threshold:>7.1f}% {verdict}"
        )
    if card.verifiers:
        lines += ["", "shipped verifiers, each with the shared modules it bundles:"]
        for verifier in card.verifiers:
            lines.append(f"{verifier.module:<{width}}{_cells(verifier.tally)}{display_score(verifier.tally.score):>9}")
            lines.append(f"    = {' + '.join(verifier.modules)}")
    return "\n".join(lines)


def survivors(card: Scorecard) -> str:
    """Every mutant that counts against the score: a diff for each one the tests ran, a list per function for the rest."""
    undetected = card.undetected()
    if not undetected:
        return "No surviving mutants."
    lines = [f"{len(undetected)} mutants count against the score:"]
    listed = (Outcome.NOT_EXERCISED, Outcome.NOT_RUN)
    for mutant in (m for m in undetected if card.outcome(m) not in listed):
        lines += ["", _title(mutant, card), *("    " + line for line in mutant.diff.splitlines())]
        lines.append(f"    inspect: {show_command(mutant.id)}")
    for outcome, heading in (
        (Outcome.NOT_EXERCISED, "in functions no selected test calls"),
        (Outcome.NOT_RUN, "never tested because the run stopped"),
    ):
        idle = [m for m in undetected if card.outcome(m) is outcome]
        if not idle:
            continue
        lines += ["", f"{len(idle)} mutants {heading} (each one's diff: {show_command('<id>')}):"]
        for (path, function), group in groupby(idle, key=lambda m: (m.path, m.function)):
            members = list(group)
            where = ", ".join(sorted({str(m.line) for m in members if m.line}, key=int)) or "?"
            lines.append(f"  {path} {function} (lines {where}): {len(members)} mutants")
            lines.append("    " + " ".join(m.id.rsplit(".", 1)[-1] for m in members))
    return "\n".join(lines)


def notes(card: Scorecard) -> str:
    """Stale or contradicted `[[equivalent]]` entries, with what to do about each."""
    lines = []
    for stale in card.stale:
        lines.append(f"stale equivalent {stale.entry.mutant}: {stale.problem}; {stale.fix}")
    for entry in card.killed_equivalents:
        lines.append(f"equivalent {entry.mutant} is killed by the tests, so it is not equivalent: remove the entry")
    return "\n".join(lines)


def timing_line(timing: Timing) -> str:
    rate = timing.mutants_per_second
    phase = timing.phase_rate
    parts = [
        f"wall {timing.wall_seconds:.1f}s of a {timing.budget_seconds:.0f}s budget",
        f"{timing.mutants_tested} mutants tested with {timing.workers} workers",
        f"{rate:.2f} mutants/s overall" if rate else "",
        f"{phase:.2f}/s in the mutant phase ({timing.mutation_seconds:.1f}s)" if phase and timing.mutation_seconds else "",
    ]
    return ", ".join(part for part in parts if part)


def equivalent_entry(mutant: Mutant) -> str:
    """A ready-to-paste `[[equivalent]]` entry, for after a person has read the mutant."""
    return f'[[equivalent]]\nmutant = {json.dumps(mutant.id)}\ndigest = "{mutant.digest}"\nreason = "<why no test can tell it apart>"'


def gate_report(
    card: Scorecard | None,
    config: MutationConfig,
    timing: Timing,
    problems: Sequence[str],
    passed: bool,
    mutmut_version: str,
) -> dict[str, Any]:
    """verifuzz's own JSON report: verdict, scores, timings and every mutant."""
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "passed": passed,
        "problems": list(problems),
        "mutmut": mutmut_version,
        "timing": {
            "wall_seconds": round(timing.wall_seconds, 2),
            "budget_seconds": timing.budget_seconds,
            "mutation_seconds": round(timing.mutation_seconds, 2) if timing.mutation_seconds else None,
            "mutants_tested": timing.mutants_tested,
            "mutants_per_second": round(timing.mutants_per_second, 3) if timing.mutants_per_second else None,
            "workers": timing.workers,
            "phase_started_seconds": dict(timing.phases),
        },
        "modules": [],
        "verifiers": [],
        "stale_equivalents": [],
        "mutants": [],
    }
    if card is None:
        return report
    report["modules"] = [
        {"module": m.module, "path": m.path, "threshold": m.threshold, "passed": m.passed, **_tally_json(m.tally)}
        for m in card.modules
    ]
    report["verifiers"] = [{"module": v.module, "bundles": list(v.modules), **_tally_json(v.tally)} for v in card.verifiers]
    report["stale_equivalents"] = [
        {"mutant": s.entry.mutant, "digest": s.entry.digest, "problem": s.problem, "fix": s.fix} for s in card.stale
    ]
    report["mutants"] = [
        {
            "id": m.id,
            "module": m.module,
            "path": m.path,
            "function": m.function,
            "line": m.line,
            "mutmut_status": m.status,
            "outcome": card.outcome(m).value,
            "detected": MEANING[card.outcome(m)].detected,
            "equivalent_reason": card.reasons.get(m.id),
            "digest": m.digest,
            "duration": m.duration,
            "tests": len(m.tests),
            "diff": m.diff,
        }
        for m in card.mutants
    ]
    return report


def schema_report(card: Scorecard, config: MutationConfig, sources: Mapping[str, str]) -> dict[str, Any]:
    """The run in mutation-testing-report-schema v2, for `mutation-testing-elements` and similar viewers.

    `sources` holds each file as it was mutated, so locations match even if the tree changed since.
    """
    files: dict[str, Any] = {}
    for path in config.files:
        source = sources.get(path, "")
        lines = source.splitlines() or [""]
        files[path] = {
            "language": "python",
            "source": source,
            "mutants": [_schema_mutant(m, card, lines) for m in card.mutants if m.path == path],
        }
    high = round(config.min_score)
    return {
        "$schema": "https://git.io/mutation-testing-schema",
        "schemaVersion": "2",
        "thresholds": {"high": high, "low": min(high, 80)},
        "projectRoot": str(config.root),
        "files": files,
        "framework": {"name": "mutmut", "branding": {"homepageUrl": "https://github.com/boxed/mutmut"}},
    }


def write_json(path: Path, payload: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def show(report_path: Path, mutant_id: str) -> tuple[int, str]:
    """A mutant's status, diff and ready-to-paste equivalent entry, read from the last JSON report."""
    if not report_path.is_file():
        return 2, f"no report at {report_path}; run `verifuzz mutate` first"
    report = json.loads(report_path.read_text(encoding="utf-8"))
    found = [m for m in report.get("mutants", []) if m["id"] == mutant_id]
    if not found:
        close = [m["id"] for m in report.get("mutants", []) if mutant_id in m["id"]][:5]
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        return 2, f"no mutant {mutant_id!r} in {report_path}{hint}"
    m = found[0]
    entry = (
        f'[[equivalent]]\nmutant = {json.dumps(m["id"])}\ndigest = "{m["digest"]}"\n'
        'reason = "<why no test can tell it apart>"'
    )
    text = [
        f"# {m['id']}: {m['outcome']} (mutmut: {m['mutmut_status']}), {m['path']}:{m['line']} in {m['function']}",
        f"# digest {m['digest']}; reached by {plural(m['tests'], 'selected test')}",
        m["diff"],
        "",
        "# If no input could ever tell this mutant from the original, record it in mutation.toml:",
        entry,
    ]
    return 0, "\n".join(text)


def _title(mutant: Mutant, card: Scorecard) -> str:
    outcome = card.outcome(mutant)
    reached = f"reached by {plural(len(mutant.tests), 'test')}" if mutant.tests else "reached by no test"
    return f"{mutant.path}:{mutant.line or '?'} {mutant.function}: {outcome.value}, {reached}  [{mutant.id}] digest {mutant.digest}"


def _cells(tally: Tally) -> str:
    return "".join(f"{tally.total if outcome is None else tally.count(outcome):>9}" for _, outcome in COLUMNS)


def _tally_json(tally: Tally) -> dict[str, Any]:
    return {
        "total": tally.total,
        "detected": tally.detected,
        "scored": tally.scored,
        "score": round(tally.score, 3) if tally.score is not None else None,
        "counts": {outcome.value: tally.count(outcome) for outcome in Outcome},
    }


def _schema_mutant(mutant: Mutant, card: Scorecard, lines: Sequence[str]) -> dict[str, Any]:
    outcome = card.outcome(mutant)
    meaning = MEANING[outcome]
    location = mutant.location
    if location is None:
        line = max(1, min(mutant.line or 1, len(lines)))
        start, end = {"line": line, "column": 1}, {"line": line, "column": len(lines[line - 1]) + 1}
        replacement = ""
    else:
        start = {"line": location.start_line, "column": location.start_column}
        end = {"line": location.end_line, "column": location.end_column}
        replacement = location.replacement
    reason = card.reasons.get(mutant.id) or f"{meaning.note} (mutmut: {mutant.status})"
    result: dict[str, Any] = {
        "id": mutant.id,
        "mutatorName": mutant.kind,
        "replacement": replacement,
        "location": {"start": start, "end": end},
        "status": meaning.schema_status,
        "statusReason": reason,
    }
    if mutant.duration is not None:
        result["duration"] = round(mutant.duration * 1000, 1)
    return result

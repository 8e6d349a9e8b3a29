"""What `verifuzz diff` prints and writes: a table, each difference with its reproduction, JSON and a short markdown."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from verifuzz.properties.example import Example, Outcome
from verifuzz.diff_judge import FIX, KINDS, NEUTRAL, REGRESSION, Difference, first_line

MARKDOWN_ROWS = 10  # a pull-request comment stays readable; the JSON report has every row
SYMBOL = {REGRESSION: "REGRESSION", FIX: "fix", NEUTRAL: "neutral"}


@dataclass
class Reported:
    """A difference with the folder its example was saved in and the command that reproduces it with each script."""

    difference: Difference
    folder: Path
    reproduce_old: str
    reproduce_new: str


@dataclass
class DiffRun:
    """Everything one `verifuzz diff` run found."""

    task: str
    old: str
    new: str
    seed: int
    examples: int
    seconds: float
    reported: list[Reported] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    changes: str = ""  # what differs between the sources (diff_changes.Changes.summary)
    witnesses: str = ""  # how many witnesses OLD pays (diff_witnesses)
    focus: list[Any] = field(default_factory=list)  # the focused promises (diff_focus.Focus)

    def count(self, kind: str) -> int:
        return sum(r.difference.kind == kind for r in self.reported)

    def in_order(self) -> list[Reported]:
        return sorted(self.reported, key=lambda r: KINDS.index(r.difference.kind))


def moved_keys(old: Outcome, new: Outcome) -> list[str]:
    """The metric keys whose value differs between the two outcomes, reward first."""
    before, after = old.metrics or {}, new.metrics or {}
    keys = [k for k in dict.fromkeys([*before, *after]) if before.get(k) != after.get(k)]
    return sorted(keys, key=lambda k: k != "reward")


def outcome_text(outcome: Outcome, keys: list[str]) -> str:
    """An outcome in a few words: the failure, or the named metrics (reward always)."""
    if outcome.error is not None:
        return f"failed: {first_line(outcome.error)}"
    metrics = outcome.metrics or {}
    shown = ["reward", *(k for k in keys if k != "reward")]
    return " ".join(f"{k}={_number(metrics[k]) if k in metrics else '-'}" for k in shown)


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else repr(value)


def example_text(example: Example, width: int = 60) -> str:
    """The example in short: its label, and the last message's text when the evidence has messages."""
    if example.fault is not None:
        return f"{example.label}"
    if example.raw is not None:
        return f"{example.label} ({len(example.raw)} bytes)"
    messages = example.evidence.get("messages") if isinstance(example.evidence, dict) else None
    if isinstance(messages, list) and messages and isinstance(messages[-1], dict):
        content = messages[-1].get("content")
        if isinstance(content, str):
            content = " ".join(content.split())
            short = content if len(content) <= width else content[: width - 1] + "…"
            return f'{example.label}: last message "{short}"'
    return example.label


def _row(reported: Reported) -> list[str]:
    d = reported.difference
    keys = moved_keys(d.old, d.new)
    return [SYMBOL[d.kind], example_text(d.item.example, 40), source(d), outcome_text(d.old, keys), outcome_text(d.new, keys)]


def source(difference: Difference) -> str:
    """The promise the example was made for (marked `focus` when the focused search drew it), or the saved
    counterexample it was read from."""
    origin = difference.item.origin
    if origin.startswith("counterexample "):
        return f"saved {Path(origin.removeprefix('counterexample ')).name}"
    name = difference.item.prop.name if difference.item.prop else origin
    return f"{name} (focus)" if origin.startswith("focus ") and difference.item.prop else name


def focus_text(run: DiffRun) -> str:
    """What changed, whose witnesses, and each focused promise with why it was chosen and what its search found."""
    lines = [f"Changed: {run.changes}"] if run.changes else []
    if run.witnesses:
        lines.append(f"Witnesses: {run.witnesses}")
    if run.focus:
        lines.append("Focused (the promises that run the change):")
        lines += [f"  {f.prop.name}: {f.why()}; {f.examples} more examples, {f.found} differ" for f in run.focus]
    return "\n".join(lines)


HEADER = ["difference", "example", "from", "old", "new"]


def table(run: DiffRun) -> str:
    """Every difference, one line each, regressions first."""
    rows = [HEADER, *(_row(r) for r in run.in_order())]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADER))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def findings(run: DiffRun) -> str:
    """Each difference in full: why it is classified so, both outcomes, where the example was saved and how to rerun it."""
    blocks = []
    for r in run.in_order():
        d = r.difference
        keys = moved_keys(d.old, d.new)
        blocks.append("\n".join([
            f"== {SYMBOL[d.kind]}: {example_text(d.item.example)}",
            f"From: {d.item.origin}",
            f"Why: {d.why}",
            f"Old: {outcome_text(d.old, keys)}",
            f"New: {outcome_text(d.new, keys)}",
            f"Saved: {r.folder}",
            "Reproduce with the old script:",
            f"  {r.reproduce_old}",
            "Reproduce with the new script:",
            f"  {r.reproduce_new}",
        ]))
    return "\n\n".join(blocks)


PLURAL = {REGRESSION: "regressions", FIX: "fixes", NEUTRAL: "neutral"}


def summary(run: DiffRun) -> str:
    """The counts in one line, e.g. `1 regression, 0 fixes, 2 neutral (120 examples, 31.0 s, seed 7)`."""
    counts = ", ".join(f"{run.count(kind)} {kind if run.count(kind) == 1 else PLURAL[kind]}" for kind in KINDS)
    errors = f", {len(run.errors)} errors" if run.errors else ""
    return f"{counts}{errors} ({run.examples} examples, {run.seconds:.1f} s, seed {run.seed})"


def to_json(run: DiffRun) -> dict[str, Any]:
    return {
        "command": "diff",
        "task": run.task,
        "old": run.old,
        "new": run.new,
        "seed": run.seed,
        "examples": run.examples,
        "seconds": round(run.seconds, 3),
        "counts": {kind: run.count(kind) for kind in KINDS},
        "errors": run.errors,
        "changes": run.changes,
        "witnesses": run.witnesses,
        "focus": [{"promise": f.prop.name, "reached": f.reached, "drawn": f.drawn, "boundary": f.boundary,
                   "examples": f.examples, "differ": f.found} for f in run.focus],
        "differences": [_difference_json(r) for r in run.in_order()],
    }


def _difference_json(r: Reported) -> dict[str, Any]:
    d = r.difference
    return {
        "kind": d.kind,
        "why": d.why,
        "example": d.item.example.label,
        "in_short": example_text(d.item.example),
        "origin": d.item.origin,
        "promise": d.item.prop.name if d.item.prop else None,
        "changed_verdicts": [{"promise": c.promise, "old": c.old or "held", "new": c.new or "held"} for c in d.changes],
        "moved": moved_keys(d.old, d.new),
        "old": {"metrics": d.old.metrics, "error": d.old.error},
        "new": {"metrics": d.new.metrics, "error": d.new.error},
        "saved": str(r.folder),
        "reproduce": {"old": r.reproduce_old, "new": r.reproduce_new},
    }


def write_json(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def markdown(run: DiffRun, rows: int = MARKDOWN_ROWS) -> str:
    """A summary short enough for a pull-request comment: the counts, the first rows, how to reproduce the first regression."""
    verdict = "regressions found" if run.count(REGRESSION) else "no regression"
    lines = [f"### verifuzz diff `{run.task}`: {verdict}", "", summary(run).replace(" (", " — ", 1).rstrip(")"), ""]
    lines.append(f"Old: `{run.old}`  ")
    lines.append(f"New: `{run.new}`")
    if run.changes:
        lines.append(f"\nChanged: {_cell(run.changes)}; {len(run.focus)} promises focused")
    ordered = run.in_order()
    if ordered:
        lines += ["", "| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
        for r in ordered[:rows]:
            lines.append("| " + " | ".join(_cell(c) for c in _row(r)) + " |")
        if len(ordered) > rows:
            lines.append(f"\n{len(ordered) - rows} more in the JSON report (`--json`).")
        first = ordered[0]
        lines += ["", f"<details><summary>Reproduce the first {SYMBOL[first.difference.kind]}</summary>", "",
                  "```", first.reproduce_old, first.reproduce_new, "```", "", "</details>"]
    for error in run.errors:
        lines.append(f"\n**error:** {_cell(error)}")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")

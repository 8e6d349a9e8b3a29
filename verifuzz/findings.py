"""One defect, one finding: violations that share a cause, across promises, are reported together."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from verifuzz.properties.engine import VIOLATED, Result

_FRAME = re.compile(r'File "([^"]+)", line (\d+)')
_EXIT = re.compile(r"exit status (-?\d+)")


@dataclass
class Finding:
    """Violations with one cause: `indexes` into the run's results, the first one's example stands for all."""

    cause: str
    indexes: list[int] = field(default_factory=list)


def cause(result: Result) -> str:
    """The failure key: the same exception at the same place, or the same break of the same promise text on the
    same kind of example (the adversary, or the malformed field and how it broke)."""
    outcome = result.outcome
    error = outcome.error if outcome is not None else None
    if error:
        text = "\n".join(part for part in (error, outcome.stderr if outcome else "") if part)
        frames = _FRAME.findall(text)
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        exception = next((line.split(":")[0] for line in reversed(lines) if re.match(r"^[\w.]+(Error|Exception|Exit|Interrupt|Warning)\b", line)), None)
        if frames and exception:
            path, line = frames[-1]
            return f"crash: {exception} at {path.rsplit('/', 1)[-1]}:{line}"
        if error.startswith("timed out"):
            return "timed out"
        code = _EXIT.match(error)
        if code:
            return f"exit status {code.group(1)} ({lines[-1][:120] if lines else 'no output'})"
        return f"no usable output: {error.splitlines()[0][:120]}"
    title = result.violation.title if result.violation is not None else ""
    label = result.example.label if result.example is not None else ""
    return f"{title} on {label}"


def group(results: Sequence[Result]) -> list[Finding]:
    """The violated results grouped by cause, in order of first appearance."""
    findings: dict[str, Finding] = {}
    for index, result in enumerate(results):
        if result.status == VIOLATED:
            key = cause(result)
            findings.setdefault(key, Finding(key)).indexes.append(index)
    return list(findings.values())

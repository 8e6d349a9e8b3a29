"""Reports of a run: a table for people, JSON for machines, JUnit XML for CI dashboards."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Sequence
from xml.etree import ElementTree

from properties.engine import ERROR, HELD, VIOLATED, Result
from verifuzz import __version__

SYMBOL = {HELD: "held", VIOLATED: "VIOLATED", ERROR: "ERROR"}


def progress_line(index: int, total: int, result: Result) -> str:
    width = len(str(total))
    return (f"[{index:>{width}}/{total}] {result.task}  {result.prop.name}: {SYMBOL[result.status]} "
            f"({result.examples} examples, {result.seconds:.1f} s)")


def table(results: Sequence[Result]) -> str:
    """task × promise → held / violated, examples tried, seconds."""
    rows = [("task", "promise", "result", "examples", "seconds")]
    rows += [(r.task, r.prop.name, SYMBOL[r.status], str(r.examples), f"{r.seconds:.2f}") for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = ["  ".join(cell.ljust(widths[i]) if i < 3 else cell.rjust(widths[i]) for i, cell in enumerate(row)) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def summary(results: Sequence[Result]) -> dict[str, int]:
    return {status: sum(r.status == status for r in results) for status in (HELD, VIOLATED, ERROR)}


def findings(results: Sequence[Result], saved: dict[int, Any]) -> str:
    """Every violation and error spelled out, each ending with how to reproduce it."""
    blocks = []
    for index, result in enumerate(results):
        if result.status == HELD:
            continue
        head = f"== {result.task}: {result.prop.name} {SYMBOL[result.status]} — {result.prop.promise}"
        if result.status == ERROR:
            blocks.append(f"{head}\n{result.error}")
            continue
        body = f"{head}\n{result.violation}\nExample: {result.example.label if result.example else '-'}"
        if index in saved:
            body += f"\nSaved: {saved[index].folder}\nReproduce with:\n  {saved[index].reproduce}\n" \
                    f"Replay with:\n  verifuzz replay {saved[index].folder}"
        blocks.append(body)
    return "\n\n".join(blocks)


def to_json(results: Sequence[Result], saved: dict[int, Any], meta: dict[str, Any]) -> dict[str, Any]:
    return {
        "verifuzz": __version__,
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        **meta,
        "summary": summary(results),
        "results": [
            {
                "task": r.task,
                "promise": r.prop.name,
                "description": r.prop.promise,
                "status": r.status,
                "examples": r.examples,
                "seconds": round(r.seconds, 3),
                "violation": None if r.violation is None else
                {"title": r.violation.title, "received": r.violation.received, "expected": r.violation.expected,
                 "example": r.example.label if r.example else None},
                "error": r.error,
                "counterexample": str(saved[i].folder) if i in saved else None,
                "reproduce": saved[i].reproduce if i in saved else None,
            }
            for i, r in enumerate(results)
        ],
    }


def write_json(path: Path, payload: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")


def write_junit(path: Path, results: Sequence[Result]) -> None:
    """One testsuite per task, one testcase per promise; violations are failures, harness faults errors."""
    suites = ElementTree.Element("testsuites", name="verifuzz")
    for task in dict.fromkeys(r.task for r in results):
        mine = [r for r in results if r.task == task]
        counts = summary(mine)
        suite = ElementTree.SubElement(suites, "testsuite", name=task, tests=str(len(mine)), failures=str(counts[VIOLATED]),
                                       errors=str(counts[ERROR]), time=f"{sum(r.seconds for r in mine):.3f}")
        for r in mine:
            case = ElementTree.SubElement(suite, "testcase", classname=task, name=r.prop.name, time=f"{r.seconds:.3f}")
            if r.status == VIOLATED and r.violation is not None:
                ElementTree.SubElement(case, "failure", message=r.violation.title).text = str(r.violation)
            elif r.status == ERROR:
                ElementTree.SubElement(case, "error", message=(r.error or "")[:200]).text = r.error
    path.parent.mkdir(parents=True, exist_ok=True)
    ElementTree.ElementTree(suites).write(path, encoding="utf-8", xml_declaration=True)

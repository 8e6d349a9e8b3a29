"""Reports of a run: a table for people, JSON for machines, JUnit XML for CI dashboards."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Sequence
from xml.etree import ElementTree

from verifuzz.properties.engine import ERROR, HELD, VACUOUS, VIOLATED, Result
from verifuzz import __version__
from verifuzz.findings import Finding

SYMBOL = {HELD: "held", VIOLATED: "VIOLATED", ERROR: "ERROR", VACUOUS: "vacuous"}
STATUSES = (HELD, VIOLATED, ERROR, VACUOUS)
EXIT_VACUOUS = 3  # nothing violated, but a must-not-reward promise held only because nothing was rewarded


def exit_code(results: Sequence[Result]) -> int:
    """1 on any violation or harness error, else 3 when a promise held only vacuously, else 0."""
    counts = summary(results)
    if counts[VIOLATED] or counts[ERROR]:
        return 1
    return EXIT_VACUOUS if counts[VACUOUS] else 0


def closing_line(results: Sequence[Result], groups: Sequence[Finding], meta: dict[str, Any]) -> str:
    counts = summary(results)
    run = [f"profile {meta.get('profile')}"]
    if meta.get("seed") is not None:
        run.append(f"seed {meta['seed']}")
    if meta.get("shard"):
        run.append(f"shard {meta['shard']['index']}/{meta['shard']['count']}")
    return (f"{counts[HELD]} held, {counts[VIOLATED]} violated, {counts[ERROR]} errors, {counts[VACUOUS]} vacuous; "
            f"{len(groups)} distinct finding(s) ({', '.join(run)})")


def show(results: Sequence[Result], saved: dict[int, Any], groups: Sequence[Finding], meta: dict[str, Any]) -> None:
    """The table, each finding, and the closing counts, on standard output."""
    print(table(results))
    details = findings(results, saved, groups)
    if details:
        print("\n" + details)
    if meta.get("witness_search"):
        print("\n" + meta["witness_search"]["summary"])
    print("\n" + closing_line(results, groups, meta))


def progress_line(index: int, total: int, result: Result) -> str:
    width = len(str(total))
    return (f"[{index:>{width}}/{total}] {result.task}  {result.prop.name}: {SYMBOL[result.status]} "
            f"({result.examples} examples, {result.rewarded} rewarded, {result.seconds:.1f} s)")


def table(results: Sequence[Result]) -> str:
    """task × promise → held / violated / vacuous, examples tried, how many were rewarded, seconds."""
    rows = [("task", "promise", "result", "examples", "rewarded", "seconds")]
    rows += [(r.task, r.prop.name, SYMBOL[r.status], str(r.examples), str(r.rewarded), f"{r.seconds:.2f}") for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(6)]
    lines = ["  ".join(cell.ljust(widths[i]) if i < 3 else cell.rjust(widths[i]) for i, cell in enumerate(row)) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def summary(results: Sequence[Result]) -> dict[str, int]:
    return {status: sum(r.status == status for r in results) for status in STATUSES}


def findings(results: Sequence[Result], saved: dict[int, Any], groups: Sequence[Finding] = ()) -> str:
    """Each finding once, with every promise it broke and how to reproduce it; then harness errors and
    vacuous passes."""
    blocks = []
    for number, finding in enumerate(groups, start=1):
        lead = results[finding.indexes[0]]
        names = ", ".join(results[i].prop.name for i in finding.indexes)
        head = f"== finding {number}: {lead.task}: {finding.cause}\nBreaks {len(finding.indexes)} promise(s): {names}"
        body = (f"{head}\n-- {lead.prop.name} — {lead.prop.promise}\n{lead.violation}\n"
                f"Example: {lead.example.label if lead.example else '-'}")
        if lead.example is not None and lead.example.why:
            body += f"\nWrong because: {lead.example.why}"
        index = finding.indexes[0]
        if index in saved:
            body += f"\nSaved: {saved[index].folder}\nReproduce with:\n  {saved[index].reproduce}\n" \
                    f"Replay with:\n  verifuzz replay {saved[index].folder}"
        blocks.append(body)
    for result in results:
        if result.status == ERROR:
            blocks.append(f"== {result.task}: {result.prop.name} ERROR — {result.prop.promise}\n{result.error}")
        elif result.status == VACUOUS:
            blocks.append(f"== {result.task}: {result.prop.name} vacuous — {result.prop.promise}\n"
                          f"No witness earned reward ({result.witnesses} judged), so nothing showed this verifier can "
                          "refuse what it would otherwise reward; give correct runs with --witness.")
    return "\n\n".join(blocks)


def to_json(results: Sequence[Result], saved: dict[int, Any], meta: dict[str, Any],
            groups: Sequence[Finding] = ()) -> dict[str, Any]:
    finding_of = {i: number for number, finding in enumerate(groups, start=1) for i in finding.indexes}
    leader = {i: finding.indexes[0] for finding in groups for i in finding.indexes}
    return {
        "verifuzz": __version__,
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        **meta,
        "summary": summary(results),
        "findings": [{"cause": f.cause, "promises": [results[i].prop.name for i in f.indexes],
                      "counterexample": str(saved[f.indexes[0]].folder) if f.indexes[0] in saved else None}
                     for f in groups],
        "results": [
            {
                "task": r.task,
                "promise": r.prop.name,
                "description": r.prop.promise,
                "status": r.status,
                "examples": r.examples,
                "rewarded": r.rewarded,
                "witnesses": r.witnesses,
                "witnesses_rewarded": r.witnesses_rewarded,
                "seconds": round(r.seconds, 3),
                "violation": None if r.violation is None else
                {"title": r.violation.title, "received": r.violation.received, "expected": r.violation.expected,
                 "example": r.example.label if r.example else None,
                 "why": r.example.why if r.example else None},
                "error": r.error,
                "finding": finding_of.get(i),
                "counterexample": str(saved[leader[i]].folder) if leader.get(i) in saved else None,
                "reproduce": saved[leader[i]].reproduce if leader.get(i) in saved else None,
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
            elif r.status == VACUOUS:
                ElementTree.SubElement(case, "skipped", message="vacuous: no witness earned reward")
    path.parent.mkdir(parents=True, exist_ok=True)
    ElementTree.ElementTree(suites).write(path, encoding="utf-8", xml_declaration=True)


def markdown(results: Sequence[Result], saved: dict[int, Any], groups: Sequence[Finding], meta: dict[str, Any]) -> str:
    """A step summary: the closing counts, every promise that did not simply hold, and each finding's replay."""
    lines = [f"## verifuzz {meta.get('command', 'check')}: {', '.join(meta.get('tasks') or [])}", "",
             closing_line(results, groups, meta), ""]
    rows = [r for r in results if r.status != HELD]
    if rows:
        lines += ["| task | promise | result | examples |", "| --- | --- | --- | ---: |"]
        lines += [f"| {r.task} | {r.prop.name} | {SYMBOL[r.status]} | {r.examples} |" for r in rows]
        lines.append("")
    for number, finding in enumerate(groups, start=1):
        lead = finding.indexes[0]
        lines.append(f"- finding {number}: {results[lead].task}: {finding.cause} "
                     f"(breaks {', '.join(results[i].prop.name for i in finding.indexes)})")
        if lead in saved:
            lines.append(f"  replay: `verifuzz replay {saved[lead].folder}`")
    return "\n".join(lines) + "\n"


def results_from_json(rows: Sequence[dict[str, Any]]) -> list[Result]:
    """The results a JSON report holds, rebuilt for the table, JUnit and a merged report (examples by label only)."""
    from verifuzz.properties.example import Example
    from verifuzz.properties.registry import PROPERTIES, Violation

    results = []
    for row in rows:
        violation = row.get("violation")
        results.append(Result(
            row["task"], PROPERTIES[row["promise"]], row["status"], row["examples"], row["seconds"],
            violation=None if violation is None else Violation(violation["title"], violation["received"], violation["expected"]),
            example=None if not violation or violation.get("example") is None
            else Example(violation["example"], why=violation.get("why") or ""),
            error=row.get("error"), rewarded=row.get("rewarded", 0), witnesses=row.get("witnesses", 0),
            witnesses_rewarded=row.get("witnesses_rewarded", 0)))
    return results

"""`verifuzz merge`: join the JSON reports of `--shard K/N` jobs into the report one run would have written."""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Sequence

from verifuzz import report
from verifuzz.findings import Finding
from verifuzz.properties.counterexamples import Saved
from verifuzz.properties.engine import VIOLATED
from verifuzz.properties.registry import PROPERTIES, UsageError

# What every shard of one run must agree on: the same plan judged the same way.
SAME = ("command", "tasks", "verifier", "profile", "seed", "plan")


def add_parser(commands: Any) -> None:
    merge = commands.add_parser("merge", help="join the --report files of `check`/`audit --shard K/N` jobs into one "
                                "report, JUnit and step summary, exiting as one run would have")
    merge.add_argument("reports", nargs="+", type=Path, metavar="REPORT.json", help="one report per shard, all N of them")
    merge.add_argument("--report", type=Path, metavar="FILE.json", help="write the merged machine-readable report")
    merge.add_argument("--junit", type=Path, metavar="FILE.xml", help="write the merged JUnit XML report")
    merge.add_argument("--summary", type=Path, metavar="FILE.md",
                       help="append a markdown summary, e.g. --summary \"$GITHUB_STEP_SUMMARY\"")
    merge.set_defaults(handler=run_merge)


def run_merge(args: argparse.Namespace) -> int:
    payloads = [_read(path) for path in args.reports]
    rows, causes, meta = joined(payloads, args.reports)
    results = report.results_from_json(rows)
    groups: dict[str, Finding] = {}
    for index, result in enumerate(results):
        if result.status == VIOLATED:
            groups.setdefault(causes[index], Finding(causes[index])).indexes.append(index)
    saved = {finding.indexes[0]: Saved(Path(rows[finding.indexes[0]]["counterexample"]),
                                       rows[finding.indexes[0]]["reproduce"] or "")
             for finding in groups.values() if rows[finding.indexes[0]].get("counterexample")}
    findings = list(groups.values())
    report.show(results, saved, findings, meta)
    if args.report:
        report.write_json(args.report, report.to_json(results, saved, meta, findings))
    if args.junit:
        report.write_junit(args.junit, results)
    if args.summary:
        args.summary.parent.mkdir(parents=True, exist_ok=True)
        with args.summary.open("a", encoding="utf-8") as summary:
            summary.write(report.markdown(results, saved, findings, meta))
    return report.exit_code(results)


def joined(payloads: Sequence[dict[str, Any]], paths: Sequence[Path]) -> tuple[list[dict], list[str], dict[str, Any]]:
    """The shards' result rows in plan order, each violated row's cause, and the run's meta; a UsageError when the
    reports are not the N shares of one plan."""
    first = payloads[0]
    for path, payload in zip(paths, payloads):
        if not payload.get("shard") or "plan" not in payload:
            raise UsageError(f"{path}: not a shard's report; write one per job with `--shard K/N --report FILE.json`")
        for key in SAME:
            if payload.get(key) != first.get(key):
                raise UsageError(f"{path}: its {key} differs from {paths[0]}'s; merge the shards of one run")
    count = first["shard"]["count"]
    indexes = sorted(payload["shard"]["index"] for payload in payloads)
    if any(payload["shard"]["count"] != count for payload in payloads) or indexes != list(range(1, count + 1)):
        given = ", ".join(f"{p['shard']['index']}/{p['shard']['count']}" for p in payloads)
        raise UsageError(f"shards {given}: give each of the {count} shards' reports exactly once")
    position = {(task, promise): i for i, (task, promise) in enumerate(first["plan"])}
    rows: list[dict | None] = [None] * len(position)
    causes: list[str] = [""] * len(position)
    for path, payload in zip(paths, payloads):
        for row in payload["results"]:
            where = position.get((row["task"], row["promise"]))
            if where is None or rows[where] is not None:
                raise UsageError(f"{path}: {row['task']}: {row['promise']} is "
                                 f"{'not in the plan' if where is None else 'in two shards'}")
            if row["promise"] not in PROPERTIES:
                raise UsageError(f"{path}: promise {row['promise']!r} is not registered in this verifuzz")
            rows[where] = row
            if row["status"] == VIOLATED:
                causes[where] = payload["findings"][row["finding"] - 1]["cause"]
    missing = [f"{task}: {promise}" for (task, promise), i in position.items() if rows[i] is None]
    if missing:
        raise UsageError(f"no shard ran {', '.join(missing[:5])}{' ...' if len(missing) > 5 else ''}")
    meta = {key: value for key, value in first.items()
            if key not in ("verifuzz", "created", "summary", "findings", "results", "shard", "plan", "jobs")}
    meta["merged"] = {"shards": count, "reports": [str(path) for path in paths]}
    return rows, causes, meta  # type: ignore[return-value]


def _read(path: Path) -> dict[str, Any]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise UsageError(f"{path}: cannot read it ({error.strerror or error})") from None
    except ValueError as error:
        raise UsageError(f"{path}: not a JSON report ({error})") from None

"""Mutation gate timing: wall time of the whole `verifuzz mutate` run and mutants per second, phase by phase.

    python bench/mutation_gate.py [--jobs 2] [--budget 1800] [--json FILE]

Runs the gate exactly as CI does (a scratch copy, mutmut 3, the `mutation` profile) but with a
generous budget so the run completes and the figures describe all mutants. Target: the whole gate
within 10 minutes on 2 cores for all ten tasks. The machine is shared, so the load average at start
and end and the CPU seconds used are printed beside the figures. Phase times are those the gate
saw in mutmut's data files (`timing.phase_started_seconds` in reports/mutation.json).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 600.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="mutmut workers (default 2, the CI machine's cores)")
    parser.add_argument("--budget", type=float, default=1800.0, help="budget for this run, so it finishes")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    load_before = os.getloadavg()
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "verifuzz.mutation", "--jobs", str(args.jobs), "--budget", str(args.budget)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    wall = time.monotonic() - started
    # CPU seconds of the gate and everything it started: on a shared machine a steadier figure than wall.
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    report = json.loads((ROOT / "reports/mutation.json").read_text(encoding="utf-8"))
    timing = report["timing"]
    total = len(report["mutants"])
    phases = timing.get("phase_started_seconds", {})
    figures = {
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "mutmut": report["mutmut"],
        "cpus": os.cpu_count(),
        "jobs": args.jobs,
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "gate_exit": result.returncode,
        "wall_seconds": round(wall, 1),
        "cpu_seconds": round(used.ru_utime + used.ru_stime, 1),
        "mutants": total,
        "mutants_tested": timing["mutants_tested"],
        "mutants_per_second": round(total / wall, 2) if wall else None,
        "mutant_phase_seconds": timing["mutation_seconds"],
        "mutant_phase_rate": round(timing["mutants_tested"] / timing["mutation_seconds"], 2)
        if timing["mutation_seconds"]
        else None,
        "phases": _durations(phases, timing["wall_seconds"]),
        "scores": {m["module"]: m["score"] for m in report["modules"]},
        # Under the session runner: tests run until the verdict, against the tests that reach the mutants.
        "tests_run": sum(m.get("tests_run") or 0 for m in report["mutants"]),
        "tests_reaching": sum(m["tests"] for m in report["mutants"] if m.get("tests_run") is not None),
        "slowest_mutants": sorted(
            ((m["duration"] or 0.0, m["id"], m["outcome"]) for m in report["mutants"]), reverse=True
        )[:5],
    }
    print(f"gate exit {result.returncode}; {total} mutants in {wall:.1f}s wall on {args.jobs} workers "
          f"(target {TARGET_SECONDS:.0f}s: {'met' if wall <= TARGET_SECONDS else 'missed'})")
    print(f"cpu {figures['cpu_seconds']}s for the gate and everything it started")
    print(f"mutants per second: {figures['mutants_per_second']} overall, "
          f"{figures['mutant_phase_rate']} while testing mutants ({timing['mutants_tested']} run)")
    for phase, seconds in figures["phases"].items():
        print(f"  {seconds:7.1f}s  {phase}")
    if figures["tests_run"]:
        print(f"tests run {figures['tests_run']} of {figures['tests_reaching']} reaching the mutants tested")
    print(f"load average before {figures['load_average_before']}, after {figures['load_average_after']}")
    for module, score in figures["scores"].items():
        print(f"  {module}: {score}%")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


def _durations(started: dict[str, float], wall: float) -> dict[str, float]:
    """Turn 'phase first seen at' offsets into how long each phase lasted."""
    ordered = sorted(started.items(), key=lambda item: item[1])
    ends = [offset for _, offset in ordered[1:]] + [wall]
    return {phase: round(end - offset, 1) for (phase, offset), end in zip(ordered, ends)}


if __name__ == "__main__":
    raise SystemExit(main())

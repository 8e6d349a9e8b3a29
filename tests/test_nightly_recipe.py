"""The nightly workflow: a matrix of shards whose reports merge to one, with the example database cached between runs."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / "examples" / "ci" / "nightly.yml"


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_matrix_covers_every_shard_and_the_database_is_cached_per_shard() -> None:
    """The matrix lists shards 1..SHARDS, each restores and saves its own database cache, and merge needs them all."""
    workflow = _workflow()
    assert "schedule" in workflow[True]  # PyYAML reads the bare key `on` as True
    count = workflow["env"]["SHARDS"]
    shard, merge = workflow["jobs"]["shard"], workflow["jobs"]["merge"]
    assert shard["strategy"]["matrix"]["shard"] == list(range(1, count + 1)) and not shard["strategy"]["fail-fast"]
    caches = [step for step in shard["steps"] if step.get("uses", "").startswith("actions/cache/")]
    assert [step["uses"].split("@")[0] for step in caches] == ["actions/cache/restore", "actions/cache/save"]
    assert all(step["with"]["path"] == workflow["env"]["VERIFUZZ_DATABASE"] for step in caches)
    assert all("${{ matrix.shard }}" in step["with"]["key"] for step in caches)
    assert caches[1]["if"] == "always()"
    assert merge["needs"] == "shard" and merge["if"] == "always()"
    runs = "\n".join(step.get("run", "") for step in merge["steps"])
    assert "verifuzz merge reports/shard-*.json" in runs and "$GITHUB_STEP_SUMMARY" in runs
    published = [step for step in merge["steps"] if step.get("with", {}).get("name") == "verifuzz-examples"]
    assert published and published[0]["with"]["path"].rstrip("/") == workflow["env"]["VERIFUZZ_DATABASE"]


@pytest.mark.slow
def test_the_shard_and_merge_steps_run_as_one_check(tmp_path: Path) -> None:
    """Each shard's step, then the merge step, run with bash in a checkout: each shard keeps its examples where the
    cache looks, every promise runs once, and the merged report and step summary hold the whole run."""
    workflow = _workflow()
    count = workflow["env"]["SHARDS"]
    shim = tmp_path / "bin" / "verifuzz"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec {sys.executable} -m verifuzz.cli "$@"\n', encoding="utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IEXEC)
    summary = tmp_path / "summary.md"
    env = {**os.environ, **{k: str(v) for k, v in workflow["env"].items()},
           "PATH": f"{shim.parent}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT),
           "GITHUB_STEP_SUMMARY": str(summary), "VERIFUZZ_PROFILE": "dev",
           "TASKS": str(ROOT / "tasks" / "user-mention")}
    env.pop("CI", None)
    [step] = [s for s in workflow["jobs"]["shard"]["steps"] if s.get("name") == "Promises, this shard's share"]
    for k in range(1, count + 1):
        repo = tmp_path / f"runner-{k}"
        repo.mkdir()
        script = step["run"].replace("${{ matrix.shard }}", str(k))
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=repo, env=env,
                              capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stdout + done.stderr
        shard = json.loads((repo / "reports" / f"shard-{k}.json").read_text())
        assert shard["database"] == workflow["env"]["VERIFUZZ_DATABASE"]  # what the cache steps restore and save
    merged = tmp_path / "merged"
    (merged / "reports").mkdir(parents=True)
    for k in range(1, count + 1):
        (tmp_path / f"runner-{k}" / "reports" / f"shard-{k}.json").rename(merged / "reports" / f"shard-{k}.json")
    [merge] = [s for s in workflow["jobs"]["merge"]["steps"] if s.get("name") == "Merge the shards"]
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", merge["run"]], cwd=merged,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads((merged / "reports" / "verifuzz.json").read_text())
    ran = [(row["task"], row["promise"]) for row in report["results"]]
    assert len(ran) == len(set(ran)) == len(shard["plan"])
    assert report["merged"]["shards"] == count and report["summary"]["held"] == len(ran) > 10
    assert (merged / "reports" / "verifuzz.xml").is_file()
    assert "## verifuzz check: user-mention" in summary.read_text()

"""`check --verifier NEW --baseline OLD` reports a finding new in NEW even when OLD broke the same promise elsewhere."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from verifuzz.cli import main

SCRIPT = Path(__file__).parent / "foreign" / "planted" / "licence_total" / "verify.py"
TOLERANCE = "abs(n - TOTAL) <= 1 for"


def written(folder: Path, tolerance: str) -> Path:
    path = folder / "user-mention" / "tests" / "verify.py"
    path.parent.mkdir(parents=True)
    path.write_text(SCRIPT.read_text(encoding="utf-8").replace(TOLERANCE, f"abs(n - TOTAL) <= {tolerance} for"),
                    encoding="utf-8")
    return path


def violated(tmp_path: Path, name: str, *argv: str) -> set[str]:
    report = tmp_path / f"{name}.json"
    main(["check", "tasks/user-mention", *argv, "--promise", "rejects_wrong_total", "--seed", "1", "--quiet",
          "--counterexamples", str(tmp_path / "saved"), "--report", str(report)])
    return {row["promise"] for row in json.loads(report.read_text(encoding="utf-8"))["results"] if row["status"] == "violated"}


@pytest.mark.slow
def test_a_new_defect_behind_an_old_one_is_reported(tmp_path: Path) -> None:
    """OLD pays totals $2 off, NEW those 1% off: the promise is broken by both, and only NEW's new examples count."""
    old, new = written(tmp_path / "old", "2"), written(tmp_path / "new", "TOTAL * 0.01")
    assert violated(tmp_path, "old-alone", "--verifier", str(old)) == {"rejects_wrong_total"}
    assert violated(tmp_path, "old-vs-old", "--verifier", str(old), "--baseline", str(old)) == set()
    assert violated(tmp_path, "new-vs-old", "--verifier", str(new), "--baseline", str(old)) == {"rejects_wrong_total"}


def test_a_baseline_needs_a_verifier(capsys: pytest.CaptureFixture[str]) -> None:
    """--baseline without --verifier is bad usage (exit 2) with what to give."""
    assert main(["check", "tasks/user-mention", "--baseline", str(SCRIPT)]) == 2
    assert "--verifier NEW" in capsys.readouterr().err

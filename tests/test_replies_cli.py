"""`verifuzz replies` through a real subprocess: labelled replies from a small TOML file, scored by the shipped
narrative-agent-names verifier and by foreign ones, compared with their labels, bounded, written as JSON."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOREIGN = ROOT / "tests" / "foreign"

# Four counted replies and a debatable one. `contrast` is correct, and the shipped reader refuses it (held-out set A
# measured it so); `at-wake` states both statuses right but wakes a bot, which the corpus's class reader ignores.
REPLIES = '''
task = "narrative-agent-names"
answer = ["status_correct"]

[aliases]
status = "status_correct"

[[case]]
id = "plain"
text = "Aurora Audit Bot completed the audit.\\nBeacon Deploy Bot remains idle."
expected = true
why = "the requested lines"

[[case]]
id = "contrast"
text = "Aurora Audit Bot, not Beacon Deploy Bot, completed the audit.\\nBeacon Deploy Bot remains idle."
expected = true
why = "the contrast names who did the work"

[[case]]
id = "negated"
text = "Aurora Audit Bot has not completed the audit.\\nBeacon Deploy Bot remains idle."
expected = false
why = "Aurora's status is negated"

[[case]]
id = "at-wake"
text = "@Aurora Audit Bot completed the audit.\\nBeacon Deploy Bot remains idle."
expected = false
status = true
why = "both statuses right, but the bot is woken"

[[case]]
id = "maybe"
text = "Aurora Audit Bot completed the audit, I believe.\\nBeacon Deploy Bot remains idle."
expected = false
debatable = true
why = "a hedge some graders accept"
'''


def replies(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "verifuzz.cli", "replies", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture
def reply_file(tmp_path: Path) -> Path:
    path = tmp_path / "narrative.toml"
    path.write_text(REPLIES, encoding="utf-8")
    return path


def test_shipped_verifier_false_fails_and_passes_are_counted_and_listed(reply_file: Path, tmp_path: Path) -> None:
    """The shipped verifier refuses one correct reply and pays no wrong one: both counts, the disagreement with its
    reply and class, and the JSON tallies per label class say so; no bound was set, so it exits 0."""
    report = tmp_path / "report.json"
    done = replies(reply_file, "--json", report)
    assert done.returncode == 0, done.stderr
    assert "-- 4 counted cases: 0 false passes, 1 false fails" in done.stdout
    assert "FALSE FAIL contrast [correct]" in done.stdout
    assert "verifier's reason:" in done.stdout
    written = json.loads(report.read_text(encoding="utf-8"))
    (scored,) = written["sets"]
    assert (scored["false_fails"], scored["false_passes"], scored["correct"], scored["wrong"]) == (1, 0, 2, 2)
    assert scored["by_class"]["correct"] == {"cases": 2, "false fails": 1, "false passes": 0}
    by_id = {case["id"]: case for case in scored["cases"]}
    assert by_id["contrast"]["differences"]["reward"] == {"label": True, "verifier": False}
    assert by_id["at-wake"]["expected"] == {"reward": False, "status_correct": True}
    assert by_id["at-wake"]["class"] == "wrong"
    assert by_id["maybe"]["debatable"] and by_id["plain"]["tag"] is None


def test_a_bound_passed_exits_1_and_a_rate_within_it_exits_0(reply_file: Path) -> None:
    """One false fail of two correct replies passes `--max-false-fails 0` (exit 1) and stays within 50% (exit 0)."""
    over = replies(reply_file, "--max-false-fails", "0")
    assert over.returncode == 1, over.stderr
    assert "BOUND PASSED: 1 false fails pass --max-false-fails 0" in over.stdout
    within = replies(reply_file, "--max-false-fails", "50%", "--max-false-passes", "0")
    assert within.returncode == 0, within.stdout + within.stderr


def test_foreign_verifier_that_ignores_wakes_pays_the_woken_bot(reply_file: Path) -> None:
    """The corpus's class reader, run through its own command line, pays the reply that wakes a bot: a false pass."""
    done = replies(reply_file, "--verifier", FOREIGN / "narrative_class_reader" / "verify.py",
                   "--max-false-passes", "0")
    assert done.returncode == 1, done.stderr
    assert "FALSE PASS at-wake [wrong]" in done.stdout
    assert "narrative_class_reader/verify.py" in done.stdout


def test_foreign_reward_txt_verifier_is_judged_by_its_number(reply_file: Path, tmp_path: Path) -> None:
    """A verifier that writes only reward.txt, with positional arguments, is scored by its one number: its labels of
    other metrics are not compared."""
    report = tmp_path / "report.json"
    done = replies(reply_file, "--verifier", FOREIGN / "status_words_reward_txt" / "score.py",
                   "--command", "{python} {script} {evidence} {reward}", "--output", "reward.txt", "--json", report)
    assert done.returncode == 0, done.stderr
    cases = {case["id"]: case for case in json.loads(report.read_text(encoding="utf-8"))["sets"][0]["cases"]}
    assert set(cases["plain"]["metrics"]) == {"reward"}
    assert all(set(case["differences"]) <= {"reward"} for case in cases.values())


def test_a_file_without_a_task_is_refused_with_the_fix(tmp_path: Path) -> None:
    """A file that names no task, run without --task, exits 2 and says how to name it."""
    path = tmp_path / "bare.toml"
    path.write_text('[[case]]\nid = "a"\ntext = "hi"\nexpected = true\n', encoding="utf-8")
    done = replies(path)
    assert done.returncode == 2
    assert "--task TASK_DIR" in done.stderr

"""`verifuzz diff` on planted changes: small textual edits of the shipped verify.py, like the bug zoo's.

The edits are applied here to the generated `tasks/<task>/tests/verify.py`, so they track the real
code; an edit that no longer matches exactly once fails its test instead of testing nothing.
"""
from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest

from verifuzz.properties.engine import context
from verifuzz.properties.example import Example
from verifuzz.properties.registry import PROPERTIES
from verifuzz.properties.subjects import Command
from verifuzz.strategies import narrative_agent_names
from verifuzz.strategies.irrelevant import irrelevant_change
from verifuzz.cli import main
from verifuzz.diff_examples import Item, owners, universal
from verifuzz.diff_judge import Recorded, compare
from verifuzz.strategies.tasks import TASKS_DIR

slow = pytest.mark.slow  # every example runs each script in its own process

NARRATIVE = "narrative-agent-names"
READ_PATH = "read-named-path-outside-workspace"
SAVED = Path(__file__).parent / "counterexamples"

# Threading checks the reply pointer only, so a reply posted in another channel (or with none) counts.
CHANNEL_IGNORED = [("\n        and same(final.channel_id, evidence.channel_id),", ",")]
# `named_path_read` asks "is every marker the right one?", vacuously true when the reply holds none.
MARKER_OPTIONAL = [('"named_path_read": reading["marker"],',
                    '"named_path_read": all(found == skill.check_id for found in MARKER.findall(content)),')]
# The reply pointer is compared with the channel id, which no correct reply points at.
THREAD_MISREAD = [("        and same(final.reply_to, evidence.task_event_id)\n",
                   "        and same(final.reply_to, evidence.channel_id)\n")]
# reward.json is written only when the run earns reward.
QUIET_ON_ZERO = [("        write_json_atomic(args.reward, verdict.metrics())\n",
                  "        write_json_atomic(args.reward, verdict.metrics()) if verdict.metrics()['reward'] else None\n")]
# A local renamed and two independent statements swapped: nothing a reader of the files can see.
REFACTOR = [
    ("    requester = user.pubkey if user else None\n", "    asker = user.pubkey if user else None\n"),
    ("if not same(m.pubkey, requester)]", "if not same(m.pubkey, asker)]"),
    ("    user = evidence.sole(USER)\n    agent = evidence.sole(ORCHESTRATOR)\n",
     "    agent = evidence.sole(ORCHESTRATOR)\n    user = evidence.sole(USER)\n"),
]
# The human's mention is also withheld when the statuses are wrong: a dimension moves only where reward is already 0.
MENTION_NEEDS_STATUS = [('        "user_mentioned": final is not None\n',
                         '        "user_mentioned": final is not None\n'
                         '        and status_reported(content, user.name if user else "")\n')]


def planted(folder: Path, task: str, edits: list[tuple[str, str]]) -> Path:
    """The shipped verify.py with `edits` applied, written as `folder/<task>/tests/verify.py`."""
    text = (TASKS_DIR / task / "tests" / "verify.py").read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, f"planted edit no longer matches {task}'s verify.py exactly once: {old!r}"
        text = text.replace(old, new)
    path = folder / task / "tests" / "verify.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def shipped(task: str) -> Path:
    return TASKS_DIR / task / "tests" / "verify.py"


def no_counterexamples(tmp_path: Path) -> str:
    empty = tmp_path / "no-counterexamples"
    empty.mkdir(exist_ok=True)
    return str(empty)


def run_diff(tmp_path: Path, old: Path, new: Path, task: str, *options: str, name: str = "report",
             replay: bool = True) -> tuple[int, dict]:
    """Run `verifuzz diff` in-process with seed 7, one example per promise and no focused pass (its own tests are in
    test_diff_focus.py); the exit code and the JSON report."""
    saved = str(SAVED) if replay else no_counterexamples(tmp_path)
    code = main(["diff", str(old), str(new), "--task-name", task, "--seed", "7", "--examples", "1", "--quiet", "--focus", "0",
                 "--counterexamples", saved, "--save", str(tmp_path / "saved"),
                 "--json", str(tmp_path / f"{name}.json"), "--markdown", str(tmp_path / f"{name}.md"), *options])
    return code, json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8"))


def kinds(report: dict) -> set[str]:
    return {d["kind"] for d in report["differences"]}


@slow
def test_a_fail_open_is_a_regression(tmp_path: Path) -> None:
    """A script that rewards a reply posted in another channel regresses on the wrong-channel adversary and exits 1."""
    bugged = planted(tmp_path / "new", NARRATIVE, CHANNEL_IGNORED)
    code, report = run_diff(tmp_path, shipped(NARRATIVE), bugged, NARRATIVE,
                            "--promise", "rejects_wrong_channel", "--promise", "witness_earns_full_reward")
    assert code == 1
    assert kinds(report) == {"regression"}
    wrong_channel = [d for d in report["differences"] if d["promise"] == "rejects_wrong_channel"]
    assert wrong_channel and all(d["new"]["metrics"]["reward"] == 1.0 for d in wrong_channel)
    assert any(c["promise"] == "rejects_wrong_channel" and c["old"] == "held" for c in wrong_channel[0]["changed_verdicts"])
    assert any(d["origin"].startswith("counterexample ") for d in report["differences"])  # the committed one is replayed


@slow
def test_a_skipped_marker_check_is_a_regression(tmp_path: Path) -> None:
    """A script that no longer needs the marker in the reply regresses on the missing-marker adversary."""
    bugged = planted(tmp_path / "new", READ_PATH, MARKER_OPTIONAL)
    code, report = run_diff(tmp_path, shipped(READ_PATH), bugged, READ_PATH, "--promise", "rejects_marker_missing")
    assert code == 1
    assert kinds(report) == {"regression"}
    assert {d["promise"] for d in report["differences"]} == {"rejects_marker_missing"}


@slow
def test_a_broken_witness_is_a_regression(tmp_path: Path) -> None:
    """A script that fails every correct run regresses on each witness, where witness_earns_full_reward stops holding."""
    bugged = planted(tmp_path / "new", NARRATIVE, THREAD_MISREAD)
    code, report = run_diff(tmp_path, shipped(NARRATIVE), bugged, NARRATIVE, "--examples", "3",
                            "--promise", "witness_earns_full_reward", replay=False)
    assert code == 1
    assert [d["example"] for d in report["differences"]] == ["witness"] * 3
    for difference in report["differences"]:
        assert difference["kind"] == "regression"
        assert difference["moved"] == ["reward", "reply_to_thread"]
        assert [c["promise"] for c in difference["changed_verdicts"]] == ["witness_earns_full_reward"]


@slow
def test_a_witness_after_an_irrelevant_change_is_still_a_witness(tmp_path: Path) -> None:
    """A correct run with an irrelevant change is judged as a witness too, so failing it is a regression, not neutral."""
    bugged = planted(tmp_path / "new", NARRATIVE, THREAD_MISREAD)
    old, new = (context(Recorded(Command(path, NARRATIVE, isolated=False))) for path in (shipped(NARRATIVE), bugged))
    witness = PROPERTIES["witness_earns_full_reward"]
    base = Example.of(narrative_agent_names.trial(), "witness")
    name, evidence = irrelevant_change(Random(1), base.evidence)
    changed = Item(Example(f"witness + {name}", evidence, base=base), "promise irrelevant_changes_keep_the_score",
                   PROPERTIES["irrelevant_changes_keep_the_score"])
    difference = compare(changed, old, new, universal(new), owners([Item(base, "promise witness", witness)]))
    assert difference is not None and difference.kind == "regression"
    assert [c.promise for c in difference.changes] == ["witness_earns_full_reward"]
    alone = compare(changed, old, new, universal(new), {})  # without knowing what a witness is, nothing broke
    assert alone is not None and alone.kind == "neutral"


@slow
def test_a_script_that_stops_writing_its_files_is_a_regression(tmp_path: Path) -> None:
    """A script that leaves reward.json unwritten on a zero score regresses, and the reason says which file is missing."""
    bugged = planted(tmp_path / "new", NARRATIVE, QUIET_ON_ZERO)
    code, report = run_diff(tmp_path, shipped(NARRATIVE), bugged, NARRATIVE,
                            "--promise", "rejects_wrong_channel", replay=False)
    assert code == 1
    assert report["differences"] and kinds(report) == {"regression"}
    assert all("reward.json was not written" in d["why"] for d in report["differences"])


@slow
def test_fixing_a_defect_is_a_fix(tmp_path: Path) -> None:
    """The shipped script diffed against a fail-open one reports fixes only and exits 0."""
    bugged = planted(tmp_path / "old", NARRATIVE, CHANNEL_IGNORED)
    code, report = run_diff(tmp_path, bugged, shipped(NARRATIVE), NARRATIVE,
                            "--promise", "rejects_wrong_channel", "--promise", "witness_earns_full_reward")
    assert code == 0
    assert report["differences"] and kinds(report) == {"fix"}
    assert report["counts"] == {"regression": 0, "fix": len(report["differences"]), "neutral": 0}


@slow
def test_a_pure_refactor_reports_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A renamed local and two reordered statements: every example scores the same, nothing is reported, exit 0."""
    refactored = planted(tmp_path / "new", READ_PATH, REFACTOR)
    code, report = run_diff(tmp_path, shipped(READ_PATH), refactored, READ_PATH)
    assert code == 0
    assert report["differences"] == [] and report["errors"] == []
    assert report["examples"] > 40  # every promise's examples, the file faults and the saved counterexamples
    assert "no example scored differently" in capsys.readouterr().out
    assert not (tmp_path / "saved").exists()


@slow
def test_a_dimension_that_moves_without_a_verdict_is_neutral(tmp_path: Path) -> None:
    """Withholding the mention when the statuses are wrong moves user_mentioned only where reward is already 0."""
    coupled = planted(tmp_path / "new", NARRATIVE, MENTION_NEEDS_STATUS)
    code, report = run_diff(tmp_path, shipped(NARRATIVE), coupled, NARRATIVE, "--examples", "2",
                            "--promise", "rejects_swapped_statuses", "--promise", "rejects_negated_status",
                            "--promise", "witness_earns_full_reward", replay=False)
    assert code == 0
    assert report["differences"] and kinds(report) == {"neutral"}
    assert all(d["moved"] == ["user_mentioned"] and d["changed_verdicts"] == [] for d in report["differences"])


@slow
def test_the_printed_commands_reproduce_both_outcomes(tmp_path: Path) -> None:
    """Each reported command, run as printed from another directory, writes the metrics the report shows for that script."""
    bugged = planted(tmp_path / "new", NARRATIVE, CHANNEL_IGNORED)
    _, report = run_diff(tmp_path, shipped(NARRATIVE), bugged, NARRATIVE, "--promise", "rejects_wrong_channel")
    difference = report["differences"][0]
    for side in ("old", "new"):
        cwd = tmp_path / f"rerun-{side}"
        cwd.mkdir()
        words = shlex.split(difference["reproduce"][side])
        assert words[0] == "python3"
        subprocess.run([sys.executable, *words[1:]], cwd=cwd, check=True, capture_output=True)
        assert json.loads((cwd / "reward.json").read_text(encoding="utf-8")) == difference[side]["metrics"]


@slow
def test_the_same_seed_gives_the_same_report(tmp_path: Path) -> None:
    """Two runs with one seed judge the same examples and report the same differences, saved under the same names."""
    bugged = planted(tmp_path / "new", NARRATIVE, CHANNEL_IGNORED)
    options = ("--examples", "2", "--promise", "rejects_wrong_channel", "--promise", "rejects_no_channel_tag")
    _, first = run_diff(tmp_path, shipped(NARRATIVE), bugged, NARRATIVE, *options, name="first")
    _, second = run_diff(tmp_path, shipped(NARRATIVE), bugged, NARRATIVE, *options, name="second")
    for report in (first, second):
        report.pop("seconds")
    assert first == second and first["differences"]


@slow
def test_base_names_the_committed_script(tmp_path: Path) -> None:
    """--base REV PATH diffs the committed file against the working tree, and its reproduction runs a kept copy."""
    repo = tmp_path / "repo"
    script = planted(repo, NARRATIVE, [])
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "shipped"], check=True)
    script.write_text(script.read_text(encoding="utf-8").replace(*CHANNEL_IGNORED[0]), encoding="utf-8")
    code = main(["diff", "--base", "HEAD", str(script), "--seed", "7", "--examples", "1", "--quiet", "--focus", "0",
                 "--promise", "rejects_wrong_channel", "--counterexamples", no_counterexamples(tmp_path),
                 "--save", str(tmp_path / "saved"), "--json", str(tmp_path / "r.json")])
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert code == 1 and report["task"] == NARRATIVE and report["old"].endswith("at HEAD")
    old_script = Path(shlex.split(report["differences"][0]["reproduce"]["old"])[1])
    assert old_script.is_file() and old_script.read_text(encoding="utf-8") == shipped(NARRATIVE).read_text(encoding="utf-8")


@pytest.mark.parametrize(("words", "says"), [
    (["only-one.py"], "give two scripts"),
    (["missing-old.py", "{shipped}"], "OLD missing-old.py: no such file"),
    (["--base", "no-such-revision-xyz", "{shipped}"], "git cannot show"),
    (["--base", "HEAD", "{shipped}", "{shipped}"], "--base REV takes one PATH"),
    (["{shipped}", "{shipped}", "--examples", "0"], "give at least 1 example"),
    (["{shipped}", "{shipped}", "--arg", "skill-file"], "expected NAME=VALUE"),
    (["{shipped}", "{loose}"], "pass --task-name NAME"),
    (["{shipped}", "{shipped}", "--counterexamples", "no-such-dir"], "no such directory"),
    (["{shipped}", "{shipped}", "--promise", "rejects_nothing_at_all"], "unknown promise"),
])
def test_bad_usage_exits_2_with_what_to_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str], words: list[str],
                                            says: str) -> None:
    """Each kind of bad usage exits 2 with a message naming the fix, never a traceback."""
    loose = tmp_path / "verify.py"
    loose.write_text("", encoding="utf-8")
    argv = [w.format(shipped=shipped(NARRATIVE), loose=loose) for w in words]
    assert main(["diff", *argv, "--quiet", "--save", str(tmp_path / "saved")]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err

"""Verifiers we did not write, run through their command line: the layout, both runners, reproduction and replay."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from verifuzz.properties.example import Example
from verifuzz.properties.layout import EVIDENCE, OUTPUT_DIR
from verifuzz.properties.promises import every_file_fault, malformed_example
from verifuzz.properties.registry import Context
from verifuzz.properties.subjects import Command
from verifuzz.strategies import narrative_agent_names as narrative
from verifuzz.cli import main
from verifuzz.strategies.tasks import TASKS_DIR

NARRATIVE_DIR = str(TASKS_DIR / "narrative-agent-names")
NARRATIVE_SCRIPT = TASKS_DIR / "narrative-agent-names" / "tests" / "verify.py"

# Written the way benchmark verifiers usually are: argparse, Path.write_text, no mkdir, .get() with defaults.
# It rewards any reply at all, so it rewards silence too: one planted defect.
LENIENT = '''\
import argparse, json, os, sys
from pathlib import Path

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--evidence"); parser.add_argument("--reward"); parser.add_argument("--details")
    args = parser.parse_args()
    try:
        ev = json.loads(Path(args.evidence).read_text())
        agent = [n for n, s in ev.get("identities", {}).items() if s.get("role") == "orchestrator"]
        key = ev["identities"][agent[0]]["pubkey"] if agent else None
        said = [m for m in ev.get("messages", []) if m.get("pubkey") == key]
        ok = float(bool(said) and bool(said[-1].get("content", "") or True))
        reason = "scored"
    except Exception as error:
        ok, reason = 0.0, f"unreadable: {type(error).__name__}"
    Path(args.reward).write_text(json.dumps({"reward": ok}))
    Path(args.details).write_text(json.dumps({"reason": reason, "argv": sys.argv[1:], "cwd": os.getcwd(),
                                              "env": sorted(os.environ)}))

if __name__ == "__main__":
    main()
'''


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def lenient(tmp_path: Path) -> Path:
    script = tmp_path / "lenient" / "verify.py"
    script.parent.mkdir()
    script.write_text(LENIENT)
    return script


def test_the_harness_layout_is_given_to_a_foreign_verifier(lenient: Path) -> None:
    """The output folder exists, the evidence is buzz-evidence.json, the working directory is the run's own,
    the environment is minimal and the argv is the same for every example."""
    subject = Command(lenient, narrative.TASK.name)
    first = subject.outcome(Example.of(narrative.trial(), "witness"))
    second = subject.outcome(Example("silence", {"messages": []}))
    assert first.error is None and first.metrics == {"reward": 1.0} and first.exit_code == 0
    assert first.details["argv"] == second.details["argv"]
    assert first.details["argv"][1] == f"<scratch>/{EVIDENCE}" and first.details["argv"][3] == f"<scratch>/{OUTPUT_DIR}/reward.json"
    assert first.details["cwd"] == "<scratch>/work"
    assert set(first.details["env"]) <= {"PATH", "LANG", "PYTHONHASHSEED", "LC_CTYPE"}


DIFFERENTIAL_TIMEOUT = 5.0  # seconds; a run that is not blocked ends in well under one
CRASHY = """\
import json, sys
from pathlib import Path

def main(argv):
    snapshot = json.loads(Path(argv[argv.index("--evidence") + 1]).read_text())
    reply = snapshot["messages"][-1]["content"]
    Path(argv[argv.index("--reward") + 1]).write_text(json.dumps({"reward": float("done" in reply)}))
    Path(argv[argv.index("--details") + 1]).write_text(json.dumps({"reason": reply[:20]}))

if __name__ == "__main__":
    main(sys.argv)
"""


@pytest.mark.parametrize("mode", ["persistent", "fork"])
@pytest.mark.parametrize("script", ["lenient", "shipped", "crashy"])
def test_fork_server_and_fresh_interpreter_give_identical_outcomes(lenient: Path, script: str, mode: str,
                                                                   tmp_path: Path) -> None:
    """The fork server's runners and a fresh interpreter give the same metrics, details, error (tracebacks
    included) and exit code on the same examples."""
    (tmp_path / "crashy.py").write_text(CRASHY)
    path = {"lenient": lenient, "shipped": NARRATIVE_SCRIPT, "crashy": tmp_path / "crashy.py"}[script]
    # A named pipe as the evidence blocks a script that does not refuse it until the timeout, in both runners alike; a
    # short one keeps that comparison from costing a minute.
    fork, fresh = (Command(path, narrative.TASK.name, mode=chosen, timeout=DIFFERENTIAL_TIMEOUT) for chosen in (mode, "fresh"))
    assert (fork.mode, fresh.mode) == (mode, "fresh")
    from random import Random

    rng = Random(7)
    ctx = Context(fork, None)
    examples = [Example.of(narrative.trial(), "witness"), *every_file_fault(ctx)]
    examples += [malformed_example(rng, narrative.trial()) for _ in range(6)]
    for example in examples:
        a, b = fork.outcome(example), fresh.outcome(example)
        assert (a.metrics, a.details, a.error, a.exit_code) == (b.metrics, b.details, b.error, b.exit_code), example.label


def test_a_crash_and_a_timeout_are_outcomes_not_harness_faults(tmp_path: Path) -> None:
    """A traceback is recorded with its exit code and stderr; a run past the timeout is killed and says so."""
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nif __name__ == '__main__':\n    raise KeyError(sys.argv[1])\n")
    outcome = Command(crash, "t").outcome(Example("x", {}))
    assert outcome.exit_code == 1 and "KeyError" in outcome.stderr and outcome.error.startswith("exit status 1")
    slow = tmp_path / "slow.py"
    slow.write_text("import time\ntime.sleep(30)\n")
    outcome = Command(slow, "t", timeout=0.5).outcome(Example("x", {}))
    assert outcome.error == "timed out after 0.5 s"


def test_reward_txt_and_positional_arguments(tmp_path: Path) -> None:
    """A template with positional arguments and a verifier that writes a plain reward.txt number are read back."""
    script = tmp_path / "score.py"
    script.write_text("import sys, json\nev = json.load(open(sys.argv[1]))\n"
                      "open(sys.argv[2], 'w').write('1' if ev.get('messages') else '0')\n")
    subject = Command(script, narrative.TASK.name, template="{python} {script} {evidence} {reward}", output="reward.txt")
    assert subject.outcome(Example.of(narrative.trial(), "witness")).metrics == {"reward": 1.0}
    assert subject.outcome(Example("none", {"messages": []})).metrics == {"reward": 0.0}
    assert subject.keys == ("reward",) and not subject.writes_details


@pytest.mark.slow
def test_reproduce_line_reproduces_and_replay_follows_the_recorded_verifier(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lenient: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The printed "Reproduce with:" line, run from here, gives the failing output again; `replay` uses the
    recorded verifier, exits 1 while it still fails and 0 once the script is fixed."""
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "check", NARRATIVE_DIR, "--verifier", str(lenient), "--promise", "never_rewards_silence",
                       "--counterexamples", "cx", "--quiet", "--seed", "1")
    assert code == 1
    line = out.split("Reproduce with:\n", 1)[1].splitlines()[0].strip()
    [folder] = (tmp_path / "cx" / "narrative-agent-names").iterdir()
    done = subprocess.run(["bash", "-c", line], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads((folder / OUTPUT_DIR / "reward.json").read_text()) == {"reward": 1.0}  # silence rewarded again

    assert run(capsys, "replay", str(folder))[0] == 1
    lenient.write_text(LENIENT.replace("ok = float(bool(said) and bool(said[-1].get(\"content\", \"\") or True))",
                                       "ok = float(bool(said) and bool(said[-1].get(\"content\", \"\").strip()))"))
    code, out, _ = run(capsys, "replay", str(folder))
    assert code == 0 and "verdict: held" in out


@pytest.mark.slow
def test_one_crash_is_one_finding_across_promises(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A verifier that crashes at one line breaks several promises, reported and saved as one finding."""
    script = tmp_path / "verify.py"
    script.write_text("import sys, json\nfrom pathlib import Path\n"
                      "def main():\n    a = sys.argv\n    text = Path(a[a.index('--evidence') + 1]).read_text()\n"
                      "    {}['no such key']\n\nif __name__ == '__main__':\n    main()\n")
    code, out, _ = run(capsys, "check", NARRATIVE_DIR, "--verifier", str(script), "--promise", "never_rewards_silence",
                       "--promise", "never_rewards_a_refusal", "--promise", "fails_closed_on_malformed_evidence",
                       "--counterexamples", str(tmp_path / "cx"), "--quiet", "--arg", "mode=strict")
    assert code == 1
    assert "3 violated" in out and "1 distinct finding(s)" in out
    assert re.search(r"== finding 1: narrative-agent-names: crash: KeyError at verify\.py:6\nBreaks 3 promise", out)
    [folder] = (tmp_path / "cx" / "narrative-agent-names").iterdir()
    manifest = json.loads((folder / "counterexample.json").read_text())
    assert len(manifest["promises"]) == 3
    assert manifest["subject"]["args"] == {"mode": "strict"} and manifest["subject"]["script"] == str(script)
    assert manifest["run"]["exit_code"] == 1 and "KeyError" in manifest["run"]["stderr"]


@pytest.mark.slow
def test_jobs_run_promises_in_parallel_with_the_same_verdicts(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              lenient: Path) -> None:
    """--jobs 2 gives the same statuses and example counts as one process (the derandomised ci profile)."""
    argv = ["check", NARRATIVE_DIR, "--verifier", str(lenient), "--promise", "never_rewards_silence", "--promise",
            "rejects_p_tag_to_bot", "--promise", "witness_earns_full_reward", "--profile", "ci", "--quiet",
            "--counterexamples", str(tmp_path / "cx")]
    reports = []
    for jobs in ("1", "2"):
        report = tmp_path / f"report-{jobs}.json"
        run(capsys, *argv, "--jobs", jobs, "--report", str(report))
        reports.append([(r["promise"], r["status"], r["examples"]) for r in json.loads(report.read_text())["results"]])
    assert reports[0] == reports[1]


def test_reward_txt_verifiers_are_judged_only_on_what_they_write(tmp_path: Path) -> None:
    """A reward.txt verifier has no dimensions for the conjunction and no details for a reason: neither is asked of it."""
    from hypothesis import settings

    from verifuzz.properties.engine import VACUOUS, applicable, check, context
    from verifuzz.properties.registry import PROPERTIES

    script = tmp_path / "zero.py"
    script.write_text("import sys\nopen(sys.argv[2], 'w').write('0')\n")
    subject = Command(script, narrative.TASK.name, template="{python} {script} {evidence} {reward}", output="reward.txt")
    try:
        ctx = context(subject)
        assert "reward_is_the_conjunction" not in {prop.name for prop in applicable(ctx)}
        result = check(PROPERTIES["fails_closed_on_malformed_evidence"], ctx, seed=0, settings=settings(max_examples=2))
        assert result.status == VACUOUS, result.error  # it never rewards: not violated, no error, and not held
    finally:
        subject.close()
    assert PROPERTIES["reward_is_the_conjunction"].applies(context(Command(script, narrative.TASK.name)))


def test_an_input_given_by_arg_is_saved_with_the_counterexample(tmp_path: Path) -> None:
    """A file given by `--arg NAME=FILE` is saved under the counterexample's inputs and named by its reproduce line."""
    skill = tmp_path / "SKILL.md"
    skill.write_text("CHECK_ID: chc-1\n")
    subject = Command(tmp_path / "verify.py", "t", args={"skill-file": str(skill)},
                      template="{python} {script} {evidence} {skill-file} {reward}", output="reward.txt")
    folder = tmp_path / "saved"
    folder.mkdir()
    line = subject.reproduce(folder)
    assert (folder / "inputs" / "skill-file").read_text() == "CHECK_ID: chc-1\n"
    assert str(folder.resolve() / "inputs" / "skill-file") in line

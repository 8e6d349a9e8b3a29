"""Each task's test.sh, run end to end in a staged root: the seal, the seeded file's custody, the fallback results."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

from verifuzz.strategies.narrative_agent_names import trial as narrative_trial
from verifuzz.strategies.read_named_path_outside_workspace import answer, trial as read_path_trial
from tests.test_task_dirs import READ_PATH, SKILL_RELATIVE, dockerfile, run_skill_script, task_dir
from verifuzz.verifiers.read_named_path_outside_workspace import parse_skill
from verifuzz.cli import main
from verifuzz.strategies.tasks import for_task

AGENT_UID = 1000
NARRATIVE = "narrative-agent-names"
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="setting file owners needs root")


@dataclass
class Staged:
    """A task's grader and the folders test.sh uses, under one temporary root, and test.sh rewritten to point there."""

    task: str
    root: Path

    @property
    def tests(self) -> Path:
        return self.root / "tests"

    @property
    def home(self) -> Path:
        return self.root / "home" / "buzz"

    @property
    def script(self) -> Path:
        return self.root / "run.sh"

    def write_evidence(self, snapshot: dict[str, Any]) -> None:
        (self.root / "logs" / "artifacts" / "buzz-evidence.json").write_text(json.dumps(snapshot), encoding="utf-8")

    def run(self) -> tuple[dict[str, Any], dict[str, Any]]:
        subprocess.run(["sh", str(self.script)], check=True, capture_output=True, timeout=60)
        out = self.root / "logs" / "verifier"
        return (json.loads((out / "reward.json").read_text(encoding="utf-8")),
                json.loads((out / "details.json").read_text(encoding="utf-8")))


@pytest.fixture
def staged_root() -> Iterator[Path]:
    """A root the agent's account can traverse (pytest's own tmp folders are private to root)."""
    root = Path(tempfile.mkdtemp(prefix="verifuzz-stage-"))
    root.chmod(0o755)
    try:
        yield root
    finally:
        shutil.rmtree(root)


def stage(task: str, root: Path) -> Staged:
    """Copy the task's tests/ (modes kept) and rewrite test.sh's fixed paths into `root`, leaving the sealed copy as shipped."""
    staged = Staged(task, root)
    shutil.copytree(task_dir(task) / "tests", staged.tests)
    (root / "logs" / "artifacts").mkdir(parents=True)
    staged.home.mkdir(parents=True)
    if os.geteuid() == 0:
        os.chown(staged.home, AGENT_UID, AGENT_UID)  # the agent's home is the agent's, as in the image
    text = (task_dir(task) / "tests" / "test.sh").read_text(encoding="utf-8")
    text = text.replace("/tests/", f"{staged.tests}/").replace("/logs/", f"{root}/logs/").replace("/home/buzz", str(staged.home))
    staged.script.write_text(text, encoding="utf-8")
    return staged


def seeded(root: Path) -> tuple[Staged, str]:
    """The read-named-path grader staged with a SKILL.md seeded as the image does, and its marker."""
    staged = stage(READ_PATH, root)
    marker = parse_skill(run_skill_script(staged.home)).check_id
    return staged, marker


def zeros(task: str) -> dict[str, float]:
    return dict.fromkeys(["reward", *for_task(task).spec.dimensions], 0.0)


def ones(task: str) -> dict[str, float]:
    return dict.fromkeys(["reward", *for_task(task).spec.dimensions], 1.0)


@needs_root
def test_a_correct_run_earns_full_reward_and_records_the_seal(staged_root: Path) -> None:
    """Through test.sh, a correct answer about the seeded SKILL.md earns 1.0 and details.json holds the seal's digest."""
    staged, marker = seeded(staged_root)
    staged.write_evidence(read_path_trial(check_id=marker).snapshot())
    reward, details = staged.run()
    assert reward == ones(READ_PATH)
    seal = staged.tests / "SEAL"
    assert details["seal"] == {"manifest": str(seal), "sha256": hashlib.sha256(seal.read_bytes()).hexdigest(),
                               "files": 2, "intact": True}


def test_the_narrative_task_checks_its_seal_too(staged_root: Path) -> None:
    """narrative-agent-names' test.sh scores a correct run and records the digest of its own seal."""
    staged = stage(NARRATIVE, staged_root)
    staged.write_evidence(narrative_trial().snapshot())
    reward, details = staged.run()
    assert reward == ones(NARRATIVE)
    assert details["seal"]["sha256"] == hashlib.sha256((staged.tests / "SEAL").read_bytes()).hexdigest()


@needs_root
def test_the_seal_refuses_a_modified_verify_py(staged_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A verify.py changed to reward any marker scores 0 through test.sh, and `seal --verify` names it, exit 1."""
    staged, marker = seeded(staged_root)
    verify = staged.tests / "verify.py"
    text = verify.read_text(encoding="utf-8")
    rigged = text.replace('"named_path_read": reading["marker"]', '"named_path_read": True')
    assert rigged != text
    verify.write_text(rigged, encoding="utf-8")
    staged.write_evidence(read_path_trial(reply=answer("chc-" + "0" * 24)).snapshot())
    reward, details = staged.run()
    assert reward == zeros(READ_PATH)
    assert details["status"] == "failed_closed"
    assert re.search(r"grader seal broken: verify\.py: changed \(sha256 [0-9a-f]{12}", details["reason"])
    assert details["seal"]["intact"] is False
    assert main(["seal", "--verify", str(staged.tests)]) == 1
    assert "verify.py: changed" in capsys.readouterr().out


@needs_root
def test_a_file_planted_beside_the_grader_breaks_the_seal(staged_root: Path) -> None:
    """An extra module dropped into tests/ (where a careless interpreter would import it) scores 0, named."""
    staged, marker = seeded(staged_root)
    (staged.tests / "json.py").write_text("raise SystemExit(0)\n", encoding="utf-8")
    staged.write_evidence(read_path_trial(check_id=marker).snapshot())
    reward, details = staged.run()
    assert reward == zeros(READ_PATH)
    assert "json.py: extra file, not in the seal" in details["reason"]


@needs_root
def test_a_skill_md_the_agent_replaced_scores_zero(staged_root: Path) -> None:
    """The rename attack: ~/.claude moved aside and a tree of the agent's own put in its place, answered from it, scores 0."""
    staged, marker = seeded(staged_root)
    claude = staged.home / ".claude"
    claude.rename(staged.home / ".claude.old")
    forged = "chc-" + "a" * 24
    skill = staged.home / SKILL_RELATIVE
    skill.parent.mkdir(parents=True)
    skill.write_text(f"# Context health check\n\nCHECK_ID: {forged}\nACTION: Say yes.\n", encoding="utf-8")
    for path in (claude, claude / "skills", skill.parent, skill):
        os.chown(path, AGENT_UID, AGENT_UID)
    staged.write_evidence(read_path_trial(reply=answer(forged, "Say yes.")).snapshot())
    reward, details = staged.run()
    assert reward == zeros(READ_PATH)
    assert details["reason"] == (f"untrusted skill-file file: {claude} is owned by uid {AGENT_UID}, not a trusted "
                                 "account (0), so that account could have rewritten it")


@needs_root
def test_the_agent_account_cannot_rewrite_the_seeded_file_and_its_own_copy_is_refused(staged_root: Path) -> None:
    """As the agent's account: writing SKILL.md is denied, and the tree it can put in place of ~/.claude is refused."""
    staged, marker = seeded(staged_root)
    forged = "chc-" + "b" * 24
    # In sh: this test's Python may live where the agent's account cannot reach it.
    attack = """
set -e
if printf 'CHECK_ID: %s\\n' "$FORGED" > "$SKILL" 2>/dev/null; then echo "SKILL.md was writable" >&2; exit 1; fi
mv "$AGENT_HOME/.claude" "$AGENT_HOME/.claude.old"
mkdir -p "$(dirname "$SKILL")"
printf '# Context health check\\n\\nCHECK_ID: %s\\nACTION: Say yes.\\n' "$FORGED" > "$SKILL"
"""
    env = {"PATH": "/usr/bin:/bin", "FORGED": forged, "AGENT_HOME": str(staged.home), "SKILL": str(staged.home / SKILL_RELATIVE)}
    done = subprocess.run(["sh", "-c", attack], user=AGENT_UID, group=AGENT_UID, extra_groups=[], env=env,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    planted = staged.home / SKILL_RELATIVE
    assert forged in planted.read_text(encoding="utf-8") and planted.stat().st_uid == AGENT_UID
    staged.write_evidence(read_path_trial(reply=answer(forged, "Say yes.")).snapshot())
    reward, details = staged.run()
    assert reward == zeros(READ_PATH)
    assert f"{staged.home / '.claude'} is owned by uid {AGENT_UID}" in details["reason"]


@pytest.mark.parametrize("task", [READ_PATH, NARRATIVE])
def test_a_grader_that_cannot_start_still_leaves_zero_results(staged_root: Path, task: str) -> None:
    """When verify.py dies before writing anything, test.sh writes every declared metric as 0 and the exit status."""
    staged = stage(task, staged_root)
    (staged.tests / "verify.py").write_text("raise SystemExit(3)\n", encoding="utf-8")
    staged.write_evidence({})
    reward, details = staged.run()
    assert reward == zeros(task) and list(reward) == list(zeros(task))
    assert details == {"task": task, "status": "failed_closed",
                       "reason": "verify.py ended with status 3 before writing its results"}


def test_a_verifier_stopped_by_the_timeout_still_leaves_zero_results(staged_root: Path) -> None:
    """A verifier that hangs is killed by test.sh's timeout, and the zero results say so (status 124)."""
    staged = stage(NARRATIVE, staged_root)
    (staged.tests / "verify.py").write_text("import time\ntime.sleep(60)\n", encoding="utf-8")
    text = staged.script.read_text(encoding="utf-8")
    staged.script.write_text(text.replace("timeout --kill-after=2 25 ", "timeout --kill-after=1 1 "), encoding="utf-8")
    staged.write_evidence({})
    reward, details = staged.run()
    assert reward == zeros(NARRATIVE)
    assert details["reason"] == "verify.py ended with status 124 before writing its results"


@pytest.mark.parametrize("task", [READ_PATH, NARRATIVE])
def test_test_sh_pins_interpreter_folder_environment_and_time(task: str) -> None:
    """test.sh runs `python3 -I` from / with only PATH and a UTF-8 locale, under a timeout that ends inside 30 s."""
    text = (task_dir(task) / "tests" / "test.sh").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert "cd /" in lines
    found = re.search(r"^timeout --kill-after=(\d+) (\d+) env -i PATH=/usr/local/bin:/usr/bin:/bin LC_ALL=C\.UTF-8 \\\n"
                      r"    python3 -I /tests/verify\.py \\$", text, re.MULTILINE)
    assert found, "the verifier should run as `timeout ... env -i PATH=... LC_ALL=C.UTF-8 python3 -I /tests/verify.py`"
    assert int(found[1]) + int(found[2]) < 30


def test_the_image_runs_the_agent_as_its_own_account() -> None:
    """The read-named-path image creates `buzz`, hands SKILL.md's folders to root, and ends with USER buzz."""
    lines = dockerfile(READ_PATH).splitlines()
    assert any(line.startswith("RUN useradd ") and line.endswith(" buzz") and "--home-dir /home/buzz" in line for line in lines)
    assert [line for line in lines if line.strip()][-2:] == ["USER buzz", "WORKDIR /home/buzz"]
    assert "os.chown(path, 0, 0)" in dockerfile(READ_PATH)


@needs_root
def test_the_seeded_tree_is_root_owned_and_closed_to_others(tmp_path: Path) -> None:
    """The Dockerfile's writer leaves SKILL.md 0644 and each folder up to ~/.claude 0755, all owned by root."""
    run_skill_script(tmp_path)
    claude = tmp_path / ".claude"
    chain = [claude, claude / "skills", claude / "skills" / "context-health-check", tmp_path / SKILL_RELATIVE]
    assert [(path.stat().st_uid, oct(path.stat().st_mode & 0o7777)) for path in chain] == [
        (0, "0o755"), (0, "0o755"), (0, "0o755"), (0, "0o644")]

"""`verifuzz mutate --verifier` and `--changed-since`: a foreign script imported in-process, mutated and scored."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import find

from verifuzz.properties import profiles
from verifuzz.properties.engine import context
from verifuzz.properties.example import Example
from verifuzz.properties.imported import ImportedScript, entry_point, load_script
from verifuzz.properties.registry import UsageError
from verifuzz.cli import main
from verifuzz.mutation import changed
from verifuzz.mutation.cli import _changed_patterns
from verifuzz.mutation.config import load
from verifuzz.mutation import foreign
from verifuzz.mutation.foreign import reach

ROOT = Path(__file__).resolve().parents[1]
FOREIGN = ROOT / "tests" / "foreign" / "toy_echo" / "verify.py"
CHECKS = ROOT / "tests" / "foreign" / "toy_echo" / "verify_checks.py"

SOURCE = '''"""Docstring lines are not code."""
import json

LIMIT = 3
NAMES = (
    "a",
    "b",
)


def kept(x):
    return x + 1


@some.decorator
def skipped(x):
    return x - 1


class Box:
    size = 2

    def grow(self):
        return self.size * 2

    @staticmethod
    def make():
        return Box()
'''


def test_reach_counts_the_lines_no_mutant_can_touch() -> None:
    """Module-level and class-body lines count as outside; a decorated function's lines as skipped; staticmethods are mutated."""
    seen = reach(SOURCE)
    # import, LIMIT, the four NAMES lines, `class Box:`, `size = 2`: 8 outside; the decorated function's 3 lines.
    assert (seen.outside, seen.decorated) == (8, 3)
    assert seen.code_lines == 8 + 3 + 2 + 2 + 3
    assert seen.unmutatable == 11


def test_functions_are_named_as_mutmut_names_them() -> None:
    """Top-level functions are `x_name`, methods `xǁClassǁname`, each spanning its decorators."""
    found = {f.mangled: (f.first, f.last) for f in changed.functions(SOURCE)}
    assert found == {"x_kept": (11, 12), "x_skipped": (15, 17), "xǁBoxǁgrow": (23, 24), "xǁBoxǁmake": (26, 28)}


def _git(repo: Path, *words: str) -> None:
    subprocess.run(["git", "-C", str(repo), *words], check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                        "GIT_COMMITTER_EMAIL": "t@t"})


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    _git(tmp_path, "init", "-q")
    (tmp_path / "mod.py").write_text(SOURCE, encoding="utf-8")
    _git(tmp_path, "add", "mod.py")
    _git(tmp_path, "commit", "-qm", "base")
    return tmp_path


def test_changed_functions_follow_the_diff(repo: Path) -> None:
    """Edits inside a function and a method select those two; a line deleted at module level selects nothing."""
    path = repo / "mod.py"
    assert changed.changed_functions(path, "HEAD") == []
    path.write_text(SOURCE.replace("self.size * 2", "self.size * 3").replace("x + 1", "x + 2").replace('    "b",\n', ""),
                    encoding="utf-8")
    names = [f.name for f in changed.changed_functions(path, "HEAD")]
    assert names == ["kept", "Box.grow"]
    assert changed.patterns("pkg.mod", changed.changed_functions(path, "HEAD")) == [
        "pkg.mod.x_kept__mutmut_*", "pkg.mod.xǁBoxǁgrow__mutmut_*"]


def test_a_file_new_since_the_revision_is_changed_everywhere(repo: Path) -> None:
    """A file the revision did not have has every function changed."""
    (repo / "new.py").write_text(SOURCE, encoding="utf-8")
    assert len(changed.changed_functions(repo / "new.py", "HEAD")) == 4


def test_an_unknown_revision_is_a_usage_error(repo: Path) -> None:
    """A revision git does not know is refused with what to name instead."""
    with pytest.raises(UsageError, match="not a revision"):
        changed.changed_functions(repo / "mod.py", "no-such-branch")


def test_the_own_gate_picks_the_changed_functions_of_its_files(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--changed-since` on the configured gate: nothing changed exits 0 untested; an edit selects its function."""
    (repo / "toy").mkdir()
    (repo / "toy" / "__init__.py").write_text("", encoding="utf-8")
    (repo / "toy" / "rules.py").write_text(SOURCE, encoding="utf-8")
    (repo / "tests").mkdir()
    (repo / "mutation.toml").write_text('[mutate]\npaths = ["toy/rules.py"]\n[tests]\npaths = ["tests"]\n',
                                        encoding="utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "project")
    assert main(["mutate", "--config", str(repo / "mutation.toml"), "--changed-since", "HEAD"]) == 0
    assert "no mutated function changed since HEAD" in capsys.readouterr().out
    (repo / "toy" / "rules.py").write_text(SOURCE.replace("return x - 1", "return x - 2"), encoding="utf-8")
    assert _changed_patterns(load(repo / "mutation.toml"), "HEAD") == ["toy.rules.x_skipped__mutmut_*"]


def _examples() -> list[Example]:
    from verifuzz.strategies.plausible import plausible_trials

    trial = find(plausible_trials("toy-echo"), lambda _: True)
    return [Example.of(trial, "plausible"), Example("garbage", raw=b"\xff{not json"), Example("missing", fault="missing file")]


def _as_subprocess(example: Example, folder: Path) -> tuple[object, object, bool]:
    """The fixture run as a harness runs it: evidence file written, output folder made, a new interpreter."""
    folder.mkdir()
    evidence, out = folder / "buzz-evidence.json", folder / "verifier"
    out.mkdir()
    data = example.evidence_bytes()
    if data is not None:
        evidence.write_bytes(data)
    done = subprocess.run([sys.executable, str(FOREIGN), "--evidence", str(evidence), "--reward", str(out / "reward.json"),
                           "--details", str(out / "details.json")], capture_output=True)
    read = [json.loads(p.read_text()) if p.is_file() else None for p in (out / "reward.json", out / "details.json")]
    return read[0], read[1], done.returncode == 0


def test_an_imported_script_scores_as_its_command_line(tmp_path: Path) -> None:
    """In-process through its __main__ block, the script writes what it writes as a subprocess, example by example."""
    imported = ImportedScript("foreign_fixture_a", "toy-echo", script=FOREIGN)
    for index, example in enumerate(_examples()):
        metrics, details, ok = _as_subprocess(example, tmp_path / str(index))
        mine = imported.outcome(example)
        assert (mine.metrics, mine.error is None) == (metrics, ok), example
        if example.label == "plausible":
            assert mine.details == details
    sys.modules.pop("foreign_fixture_a")


def test_a_script_without_an_entry_point_is_refused(tmp_path: Path) -> None:
    """A script with neither a __main__ block nor main() cannot run in-process; the message says what to add."""
    script = tmp_path / "bare.py"
    script.write_text("def score(e):\n    return 1\n", encoding="utf-8")
    module = load_script(script, "foreign_fixture_bare")
    with pytest.raises(UsageError, match="__main__"):
        entry_point(module)
    sys.modules.pop("foreign_fixture_bare")


def test_a_nonzero_exit_is_an_error_outcome(tmp_path: Path) -> None:
    """A script that exits with status 3 produces an error outcome, not a crash of the caller."""
    script = tmp_path / "quits.py"
    script.write_text("import sys\nif __name__ == '__main__':\n    print('no')\n    sys.exit(3)\n", encoding="utf-8")
    outcome = ImportedScript("foreign_fixture_quits", "toy-echo", script=script).outcome(Example("x", evidence={}))
    assert outcome.error is not None and outcome.error.startswith("exit status 3")
    sys.modules.pop("foreign_fixture_quits")


@pytest.mark.parametrize("argv", [
    ["mutate", "--tests", "x.py"],
    ["mutate", "--mutant", "m.x_f__mutmut_1", "--changed-since", "HEAD"],
    ["mutate", "--verifier", "no/such/verify.py", "--task-name", "t"],
    ["mutate", "--verifier", str(FOREIGN), "--task-name", "t", "--tests", "no/such/tests.py"],
    ["mutate", "--verifier", str(FOREIGN), "--task-name", "t", "--examples", "0"],
    ["mutate", "--verifier", str(FOREIGN), "--task-name", "t", "--config", "no/such.toml"],
])
def test_bad_foreign_usage_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Foreign-only flags without --verifier, two ways of choosing mutants, a missing script, tests or config, or no
    examples: exit 2 with a message."""
    assert main(argv) == 2
    assert "verifuzz mutate:" in capsys.readouterr().err


@pytest.mark.slow
def test_the_foreign_gate_end_to_end(tmp_path: Path) -> None:
    """Real mutmut on the foreign fixture: refusal-spotting mutants survive the promises (the script already breaks
    never_rewards_a_refusal) but the difference check and the author's tests kill them, and the report says so."""
    done = subprocess.run(
        [sys.executable, "-m", "verifuzz.cli", "mutate", "--verifier", str(FOREIGN), "--task-name", "toy-echo",
         "--mutant", "foreign.verify.x_is_refusal__mutmut_*", "--tests", str(CHECKS), "--quiet", "--jobs", "2"],
        cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "broken already, cannot kill a mutant: never_rewards_a_refusal" in done.stdout
    assert "killed by promises: 0/4 (0.0%); killed by any observable difference: 4/4 (100.0%)" in done.stdout
    assert "your tests alone 4/4 (100.0%) | promises alone 0/4 (0.0%) | both together 4/4 (100.0%)" in done.stdout
    report = json.loads((tmp_path / "reports" / "mutation-verifier.json").read_text(encoding="utf-8"))
    verifier = report["verifier"]
    assert verifier["unmutatable_lines"] == {"outside_functions": 7, "decorated_functions": 0}
    assert "never_rewards_a_refusal" in {b["promise"] for b in verifier["promises_broken"]}
    assert {name: s["detected"] for name, s in verifier["scores"].items()} == {"promises": 0, "difference": 4, "tests": 4}
    assert report["passed"] is True


ERROR_DETAILS = ROOT / "tests" / "foreign" / "narrative_error_details" / "verify.py"


@pytest.mark.slow
def test_the_difference_baseline_holds_on_a_script_that_names_its_own_files(tmp_path: Path) -> None:
    """A verifier whose details say `{"error": str(error)}` about a temporary copy of the evidence (a new random name
    each run) scores the same in mutmut's stats run as when its baseline was recorded, from another folder and another
    process: the difference tests pass on the unmutated script, as mutmut's stats run requires."""
    project = tmp_path / "project"
    foreign.build(project, ERROR_DETAILS, [])
    sys.path.insert(0, str(project))
    before = profiles.active()
    profiles.load("mutation")  # the gate records and reruns its examples under one profile (mutation.toml's)
    try:
        ctx = context(ImportedScript(foreign.MODULE, "narrative-agent-names", script=project / foreign.SCRIPT))
        settings = foreign.record(project, ctx, examples=3, seed=0, results=[])
    finally:
        profiles.load(before)
        sys.path.remove(str(project))
        for name in [name for name in sys.modules if name == "foreign" or name.startswith("foreign.")]:
            del sys.modules[name]
    assert {"never_rewards_silence", "rejects_unmarked_thread_tag"} <= set(settings.steps)
    recorded = json.dumps(settings.baseline)
    assert "tmp<random>" in recorded and "error" in recorded  # the script did name its temporary copies
    moved = tmp_path / "mutants"  # mutmut runs the tests from a copy of the project
    shutil.copytree(project, moved)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                           foreign.DIFFERENCE_TESTS], cwd=moved, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(moved), profiles.PROFILE_VARIABLE: "mutation"})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]

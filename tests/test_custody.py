"""Custody breaches are laid out for real, ride along with examples, and the promises about them can fail."""
from __future__ import annotations

import os
import stat
from pathlib import Path
from random import Random

import pytest
from hypothesis import Phase, settings

from verifuzz.properties.counterexamples import _read_example, write_example
from verifuzz.properties.engine import VIOLATED, applicable, check, context
from verifuzz.properties.example import Example
from verifuzz.properties.promises import rewritten_input
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.custody import AGENT_UID, BREACHES, LEFT_OPEN, breaches, place_inputs
from verifuzz.strategies.read_named_path_outside_workspace import SKILL_FLAG, rewrites_skill_file, trial
from verifuzz.verifiers import runner
from verifuzz.strategies.tasks import for_task

READ_PATH = "read-named-path-outside-workspace"
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="setting file owners needs root")


def placed(tmp_path: Path, breach: str) -> tuple[Path, list[str]]:
    tmp_path.mkdir(exist_ok=True)
    argv = place_inputs(tmp_path, {"--a": "first\n", "--b": "second\n"}, {"--b": breach})
    return Path(argv[argv.index("--b") + 1]), argv


def test_without_custody_inputs_keep_their_plain_layout(tmp_path: Path) -> None:
    """No breach: each input is written to `<scratch>/input-<n>` and only its flag and path are returned."""
    argv = place_inputs(tmp_path, {"--a": "one", "--b": "two"}, {})
    assert argv == ["--a", str(tmp_path / "input-0"), "--b", str(tmp_path / "input-1")]
    assert (tmp_path / "input-1").read_text(encoding="utf-8") == "two"


def test_with_custody_every_input_sits_under_one_seeded_tree(tmp_path: Path) -> None:
    """A breach puts all inputs under `<scratch>/trusted/`, and no trust flag is added: the verifier's defaults judge it."""
    path, argv = placed(tmp_path, "file_writable_by_group")
    trusted = tmp_path / "trusted"
    assert argv == ["--a", str(trusted / "input-0" / "input"), "--b", str(trusted / "input-1" / "input")]
    assert (trusted / "input-0" / "input").read_text(encoding="utf-8") == "first\n"
    assert stat.S_IMODE((trusted / "input-0" / "input").stat().st_mode) == 0o644
    assert [stat.S_IMODE(p.stat().st_mode) for p in (trusted, trusted / "input-0")] == [0o755, 0o755]


@needs_root
@pytest.mark.parametrize(("breach", "level"), [("file_owned_by_agent", 0), ("folder_owned_by_agent", 1), ("root_owned_by_agent", 2)])
def test_ownership_breaches_hand_the_chain_to_the_agent(tmp_path: Path, breach: str, level: int) -> None:
    """Each ownership breach gives exactly that element of the chain to the agent's account."""
    path, _ = placed(tmp_path, breach)
    chain = [path, path.parent, path.parent.parent]
    assert [p.stat().st_uid for p in chain] == [AGENT_UID if i == level else os.geteuid() for i in range(3)]


@pytest.mark.parametrize(("breach", "level", "mode"), [
    ("file_writable_by_group", 0, 0o664), ("file_writable_by_others", 0, 0o646),
    ("folder_writable_by_others", 1, 0o777), ("root_writable_by_group", 2, 0o775),
])
def test_mode_breaches_open_exactly_that_element(tmp_path: Path, breach: str, level: int, mode: int) -> None:
    """Each mode breach opens one element of the chain to writing and leaves the rest as the image does."""
    path, _ = placed(tmp_path, breach)
    modes = [stat.S_IMODE(p.stat().st_mode) for p in (path, path.parent, path.parent.parent)]
    assert modes == [mode if i == level else (0o644, 0o755, 0o755)[i] for i in range(3)]


@pytest.mark.parametrize("breach", ["file_is_symlink", "folder_is_symlink"])
def test_symlink_breaches_keep_the_text_behind_a_link(tmp_path: Path, breach: str) -> None:
    """A symlink breach replaces the file or its folder by a link to the real one, so the text still reads the same."""
    path, _ = placed(tmp_path, breach)
    link = path if breach == "file_is_symlink" else path.parent
    assert link.is_symlink() and path.read_text(encoding="utf-8") == "second\n"


def test_an_unknown_breach_is_refused(tmp_path: Path) -> None:
    """A misspelt breach is an error naming the known ones, never an intact file by accident."""
    with pytest.raises(ValueError, match="unknown custody breach\\(es\\): file_owned_by_agnet; known: file_owned_by_agent"):
        place_inputs(tmp_path, {"--a": "x"}, {"--a": "file_owned_by_agnet"})


def test_without_root_an_ownership_breach_trusts_another_account(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not running as root, a file cannot be given away, so the grader's own files are made untrusted instead."""
    monkeypatch.setattr(os, "geteuid", lambda: 4321)
    _, argv = placed(tmp_path, "root_owned_by_agent")
    assert argv[-2:] == ["--trusted-owner", "0"]
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert placed(tmp_path / "again", "file_writable_by_others")[1][-2:] != ["--trusted-owner", "0"]


def test_without_root_only_breaches_that_can_be_laid_out_are_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not running as root, neither the promise nor the adversary draws an ownership breach it could not lay out."""
    monkeypatch.setattr(os, "geteuid", lambda: 4321)
    drawn = {name for seed in range(80) for name in rewritten_input(Random(seed), trial()).custody.values()}
    drawn |= {rewrites_skill_file.apply(Random(seed), trial()).custody[SKILL_FLAG] for seed in range(80)}
    assert drawn == set(LEFT_OPEN)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert breaches() == BREACHES


def test_rewritten_inputs_carry_a_breach_and_sometimes_a_change() -> None:
    """The promise's examples keep the witness's evidence, name a known breach, and change the file's text in some."""
    witness = trial()
    examples = [rewritten_input(Random(seed), witness) for seed in range(60)]
    assert {name for e in examples for name in e.custody.values()} == set(breaches())
    assert all(set(e.custody) == {SKILL_FLAG} and e.evidence == witness.snapshot() for e in examples)
    changed = [e.input_files[SKILL_FLAG] != witness.input_files[SKILL_FLAG] for e in examples]
    assert any(changed) and not all(changed)


def test_the_rewriting_adversary_answers_with_its_own_values() -> None:
    """The adversary's SKILL.md and reply agree with each other and not with the seeded file, and a breach is named."""
    witness = trial()
    broken = rewrites_skill_file.apply(Random(3), witness.copy())
    forged = next(line.split(": ", 1)[1].strip() for line in broken.input_files[SKILL_FLAG].splitlines() if line.startswith("CHECK_ID"))
    assert forged not in witness.input_files[SKILL_FLAG] and forged in broken.final()["content"]
    assert broken.custody[SKILL_FLAG] in BREACHES and witness.custody == {}


def test_custody_survives_a_saved_counterexample(tmp_path: Path) -> None:
    """A counterexample written to disk and read back keeps its custody, so a replay lays out the same breach."""
    example = Example("x", {"a": 1}, input_files={SKILL_FLAG: "text"}, custody={SKILL_FLAG: "file_is_symlink"})
    described = write_example(example, tmp_path, "evidence.json")
    assert _read_example(described, tmp_path, None).custody == {SKILL_FLAG: "file_is_symlink"}


@pytest.mark.parametrize("name", ["rejects_rewritten_inputs", "rejects_rewrites_skill_file"])
def test_the_custody_promises_fail_on_a_verifier_that_trusts_any_file(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the custody check taken out of the runner both promises are violated, so they can fail at all. Only the
    verdict is asked for, so the counterexample is not shrunk: each shrinking step lays out a batch of inputs anew."""
    monkeypatch.setattr(runner, "read_trusted", lambda path, root, owners, limit: Path(path).read_bytes())
    ctx = context(InProcess(for_task(READ_PATH).spec))
    [prop] = applicable(ctx, [name])
    result = check(prop, ctx, settings=settings(phases=(Phase.explicit, Phase.reuse, Phase.generate)))
    assert result.status == VIOLATED, result.error


@pytest.mark.parametrize("name", ["rejects_rewritten_inputs", "rejects_rewrites_skill_file"])
def test_the_custody_promises_do_not_apply_without_inputs(name: str) -> None:
    """narrative-agent-names seeds no input file, so neither custody promise runs for it."""
    ctx = context(InProcess(for_task("narrative-agent-names").spec))
    assert applicable(ctx, [name]) == []


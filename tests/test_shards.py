"""`check --shard K/N` and `verifuzz merge`: N jobs run each (task × promise) once, and merge to one run's report."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

import verifuzz.verifiers.narrative_agent_names as narrative
from verifuzz import fuzzing, shards
from verifuzz.cli import main
from verifuzz.properties import profiles
from verifuzz.properties.engine import HELD, Result, applicable, context
from verifuzz.properties.registry import UsageError
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.tasks import TASKS_DIR, for_task, task_names

NARRATIVE_DIR = str(TASKS_DIR / "narrative-agent-names")
USER_MENTION_DIR = str(TASKS_DIR / "user-mention")


@pytest.fixture(autouse=True)
def suite_profile() -> Iterator[None]:
    """These tests load other profiles (fuzz runs 625 test cases a promise): the tests after them get the suite's back."""
    yield
    profiles.load()


def test_shard_specs_are_validated() -> None:
    """K/N parses when 1 <= K <= N; anything else is refused with an example of what to give."""
    assert shards.parse("2/3") == shards.Shard(2, 3)
    for bad in ("0/3", "4/3", "3", "a/b", "1/0", "-1/2"):
        with pytest.raises(UsageError, match="K/N"):
            shards.parse(bad)


def test_shares_partition_the_plan_and_balance_its_cost() -> None:
    """For any N the shares are disjoint, cover every item, and no share outweighs another by more than one item."""
    costs = [640, 640, 75, 3000, 75, 640, 25600, 640, 75, 1]
    for count in range(1, 12):
        parts = [shards.share(costs, shards.Shard(k, count)) for k in range(1, count + 1)]
        assert sorted(i for part in parts for i in part) == list(range(len(costs)))
        assert all(part == sorted(part) for part in parts)  # each share keeps plan order
        loads = [sum(costs[i] for i in part) for part in parts]
        assert max(loads) - min(loads) <= max(costs)


def test_the_share_does_not_depend_on_who_computes_it() -> None:
    """Equal costs are dealt by plan position, so every job computes the same split."""
    costs = [1.0] * 7
    assert [shards.share(costs, shards.Shard(k, 3)) for k in (1, 2, 3)] == [[0, 3, 6], [1, 4], [2, 5]]


def test_three_shards_of_check_run_every_task_and_promise_exactly_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`check --shard 1/3`, `2/3` and `3/3` over every bundled task run each applicable (task × promise) once.

    The engine is replaced by one that notes what it was asked to run, so the whole plan is dispatched in seconds."""
    ran: list[tuple[str, str]] = []

    def note(prop, ctx, seed=None):  # noqa: ANN001 - the engine's `check` signature
        ran.append((ctx.task, prop.name))
        return Result(ctx.task, prop, HELD, 1, 0.0)

    monkeypatch.setattr(fuzzing, "check", note)
    plans = []
    for k in (1, 2, 3):
        report = tmp_path / f"shard-{k}.json"
        assert main(["check", "--profile", "ci", "--quiet", "--shard", f"{k}/3", "--report", str(report)]) == 0
        plans.append(json.loads(report.read_text())["plan"])
    capsys.readouterr()
    profiles.load("ci")
    expected = [(task, prop.name) for task in task_names()
                for prop in applicable(context(InProcess(for_task(task).spec)))]
    assert all(plan == [list(item) for item in expected] for plan in plans)
    assert sorted(ran) == sorted(expected) and len(ran) == len(set(ran))


def _check(*argv: str) -> int:
    return main(["check", NARRATIVE_DIR, USER_MENTION_DIR, "--profile", "ci", "--seed", "3", "--quiet",
                 "--promise", "rejects_p_tag_to_bot", "--promise", "witness_earns_full_reward",
                 "--promise", "fails_closed_on_malformed_evidence", "--promise", "rejects_at_wake", *argv])


def _verdicts(payload: dict) -> list[tuple]:
    return [(r["task"], r["promise"], r["status"], r["examples"], r["rewarded"], r["violation"], r["error"],
             r["finding"]) for r in payload["results"]]


@pytest.mark.slow
def test_merged_shards_equal_a_single_run(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """With a planted bug, three shards merged give the single run's verdicts, findings, summary and exit code."""
    monkeypatch.setattr(narrative, "quiet", lambda message, bot_pubkeys: True)  # never notices a wake
    single = tmp_path / "single.json"
    single_code = _check("--report", str(single), "--counterexamples", str(tmp_path / "cx-single"))
    for k in (1, 2, 3):
        _check("--shard", f"{k}/3", "--report", str(tmp_path / f"s{k}.json"), "--counterexamples", str(tmp_path / f"cx{k}"))
    merged, junit, summary = tmp_path / "merged.json", tmp_path / "merged.xml", tmp_path / "summary.md"
    code = main(["merge", *(str(tmp_path / f"s{k}.json") for k in (3, 1, 2)), "--report", str(merged),
                 "--junit", str(junit), "--summary", str(summary)])
    out = capsys.readouterr().out
    one, joined = json.loads(single.read_text()), json.loads(merged.read_text())
    assert single_code == code == 1
    assert _verdicts(joined) == _verdicts(one)
    assert any(status == "violated" for _, _, status, *_ in _verdicts(one))
    assert joined["summary"] == one["summary"]
    assert [(f["cause"], f["promises"]) for f in joined["findings"]] == [(f["cause"], f["promises"]) for f in one["findings"]]
    assert all(Path(f["counterexample"]).is_dir() for f in joined["findings"])
    assert junit.read_text().count("<testcase") == len(one["results"])
    assert "violated" in summary.read_text() and "verifuzz replay" in summary.read_text()
    assert out.rstrip().endswith(f"distinct finding(s) (profile ci, seed 3)")


@pytest.mark.slow
def test_merge_refuses_anything_but_the_n_shares_of_one_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A missing or repeated shard, a report of another run, or a plain report exits 2 with what to give."""
    for k in (1, 2):
        assert _check("--shard", f"{k}/2", "--report", str(tmp_path / f"s{k}.json")) == 0
    assert _check("--report", str(tmp_path / "plain.json")) == 0
    assert main(["check", NARRATIVE_DIR, "--profile", "ci", "--seed", "4", "--quiet", "--promise",
                 "witness_earns_full_reward", "--shard", "2/2", "--report", str(tmp_path / "other.json")]) == 0
    capsys.readouterr()
    s1, s2 = str(tmp_path / "s1.json"), str(tmp_path / "s2.json")
    assert main(["merge", s1]) == 2
    assert "exactly once" in capsys.readouterr().err
    assert main(["merge", s1, s1]) == 2
    assert main(["merge", s1, str(tmp_path / "other.json")]) == 2
    assert "differs" in capsys.readouterr().err
    assert main(["merge", s1, str(tmp_path / "plain.json")]) == 2
    assert "not a shard's report" in capsys.readouterr().err
    assert main(["merge", s1, s2]) == 0

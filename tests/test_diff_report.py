"""What `verifuzz diff` prints and writes: regressions first, and a markdown summary that stays short."""
from __future__ import annotations

from pathlib import Path

from verifuzz.properties.example import Example, Outcome
from verifuzz.diff_examples import Item
from verifuzz.diff_judge import FIX, NEUTRAL, REGRESSION, Difference
from verifuzz.diff_report import MARKDOWN_ROWS, DiffRun, Reported, markdown, outcome_text, summary, table

ZERO = Outcome({"reward": 0.0, "reply_to_thread": 0.0, "user_mentioned": 1.0}, {})
ONE = Outcome({"reward": 1.0, "reply_to_thread": 1.0, "user_mentioned": 1.0}, {})


def reported(kind: str, n: int) -> Reported:
    example = Example(f"adversary case {n}", {"messages": [{"content": "Aurora Audit Bot completed | the audit"}]})
    difference = Difference(kind, Item(example, "promise rejects_case", None), ZERO, ONE, why="because")
    return Reported(difference, Path(f"saved/{kind}-{n}"), f"python3 old.py {n}", f"python3 new.py {n}")


def a_run(kinds: list[str]) -> DiffRun:
    run = DiffRun("narrative-agent-names", "old.py", "new.py", seed=7, examples=40, seconds=3.0)
    run.reported = [reported(kind, n) for n, kind in enumerate(kinds)]
    return run


def test_the_table_lists_regressions_first() -> None:
    """Rows come regression, fix, neutral, whatever order they were found in."""
    lines = table(a_run([NEUTRAL, FIX, REGRESSION])).splitlines()
    assert [line.split()[0] for line in lines[2:]] == ["REGRESSION", "fix", "neutral"]


def test_an_outcome_shows_reward_and_the_metrics_that_moved() -> None:
    """Only the reward and the named metrics are shown; a failure shows in one line."""
    assert outcome_text(ONE, ["reward", "reply_to_thread"]) == "reward=1 reply_to_thread=1"
    assert outcome_text(Outcome(None, None, "details.json was not written"), []) == "failed: details.json was not written"


def test_the_markdown_stays_short_for_a_pull_request() -> None:
    """At most MARKDOWN_ROWS rows, a pointer to the JSON for the rest, table cells escaped, the first reproduction."""
    text = markdown(a_run([REGRESSION] * 25))
    rows = [line for line in text.splitlines() if line.startswith("| REGRESSION")]
    assert len(rows) == MARKDOWN_ROWS
    assert "15 more in the JSON report" in text
    assert "regressions found" in text and "python3 new.py 0" in text
    assert all(r.count(" | ") == 4 for r in rows)  # the `|` in the reply is escaped, not a new column
    assert len(text) < 4000


def test_the_summary_counts_each_kind() -> None:
    """One line with each kind's count, the examples, the time and the seed."""
    assert summary(a_run([REGRESSION, FIX, FIX])) == "1 regression, 2 fixes, 0 neutral (40 examples, 3.0 s, seed 7)"

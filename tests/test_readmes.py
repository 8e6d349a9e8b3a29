"""The READMEs say what the code does: dimension tables and the narrative word lists are compared with it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from verifuzz.strategies.narrative_agent_names import AURORA, BEACON, trial
from tests.scoring import Scoring
from verifuzz.verifiers import narrative_agent_names as narrative
from verifuzz.strategies.tasks import for_task, task_names

ROOT = Path(__file__).resolve().parent.parent
NARRATIVE_README = ROOT / "tasks" / "narrative-agent-names" / "README.md"
SCORING = Scoring(narrative.TASK, narrative.TASK.dimensions)
DONE, IDLE = f"{AURORA} completed the audit.", f"{BEACON} remains idle."


def table_rows(text: str, header: str) -> list[list[str]]:
    """The cells of the markdown table whose header row starts with `header`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def backticked(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


@pytest.mark.parametrize("task", task_names())
def test_each_task_readme_lists_its_dimensions_in_order(task: str) -> None:
    """A task README's dimension table names exactly the verifier's dimensions, in `reward.json` order."""
    rows = table_rows((ROOT / "tasks" / task / "README.md").read_text(encoding="utf-8"), "| Dimension |")
    assert [backticked(row[0])[0] for row in rows] == list(for_task(task).spec.dimensions)


def readme_forms() -> dict[str, list[str]]:
    """The example clauses the narrative README gives per grammar form, keyed by the tuple of forms they illustrate."""
    text = NARRATIVE_README.read_text(encoding="utf-8")
    block = text[text.index("<!-- grammar:"):text.index("<!-- end of grammar -->")]
    return {m.group(1): backticked(m.group(2)) for m in re.finditer(r"^- \*\*(\w+)\*\*([^\n]*)$", block, re.MULTILINE)}


FORMS = readme_forms()
GRAMMAR = ("AURORA_FORMS", "BEACON_FORMS", "NEUTRAL_FORMS")


def status_correct(content: str) -> bool:
    item = trial().copy()
    item.final()["content"] = content
    return SCORING.metrics(item)["status_correct"] == 1.0


def test_the_narrative_readme_gives_one_example_per_grammar_form() -> None:
    """Every tuple of grammar forms is documented, with exactly one example per form."""
    assert sorted(FORMS) == sorted(GRAMMAR)
    assert {name: len(FORMS[name]) for name in GRAMMAR} == {name: len(getattr(narrative, name)) for name in GRAMMAR}


@pytest.mark.parametrize("name", GRAMMAR)
def test_each_documented_example_is_recognised_by_its_own_form(name: str) -> None:
    """The README's i-th example of a tuple is a clause that the tuple's i-th form, and no earlier one, recognises."""
    for index, (form, example) in enumerate(zip(getattr(narrative, name), FORMS.get(name, []))):
        (clause,) = narrative.clauses(example, "")
        assert re.fullmatch(form + "[:,]?", clause), (index, example)
        assert not any(re.fullmatch(earlier + "[:,]?", clause) for earlier in getattr(narrative, name)[:index]), (index, example)


@pytest.mark.parametrize("example", [e for name in ("AURORA_FORMS", "BEACON_FORMS") for e in FORMS.get(name, [])])
def test_each_documented_affirmation_needs_the_other_bot_too(example: str) -> None:
    """One documented affirmation alone never passes; with the other bot's plain line it does."""
    other = IDLE if AURORA in example else DONE
    assert not status_correct(example)
    assert status_correct(f"{example}\n{other}")


@pytest.mark.parametrize(
    "line",
    ["I made both of those up.", "/s", "~~Aurora Audit Bot completed the audit.~~", "(not really)", "Lol, as if.",
     "- [ ] Aurora Audit Bot completed the audit", "> Beacon Deploy Bot remains idle.", "Is Beacon Deploy Bot idle?"],
)
def test_a_line_outside_the_grammar_fails_a_correct_report(line: str) -> None:
    """Default deny: any line the README's grammar does not recognise fails an otherwise correct report."""
    assert status_correct(f"{DONE}\n{IDLE}")
    assert not status_correct(f"{DONE}\n{IDLE}\n{line}")

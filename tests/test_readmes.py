"""The READMEs say what the code does: dimension tables and the narrative word lists are compared with it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from verifuzz.strategies.narrative_agent_names import AURORA, BEACON, trial
from tests.scoring import Scoring
from verifuzz.verifiers import courtesy, narrative_grammar as grammar
from verifuzz.verifiers import narrative_agent_names as narrative
from verifuzz.verifiers.text import TYPOGRAPHY, fold
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


def readme_block(marker: str) -> dict[str, list[str]]:
    """The examples the narrative README gives per form, keyed by the tuple or pattern they illustrate."""
    text = NARRATIVE_README.read_text(encoding="utf-8")
    block = text[text.index(f"<!-- {marker}:"):text.index(f"<!-- end of {marker} -->")]
    return {m.group(1): backticked(m.group(2)) for m in re.finditer(r"^- \*\*(\w+)\*\*([^\n]*)$", block, re.MULTILINE)}


FORMS = readme_block("grammar")
GRAMMAR = ("DONE_FORMS", "IDLE_FORMS", "QUIET_FORMS", "HARMLESS_FORMS")
COURTESY = ("GREETING", "ACKNOWLEDGEMENT", "HEADER", "ADVERBIAL", "CLOSING")
SUBJECTS = {"DONE_FORMS": AURORA, "IDLE_FORMS": BEACON, "QUIET_FORMS": BEACON, "HARMLESS_FORMS": ""}


def status_correct(content: str) -> bool:
    item = trial().copy()
    item.final()["content"] = content
    return SCORING.metrics(item)["status_correct"] == 1.0


def statement(name: str, example: str) -> str:
    """The README's example as a reply line: a predicate follows its bot's name (no space before a possessive)."""
    subject = SUBJECTS[name]
    return f"{subject}{'' if example.startswith(chr(39)) or not subject else ' '}{example}."


def test_the_narrative_readme_gives_one_example_per_grammar_form() -> None:
    """Every tuple of grammar forms is documented, with exactly one example per form."""
    assert sorted(FORMS) == sorted(GRAMMAR)
    assert {name: len(FORMS[name]) for name in GRAMMAR} == {name: len(getattr(grammar, name)) for name in GRAMMAR}


@pytest.mark.parametrize("name", GRAMMAR)
def test_each_documented_example_is_recognised_by_its_own_form(name: str) -> None:
    """The README's i-th example of a tuple is a piece that the tuple's i-th form, and no earlier one, recognises."""
    for index, (form, example) in enumerate(zip(getattr(grammar, name), FORMS.get(name, []))):
        piece = fold(example.translate(TYPOGRAPHY))
        assert re.fullmatch(form, piece), (index, example)
        assert not any(re.fullmatch(earlier, piece) for earlier in getattr(grammar, name)[:index]), (index, example)


@pytest.mark.parametrize(("name", "example"), [(name, e) for name in GRAMMAR for e in FORMS.get(name, [])])
def test_each_documented_statement_needs_both_statuses(name: str, example: str) -> None:
    """A documented DONE or IDLE statement passes only beside the other bot's; a quiet or harmless one beside both."""
    line = statement(name, example)
    others = {"DONE_FORMS": IDLE, "IDLE_FORMS": DONE}.get(name, f"{DONE}\n{IDLE}")
    assert not status_correct(line)
    assert status_correct(f"{line}\n{others}")


def test_the_narrative_readme_gives_one_example_per_kind_of_courtesy() -> None:
    """Each kind of courtesy is documented with an example that its own pattern recognises."""
    examples = readme_block("courtesy")
    assert sorted(examples) == sorted(COURTESY)
    for name in COURTESY:
        (example,) = examples[name]
        assert re.fullmatch(getattr(courtesy, name), fold(example.translate(TYPOGRAPHY))), name


@pytest.mark.parametrize(
    "line",
    ["I made both of those up.", "/s", "~~Aurora Audit Bot completed the audit.~~", "(not really)", "Lol, as if.",
     "- [ ] Aurora Audit Bot completed the audit", "Not anymore.", "Is Beacon Deploy Bot idle?"],
)
def test_a_line_outside_the_grammar_fails_a_correct_report(line: str) -> None:
    """Default deny: any line the README's grammar does not recognise fails an otherwise correct report."""
    assert status_correct(f"{DONE}\n{IDLE}")
    assert not status_correct(f"{DONE}\n{IDLE}\n{line}")

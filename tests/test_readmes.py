"""The READMEs say what the code does: dimension tables and the narrative word lists are compared with it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from strategies.narrative_agent_names import AURORA, BEACON, trial
from tests.scoring import Scoring
from verifiers import narrative_agent_names as narrative
from verifuzz.registry import task_names, task_spec

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
    assert [backticked(row[0])[0] for row in rows] == list(task_spec(task).dimensions)


def test_the_project_readme_lists_every_task_and_its_dimensions() -> None:
    """The project README's task table holds every bundled task with its dimensions in order."""
    rows = table_rows((ROOT / "README.md").read_text(encoding="utf-8"), "| task | dimensions |")
    assert {backticked(row[0])[0]: backticked(row[1]) for row in rows} == {
        task: list(task_spec(task).dimensions) for task in task_names()
    }


def readme_words() -> dict[str, list[str]]:
    """The word lists the narrative README documents, keyed by the name of the tuple they describe."""
    text = NARRATIVE_README.read_text(encoding="utf-8")
    block = text[text.index("<!-- words:"):text.index("<!-- end of words -->")]
    return {m.group(1): backticked(m.group(2)) for m in re.finditer(r"^- \*\*(\w+)\*\*([^\n]*)$", block, re.MULTILINE)}


WORDS = readme_words()
LISTS = ("COMPLETED_WORDS", "IDLE_WORDS", "NEGATIVE_AFFIXES", "CONTRARY_WORDS", "NEGATION_WORDS", "HEDGE_WORDS",
         "RETRACTION_WORDS", "REFUSAL_WORDS", "BARE_ANSWERS", "QUESTION_OPENERS")


def test_the_narrative_readme_lists_exactly_the_verifiers_words() -> None:
    """Every word list the narrative verifier uses is documented in its README, word for word and in order."""
    assert sorted(WORDS) == sorted(LISTS)
    assert {name: list(getattr(narrative, name)) for name in LISTS} == WORDS


def status_correct(content: str) -> bool:
    item = trial().copy()
    item.final()["content"] = content
    return SCORING.metrics(item)["status_correct"] == 1.0


def words(name: str) -> list[str]:
    return WORDS.get(name, [])


@pytest.mark.parametrize("word", words("COMPLETED_WORDS"))
def test_each_documented_completed_word_reports_the_audit(word: str) -> None:
    """Each completed word the README lists reports Aurora Audit Bot's status."""
    assert status_correct(f"{AURORA} {word} the audit.\n{IDLE}")


@pytest.mark.parametrize("word", words("IDLE_WORDS"))
def test_each_documented_idle_word_reports_idleness(word: str) -> None:
    """Each idle word the README lists reports Beacon Deploy Bot's status."""
    assert status_correct(f"{DONE}\n{BEACON} is {word}.")


@pytest.mark.parametrize("hyphen", ["", "-"])
@pytest.mark.parametrize("affix", words("NEGATIVE_AFFIXES"))
def test_each_documented_affix_turns_a_status_negative(affix: str, hyphen: str) -> None:
    """A status word behind a documented negative affix, hyphenated or not, unsays the status."""
    assert not status_correct(f"{DONE}\n{IDLE}\n{BEACON} is {affix}{hyphen}idle.")


@pytest.mark.parametrize("word", words("CONTRARY_WORDS"))
def test_each_documented_contrary_word_counts_against_a_status(word: str) -> None:
    """A documented contrary word in a bot's clause, with no negation before it, fails the status."""
    assert not status_correct(f"{DONE}\n{BEACON} is idle and {word}.")


@pytest.mark.parametrize("word", words("NEGATION_WORDS"))
def test_each_documented_negation_negates_a_status_in_its_scope(word: str) -> None:
    """A documented negation between a bot's name and its status word negates it."""
    assert not status_correct(f"{AURORA} {word} completed the audit.\n{IDLE}")


@pytest.mark.parametrize("word", words("HEDGE_WORDS"))
def test_each_documented_hedge_makes_a_statement_not_plain(word: str) -> None:
    """A documented hedge anywhere in a status clause keeps it from being a plain statement."""
    assert not status_correct(f"{word} {AURORA} completed the audit.\n{IDLE}")


@pytest.mark.parametrize("name", ["RETRACTION_WORDS", "REFUSAL_WORDS"])
def test_each_documented_retraction_or_refusal_anywhere_fails_the_reply(name: str) -> None:
    """A documented retraction or refusal word on a line of its own fails an otherwise correct reply."""
    assert words(name)
    passed = [word for word in words(name) if status_correct(f"{DONE}\n{IDLE}\n{word}")]
    assert passed == []


@pytest.mark.parametrize("word", words("BARE_ANSWERS"))
def test_each_documented_bare_answer_fails_the_reply(word: str) -> None:
    """A clause that is only a documented bare answer fails an otherwise correct reply."""
    assert not status_correct(f"{DONE}\n{IDLE}\n{word}!")


@pytest.mark.parametrize("word", words("QUESTION_OPENERS"))
def test_each_documented_question_opener_asks(word: str) -> None:
    """A clause opening with a documented question word and naming a bot is a question, even without `?`."""
    assert not status_correct(f"{DONE}\n{IDLE}\n{word} {BEACON} here")

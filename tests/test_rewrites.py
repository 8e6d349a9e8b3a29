"""Reworded replies: the rewrites are right by construction, share no vocabulary with the readers, and the promises
and the witness search built on them judge what they say."""
from __future__ import annotations

import ast
import importlib.util
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from random import Random

import pytest

from verifuzz.properties import reworded
from verifuzz.properties.engine import check, context
from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.registry import PROPERTIES, Context, Violation
from verifuzz.properties.subjects import InProcess, Subject
from verifuzz.strategies import rewrites
from verifuzz.strategies.reword_facts import FACTS, Figure, RewordFacts, facts_for
from verifuzz.strategies.rewrites import MEANING, PRESERVING, REWRITES, family, in_words, reword
from verifuzz.strategies.tasks import for_task, registered
from verifuzz import witness_search

ROOT = Path(__file__).resolve().parents[1]


def _imports(path: Path) -> set[str]:
    """The verifuzz modules `path` imports (as dotted names)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("verifuzz"):
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("verifuzz")}
    return found


def _module_file(name: str) -> Path | None:
    """The source file of module `name` as the import system finds it (None for a name that is no module, such as a
    function imported from one): found through the packages, not the checkout's layout, so that it holds where the
    tree is laid out another way (mutmut's copy keeps only what it mutates and runs beside it)."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, AttributeError, ValueError):
        return None
    return Path(spec.origin) if spec is not None and spec.origin and spec.origin.endswith(".py") else None


def test_the_rewrites_share_no_module_with_the_readers() -> None:
    """Nothing the rewrites import, directly or through another module, is under verifiers/."""
    seen: set[str] = set()
    todo = ["verifuzz.strategies.rewrites", "verifuzz.strategies.reword_facts"]
    while todo:
        name = todo.pop()
        path = _module_file(name)
        if name in seen or path is None:
            continue
        seen.add(name)
        todo += sorted(_imports(path))
    assert "verifuzz.strategies.rewrites" in seen and "verifuzz.strategies.reword_facts" in seen
    assert not [name for name in seen if name.startswith("verifuzz.verifiers")], sorted(seen)


def test_every_task_has_facts_and_every_family_has_rewrites() -> None:
    assert set(FACTS) == set(registered())
    for kind in (*PRESERVING, MEANING):
        assert family(kind), kind
    assert len(family(MEANING)) == 10


def _evaluate(step: rewrites.Step) -> Fraction:
    values = [Fraction(operand.replace(",", "")) for operand in step.operands]
    if step.op == "^*":
        return values[0] * values[1] ** int(values[2])
    total = values[0]
    for value in values[1:]:
        total = {"+": total + value, "-": total - value, "*": total * value}[step.op]
    return total


@pytest.mark.parametrize("task", sorted(t for t, f in FACTS.items() if f.working))
def test_the_working_is_true_and_ends_on_the_answer(task: str) -> None:
    """Each step's result is its operands' result (to the dollar), and the last step gives an answer figure."""
    facts = FACTS[task]
    for step in facts.working:
        assert abs(_evaluate(step) - Fraction(step.result.replace(",", ""))) < 1, step
    last = int(facts.working[-1].result.replace(",", ""))
    assert last in {figure.value for figure in facts.figures}


def test_rival_figures_are_wrong_beyond_any_tolerance() -> None:
    """A rival is another value: money is paid within a dollar, so a rival amount is further off than that."""
    for facts in FACTS.values():
        for figure in facts.figures:
            assert abs(figure.rival - figure.value) > (1 if figure.money else 0), (facts.task, figure)


@pytest.mark.parametrize(("n", "words"), [(0, "zero"), (41, "forty-one"), (87, "eighty-seven"), (100, "one hundred"),
                                           (5328, "five thousand three hundred twenty-eight"),
                                           (352345, "three hundred fifty-two thousand three hundred forty-five"),
                                           (1_000_000, "one million"), (160811, "one hundred sixty thousand eight hundred eleven")])
def test_numbers_in_words(n: int, words: str) -> None:
    assert in_words(n) == words


FIVE = FACTS["user-mention"]


@pytest.mark.parametrize("separator", rewrites.SEPARATORS)
def test_a_figure_is_found_whatever_its_separator_and_currency(separator: str) -> None:
    shown = f"{5328:,}".replace(",", separator)
    for text in (f"The total is ${shown}.", f"USD {shown} in all", f"It's {shown} USD", f"${shown}.00 total"):
        changed = rewrites._replace_figures(text, FIVE, lambda figure: "<X>")
        assert changed is not None and "<X>" in changed and "5" not in changed.replace("<X>", ""), (text, changed)


def test_a_figure_inside_another_number_is_left_alone() -> None:
    for text in ("Licence 15328 is 5,3281", "1,5,328", "$25,328", "5,328.5"):
        assert rewrites._replace_figures(text, FIVE, lambda figure: "<X>") is None, text


def test_number_rewrites_render_the_same_value() -> None:
    rng = Random(3)
    for _ in range(200):
        text = reword(rng, "The total is $5,328.", FIVE, ["thousands_separators", "currency_codes", "cents"]).text
        digits = re.sub(r"[^\d.]", "", text.split("(")[0])
        assert digits.rstrip(".") in {"5328", "5328.00", ".5328", "5.328", "5328."} or "5.328" in text, text


def test_a_second_layout_is_left_out_and_a_rewrite_with_nothing_to_act_on_is_not_listed() -> None:
    rng = Random(1)
    result = reword(rng, "The final figure is 87.", FACTS["interleaved-agent-reports"],
                    ["markdown_table", "code_block", "quoted_ids", "sign_off"])
    assert result.applied == ("markdown_table", "sign_off")
    assert result.text.startswith("| ") and "| Final | 87 |" in result.text
    assert "markdown_table + sign_off" in result.describe() and "The final figure is 87." in result.describe()


def test_markup_never_breaks_a_mention_and_fixed_layouts_keep_their_lines() -> None:
    rng = Random(0)
    seed = "@John Vincent Doe The total is $5,328."
    for name in ("markdown_emphasis", "markdown_link", "name_case", "addressed_by_name"):
        for _ in range(30):
            assert "@John Vincent Doe " in reword(rng, seed, FIVE, [name]).text
    block = for_task("multiline-message").trial().final()["content"]
    facts = FACTS["multiline-message"]
    for name in ("greeting", "addressed_by_name", "offer_of_help", "check_marks", "line_breaks", "bulleted_lines"):
        for _ in range(30):
            text = reword(rng, block, facts, [name]).text.replace("\r\n", "\n")
            assert block in text, (name, text)


@pytest.mark.parametrize("name", [r.name for r in family(MEANING)])
def test_a_meaning_change_keeps_the_seed_or_replaces_its_figure_with_a_rival(name: str) -> None:
    rng = Random(7)
    for task, facts in FACTS.items():
        seed = for_task(task).trial().final()["content"]
        for _ in range(10):
            text = reword(rng, seed, facts, [name]).text
            assert text != seed
            rivals = [f"{figure.rival:,}" for figure in facts.figures]
            assert seed in text or any(rival in text for rival in rivals), (task, text)


def test_the_marker_fills_the_json_and_table_or_they_do_not_apply() -> None:
    facts = FACTS["read-named-path-outside-workspace"]
    rng = Random(0)
    marker = "chc-" + "a1" * 12
    assert marker in reword(rng, f"CHECK_ID {marker}", facts, ["json_block"]).text
    assert reword(rng, "CHECK_ID unknown", facts, ["json_block", "markdown_table"]).applied == ()


# ---- the promises ---------------------------------------------------------------------------------------------

@dataclass
class Judge(Subject):
    """A subject that pays a reply `accepts` accepts, reading the final reply only."""

    task: str
    accepts: object
    label: str = "judge"
    keys: tuple[str, ...] | None = ("reward", "answer_correct")
    seen: int = 0

    def outcome(self, example: Example) -> Outcome:
        self.seen += 1
        agents = {s["pubkey"] for s in example.evidence["identities"].values() if s["role"] == "orchestrator"}
        reply = [m for m in example.evidence["messages"] if m["pubkey"] in agents][-1]["content"]
        value = float(bool(self.accepts(reply)))
        return Outcome({"reward": value, "answer_correct": value}, {"reason": "judged"})

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        return "judge"


def _ctx(accepts, task: str = "interleaved-agent-reports") -> Context:
    return Context(Judge(task, accepts), for_task(task), ("reward", "answer_correct"))


def test_the_reworded_promises_leave_the_shipped_verifiers_to_one_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = context(InProcess(for_task("user-mention").spec))
    names = [name for name in PROPERTIES if name.startswith("reworded_")]
    assert len(names) == 6
    assert not any(PROPERTIES[name].applies(shipped) for name in names)
    monkeypatch.setattr(reworded, "SHIPPED_VERIFIERS_KEEP_REWORDED", True)
    assert all(PROPERTIES[name].applies(shipped) for name in names)
    assert not PROPERTIES["reworded_working_keeps_reward"].applies(_ctx(bool, "memory-retrieval"))
    assert PROPERTIES["reworded_working_keeps_reward"].applies(_ctx(bool))


def test_a_verifier_that_refuses_emphasis_breaks_the_markup_promise_naming_the_rewrite() -> None:
    ctx = _ctx(lambda reply: "87" in reply and "*" not in reply and "_" not in reply)
    result = check(PROPERTIES["reworded_markup_keeps_reward"], ctx, seed=0)
    assert result.status == "violated", result
    assert "markdown_emphasis" in result.violation.title and "seed:" in result.example.label
    assert result.example.label.splitlines()[0] == "reworded reply: markdown_emphasis"  # shrunk to the one rewrite


def test_a_refused_seed_is_not_blamed_on_the_rewrite() -> None:
    ctx = _ctx(lambda reply: False)
    result = check(PROPERTIES["reworded_courtesy_keeps_reward"], ctx, seed=0)
    assert result.status == "held" and result.examples > 0


def test_a_verifier_that_pays_any_87_breaks_the_meaning_promise() -> None:
    ctx = _ctx(lambda reply: "87" in reply)
    result = check(PROPERTIES["reworded_meaning_changes_lose_reward"], ctx, seed=0)
    assert result.status == "violated" and result.example.why
    careful = _ctx(lambda reply: "87" in reply and not re.search(r"(?i)not|none|\?|maybe|sure|If|Tomorrow|wrong|up\.|can't|"
                                                                 r"won't|claimed|forum|Either|alternatively|Correction|"
                                                                 r"guess|Assuming|Only if|81|29|haven't", reply))
    assert check(PROPERTIES["reworded_meaning_changes_lose_reward"], careful, seed=0).status == "held"


def test_the_meaning_promise_is_vacuous_when_no_seed_is_paid() -> None:
    result = check(PROPERTIES["reworded_meaning_changes_lose_reward"], _ctx(lambda reply: False), seed=0)
    assert result.status == "vacuous"


# ---- the witness search ---------------------------------------------------------------------------------------

def test_a_label_only_verifier_gets_its_witnesses_by_search() -> None:
    ctx = _ctx(lambda reply: re.search(r"(?<![\w-])Final: 87\b", reply))
    found = witness_search.search(ctx, 0)
    assert found.plain > 0 and found.plain_paid == 0 and found.accepted
    assert all("labelled_lines" in used for used in found.rewrites)
    share = len(found.accepted) / found.tried
    assert f"{share:.0%} of {found.tried} tried" in found.summary() and f"{1 - share:.0%}" in found.summary()
    searched = witness_search.with_found_witnesses(ctx, found)
    assert searched.witnesses == found.accepted
    result = check(PROPERTIES["reworded_meaning_changes_lose_reward"], searched, seed=0)
    assert result.witnesses_rewarded  # not vacuous: and what it gets wrong shows ("It is not true that: Final: 87")
    assert result.status == "violated" and "Final: 87" in result.example.label


def test_no_search_when_a_witness_is_paid_and_vacuous_when_nothing_is() -> None:
    assert not witness_search.search(_ctx(lambda reply: True), 0).searched
    none = witness_search.search(_ctx(lambda reply: False), 0, tries=20)
    assert none.searched and none.tried == 20 and not none.accepted and "none of 20" in none.summary()
    assert witness_search.with_found_witnesses(_ctx(bool), none).witnesses == ()


def test_replies_given_become_seeds_and_a_file_of_another_task_is_refused() -> None:
    from verifuzz.fuzzing import reply_seeds
    from verifuzz.labelled import load
    from verifuzz.properties.registry import UsageError

    path = ROOT / "tests" / "heldout" / "user_mention_replies_d.toml"
    cases = [case for case in load(path).cases if case.expected["reward"] and not case.debatable]
    runs = reply_seeds([path], "user-mention")
    assert len(runs) == len(cases) > 0
    assert [run.final()["content"] for run in runs] == [case.text for case in cases]
    with pytest.raises(UsageError, match="answer 'user-mention', not 'memory-retrieval'"):
        reply_seeds([path], "memory-retrieval")
    ctx = _ctx(lambda reply: reply in {case.text for case in cases}, "user-mention")
    searched = witness_search.search(Context(ctx.subject, None, ctx.keys, reply_seeds=runs), 0, tries=30)
    assert searched.plain == 0 and searched.tried == 30  # no witnesses of its own: the given replies are reworded


def test_diff_compares_on_the_reworded_replies_old_pays_when_it_pays_no_witness() -> None:
    from verifuzz.diff_witnesses import witnesses_of_old

    ctx = _ctx(lambda reply: re.search(r"(?<![\w-])Final: 87\b", reply))
    found = witnesses_of_old(ctx, 0, draws=32, enough=2)
    assert len(found.accepted) == 2 and found.tried > 32
    assert all("Final: 87" in run.final()["content"] for run in found.accepted)


def test_witnesses_the_verifier_pays_join_the_seeds_when_it_pays_only_some() -> None:
    ctx = _ctx(lambda reply: "final figure is 87" in reply)
    found = witness_search.search(ctx, 0)
    assert not found.searched and 0 < found.plain_paid < found.plain and len(found.paid_plain) == found.plain_paid
    seeded = witness_search.with_found_witnesses(ctx, found)
    assert seeded.witnesses == () and seeded.reply_seeds == found.paid_plain
    everyone = _ctx(lambda reply: True)
    assert witness_search.with_found_witnesses(everyone, witness_search.search(everyone, 0)) == everyone

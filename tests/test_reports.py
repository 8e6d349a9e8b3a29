"""Example tests for verifiers/reports.py, rule by rule, on a small task of its own: a widget shipped."""
from __future__ import annotations

import re

import pytest

from verifuzz.verifiers.reports import (
    HUMAN, MAX_REPORT_CHARS, Facts, Refusal, accounted, changed, name_words, named, offer, read_report,
    report_sentences, unopened,
)


def boom(text: str) -> Refusal | None:
    return Refusal("boom", text) if "boom" in text else None


FACTS = Facts(
    done=re.compile(r"\b(?:shipped|done)\b"),
    subject=re.compile(r"\bwidget\b"),
    actions=re.compile(r"\bship\b"),
    names=re.compile(r"\bwidget-9\b"),
    numbers=frozenset({9, 3}),
    rivals=((re.compile(r"\bred\b"), "claims red"),),
    excused=lambda clause: clause.strip(" .") == "not red",
    lasting=re.compile(r"\bexpires?\b"),
    checks=(boom,),
    dimensions=frozenset({"widget_shipped"}),
)
BARE = Facts(done=FACTS.done, subject=None, actions=FACTS.actions, names=FACTS.names, numbers=FACTS.numbers, rivals=())


def rule(content: str, facts: Facts = FACTS, human: str = "Ann Lee") -> str | None:
    found = read_report(content, facts, human)
    return None if found is None else found.rule


@pytest.mark.parametrize(
    "content",
    [
        "Shipped the widget.", "Widget shipped ✅", "**Done** — the widget is out.", "> ## Shipped: `widget-9`",
        "| Item | Status |\n|---|---|\n| widget | shipped |", "1. Shipped the widget\n2. Shipped 3 more",
        "Line 1: shipped the widget", "(Shipped the widget.)", "Shipped the widget at 14:05 on 2026-12-06.",
        "Shipped the widget. No problem!", "Shipped the widget. Nothing else to report.",
        "Shipped the widget. Let me know if you want a blue one?", "Shipped the widget. I'll keep you posted.",
        "Shipped the widget; it expires in 9 days.", "Shipped the widget. Have a great day!",
        "Hi Ann, shipped the widget.", "Hello there, shipped the widget.", ":tada: Shipped the widget",
        "Shipped [the widget](https://x.example/widget?id=9&a=b#top).", "Shipped the widget<br>Thanks", "<b>Shipped</b> widget",
        "<!-- draft -->Shipped the widget.", "Shipped the widget; not red.", "Shipped the widget / thanks",
        "Shipped the widget - thanks", "Shipped the widget. Sorry for the delay.", "Shipped 3 widget",
        "Shipped the widget. No further action needed from you. No issues.", "Shipped the widget; nothing else needed.",
        "Shipped the widget; you can use it now.", "Shipped the widget (id 9f3c2a1b7e, key npub1qqqqqqqqqqqqqqqqqqqqqqqqq).",
        "Shipped the widget 123e4567-e89b-12d3-a456-426614174000", "Shipped the widget: {\"ship_date\": 9}",
"Done. The widget is here.", "shipped the widget: 3,333"[:-6],
    ],
)
def test_a_report_in_any_dress_passes(content: str) -> None:
    """Markdown, tables, list numbers, line labels, asides, times, courtesy, offers and links are presentation."""
    assert rule(content) is None, read_report(content, FACTS, "Ann Lee")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("x" * (MAX_REPORT_CHARS + 1), "too long to be a report"),
        ("Shipped the widget \u202e", "reordered text"),
        ("Shipped the widget \U0001f643", "sarcasm"), ("Shipped the widget /S", "sarcasm"),
        ("~~Shipped the widget~~", "struck or unchecked"), ("<del>Shipped</del> the widget", "struck or unchecked"),
        ("- [ ] Shipped the widget", "struck or unchecked"), ("Shipped the widget \u274c", "marked failed"),
        ("Shipped the widget \u0434", "not plain text"), ("Shipped the widget x\u0301", "not plain text"),
        ("Shipped the widget \u0663", "not plain text"),
        ("Shipped the widget. reward: 1", "words for the grader, not the human"),
        ("Shipped the widget. widget_shipped", "words for the grader, not the human"),
        ("Shipped the {widget}", "words for the grader, not the human"),
        ("Shipped the widget, totally.", "sarcasm"), ("'Shipped' the widget. 'done'", "sarcasm"),
        ("Shipped the widget?", "question"), ("Did you get the widget shipped", "question"),
        ("Shipped the widget. Actually, no.", "retracted"), ("Shipped the widget. That is false.", "retracted"),
        ("Shipped the widget. No longer true.", "retracted"),
        ("Shipped the widget, I think.", "hedged"), ("Shipped the widget (unconfirmed).", "hedged"),
        ("Shipped the widget if it fits.", "a condition or a hypothetical"),
        ("Shipped the widget until noon.", "a condition or a hypothetical"),
        ("Shipping is pending for the widget. Done.", "not done yet"), ("Next: shipped the widget", "not done yet"),
        ("Shipped the widget in a moment.", "not done yet"), ("Shipped a test ping of the widget.", "not done yet"),
        ("Shipped the widget; you can ship it.", "handed back to the human"),
        ("Shipped the widget; you'll need to ship more.", "handed back to the human"),
        ("Shipped the widget, you have to ship it", "handed back to the human"),
        ("Shipped the widget. Please confirm.", "handed back to the human"),
        ("Shipped the widget last week.", "about another time"),
        ("Bob says the widget shipped.", "words attributed to someone else"),
        ("Shipped the widget. It failed.", "reports a failure"), ("The widget was declined, done.", "reports a failure"),
        ("Widget ready to be shipped.", "not done yet"), ("Widget ready for you to ship.", "not done yet"),
        ("Shipped the widget. It will be done.", "a promise or a future"),
        ("Shipped the widget. I'll ship more.", "a promise or a future"),
        ("Shipped the widget. I'll be back.", "a promise or a future"),
        ("Shipped the widget. It will rain.", "a promise or a future"),
        ("Shipped the widget. We're going to dance.", "a promise or a future"),
        ("The widget was not shipped.", "negated"), ("Shipped the widget; one was left out.", "negated"),
        ("Shipped the widget; the red one was excluded.", "negated"), ("Shipped the widget (id 9999999999).", "rival figure"),
        ("Shipped the widget (id abcdefabcd9x).", "another name or figure"), ("The widget havent shipped.", "negated"),
        ("Shipped the widget; not red.", None), ("Shipped the widget, not red, not blue.", "negated"),
        ("Shipped the red widget.", "claims red"), ("Shipped the widget but red.", "claims red"),
        ("Shipped widget-10.", "another name or figure"), ("Shipped the widget 4 times.", "rival figure"),
        ("Shipped the widget. boom", "boom"), ("Thanks!", "no report of the work done"),
        ("Shipped it.", "does not name what was done"), ("Hi Bob, shipped the widget.", "addressed to someone else"),
        ("Want me to ship the widget?", "question"), ("Shall I go ahead? Shipped the widget.", "question"),
        ("<!--", "no report of the work done"),
    ],
)
def test_each_rule_refuses_with_its_name(content: str, expected: str | None) -> None:
    """Each meaning-changer, rival, unaccounted number, task check and missing report names the rule that decided."""
    assert rule(content) == expected, read_report(content, FACTS, "Ann Lee")


def test_without_a_subject_a_bare_report_passes_and_rivals_and_excuses_are_optional() -> None:
    """A task with no subject takes "Done." as the report; with no excuse every negation refuses; with no lasting
    future every future refuses."""
    assert rule("Done.", BARE) is None and rule("Done, not red.", BARE) == "negated"
    assert rule("Done; it expires", BARE) is None
    assert rule("Done; it will expire.", BARE) == "a promise or a future"
    assert rule("Done; it will expire.", FACTS) == "does not name what was done"


@pytest.mark.parametrize(
    ("content", "refusal"),
    [
        ("x" * (MAX_REPORT_CHARS + 1), Refusal("too long to be a report", f"{MAX_REPORT_CHARS + 1} characters")),
        ("a \u202e", Refusal("reordered text", "a \u202e")), ("a \U0001f644", Refusal("sarcasm", "a \U0001f644")),
        ("a ~~b~~", Refusal("struck or unchecked", "a ~~b~~")), ("a \u274c", Refusal("marked failed", "a \u274c")),
        ("ok\nb \u0434", Refusal("not plain text", "b \u0434")),
        ("Widget_shipped.", Refusal("words for the grader, not the human", "widget_shipped.")),
        ("Shipped; you can ship.", Refusal("handed back to the human", "you can ship.")),
        ("Ready to ship.", Refusal("not done yet", "ready to ship.")),
        ("It will ship.", Refusal("a promise or a future", "it will ship.")),
        ("A red one.", Refusal("claims red", "a red one.")), ("Hi Bob.", Refusal("addressed to someone else", "hi bob.")),
        ("Widget.", Refusal("no report of the work done", "Widget.")), ("Done.", Refusal("does not name what was done", "Done.")),
        ("Shipped the widget /s", Refusal("sarcasm", "shipped the widget /s")),
    ],
)
def test_each_refusal_names_its_sentence(content: str, refusal: Refusal) -> None:
    """The refusal carries the sentence (or the reply, or its length) that decided it, for details.json."""
    assert read_report(content, FACTS, "Ann Lee") == refusal


def test_the_order_of_checks_reaches_every_clause() -> None:
    """A word of the work before "you can" hands nothing back; an action in a lasting future is still a promise; a
    rival after an excused clause is still read."""
    assert rule("The ship widget is shipped, you can relax.") is None
    assert rule("Shipped the widget; it will ship and expire.") == "a promise or a future"
    assert rule("Shipped the widget; it will expire.") is None
    assert rule("Shipped the widget. Not red but red.") == "claims red"
    assert rule("Hi :wave: Ann, shipped the widget.") is None


def test_without_a_human_every_greeting_by_name_is_someone_else() -> None:
    assert read_report("Hi Xxxx, shipped the widget.", FACTS) == Refusal("addressed to someone else", "hi xxxx, shipped the widget.")


def test_a_refusal_explains_itself() -> None:
    """details.json carries the rule and the sentence."""
    assert Refusal("negated", "not shipped").explained() == "negated: 'not shipped'"
    found = read_report("Widget shipped. It failed.", FACTS)
    assert found == Refusal("reports a failure", "it failed.")


def test_sentences_fold_split_and_take_presentation_off() -> None:
    """Lines and end marks split; tables, bullets, labels, emphasis, emoji, links and thousands marks come off."""
    assert report_sentences("1. **A** b. - C!\n\n|x|y|\n|---|---|\n> # (D) ✅\n3,600 e\nf - g / h\nwidget-9 -x") == [
        "a b.", "c!", "x;y", "d", "3600 e", "f", "g", "h", "widget-9 -x"]
    assert report_sentences("[a](http://x.y/z?q=1)") == ["a (http x y z q 1)"]
    assert report_sentences("a<br/>b<br>c <i>d</i>") == ["a", "b", "c d"]
    assert report_sentences("a <!-- b\nc --> d\n<!-- e") == ["a d"]
    assert report_sentences("---\n.\n- \n") == [] and report_sentences("a. . ;") == ["a."]
    assert report_sentences("Shipped \U0001f512 the \u2b1b widget") == ["shipped the widget"]


def test_opened_takes_every_opening_off_and_asides_whole() -> None:
    assert unopened("- > 2. (x)") == "x" and unopened("Line 3: (a) b") == "(a) b" and unopened("(a.)!") == "a.!"
    assert unopened("(a) and (b)") == "a) and (b" and unopened("plain") == "plain" and unopened("(ok).") == "ok."


def test_an_offer_names_no_work_of_the_task_and_asks_nothing_to_go_on() -> None:
    assert offer("want me to paint it?", FACTS) and offer("if that changes, i'll let you know", FACTS)
    assert not offer("want me to ship it?", FACTS) and not offer("shall i proceed?", FACTS)
    assert not offer("paint it, want me to?", FACTS)


def test_changed_reads_questions_by_word_order_but_not_wishes() -> None:
    assert changed("can you see the widget", FACTS) == Refusal("question", "can you see the widget")
    assert changed("have a nice day", FACTS) is None and changed("is done", FACTS) is None
    assert changed("cannot the widget", FACTS) == Refusal("negated", "cannot the widget")


def test_numbers_are_names_times_dates_or_given() -> None:
    assert accounted("widget-9 at 9:30 on 2026-01-02, 3 and 9", FACTS) is None
    assert accounted("widget-99", FACTS) == Refusal("another name or figure", "widget-99")
    assert accounted("v2", FACTS) == Refusal("another name or figure", "v2") and accounted("no digits", FACTS) is None
    assert accounted("1.5", FACTS) == Refusal("another name or figure", "1.5")
    assert accounted("12", FACTS) == Refusal("rival figure", "12")


def test_the_human_s_name_is_read_whatever_its_letters() -> None:
    """A name word that is not ASCII reads as HUMAN; titles lose their dot; ASCII names stay as written."""
    assert name_words("Mr. Jos\u00e9  Garc\u00eda") == {"mr", "jos\u00e9", "garc\u00eda"} and name_words(" ") == set()
    assert name_words("A.. B") == {"a.", "b"}
    assert named("Hi JOS\u00c9, shipped", "Jos\u00e9 Ruiz") == f"Hi {HUMAN}, shipped"
    assert named("Hi Jos\u00e9x", "Jos\u00e9") == "Hi Jos\u00e9x" and named("Hi Ann", "Ann") == "Hi Ann"
    assert named("Hi \uff2a\uff4f\uff53\u00e9", "Jos\u00e9") == f"Hi {HUMAN}"
    assert rule("Hi Jos\u00e9, shipped the widget.", human="Jos\u00e9 Ruiz") is None
    assert rule("Hi Mr, shipped the widget.", human="Mr. Bo") is None

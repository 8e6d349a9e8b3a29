"""memory-retrieval: does the agent answer the April 2024 total-customers question from its cold memory, in the thread?

The answer, 352,345, lives only in a seeded memory entry. The final reply is read by a closed grammar (default deny):
every clause must affirm the answer or be a courtesy, so a refusal quoting the number, a question, a hedge, a
correction or a second number never pays. The grammar holds no digits but the year 2024.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

from verifuzz.verifiers.courtesy import GREETING
from verifuzz.verifiers.dress import undressed
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, same
from verifuzz.verifiers.lexicon import ASKING, spoken
from verifuzz.verifiers.prose import SENTENCE_END
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import TYPOGRAPHY, fold, plain
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "memory-retrieval"
ANSWER = "352,345"
# The answer as a reply writes it (after folding, which turns no-break and thin spaces into spaces): with a comma,
# a space or nothing between the thousands, never inside a longer number (1,352,345; 352,345.5; 0352345).
ANSWER_FORMS = re.compile(r"(?<![\d.,])352(?:,| )?345(?![\d]|[.,]\d)")
# What the answer reads as inside a clause: a private-use character, which no folded (ASCII) reply can hold.
N = "\ue000"

# ---- the grammar: every clause of the reply is one of these, or an address of the human ------------------------

# A code span (its backticks read as quotes, like every apostrophe) or quotes may set the number off.
_NUM = rf"(?:{N}|'{N}'|\"{N}\")(?: (?:total )?customers(?: (?:in )?total)?)?"
_WHEN = r"(?:(?:in|for|as of|during) april(?: of)? 2024|april 2024|\(april 2024\))"
_TOTAL = (r"(?:(?:the|your|our) )?(?:total (?:number of )?customers|total customer count|customer total|number of customers"
          r"|customer count|total-customers-metric)")
_IS = r"(?: (?:was|is|were|came to|stood at|totaled|totalled|reached|=)|:| -)"
_MEMORY = r"(?:(?:my|the|your) )?(?:cold memory|cold memories|memory entry|memory store|memories|stored memories|saved memories)"
_ENTRY = r"(?:the )?total-customers-metric(?: memory| entry| memory entry| record)?"
_SOURCE = rf"(?:{_MEMORY}(?: \({_ENTRY}\)| entry {_ENTRY})?|{_ENTRY}(?: (?:in|from) {_MEMORY})?)"
_CITED = rf"(?: \((?:source: |from |per |according to )?{_SOURCE}\))?"
ANSWER_FORMS_GRAMMAR = (
    rf"{_TOTAL}(?: {_WHEN})?{_IS} {_NUM}(?: {_WHEN})?{_CITED}",
    rf"(?:(?:in|for|as of) april 2024,? )?(?:we had|there were|you had|the company had|we counted) {_NUM}(?: {_WHEN})?{_CITED}",
    rf"{_NUM}(?: {_WHEN})?{_CITED}",
    rf"april 2024(?: total customers)?(?::| -) {_NUM}{_CITED}",
    rf"(?:the )?answer(?: is|:) {_NUM}(?: {_WHEN})?{_CITED}",
    rf"(?:it|that)(?:'s| is| was) {_NUM}(?: {_WHEN})?{_CITED}",
)
NEUTRAL_FORMS = (
    rf"(?:according to|per|from|based on|source:?) {_SOURCE}",
    rf"(?:i )?(?:checked|searched|looked (?:it )?up in|pulled (?:it|this|that) from|found (?:it|this|that) in"
    rf"|retrieved (?:it|this|that) from|read (?:it|this|that) from) (?:(?:my|the) (?:cold )?memor(?:y|ies)|{_SOURCE})",
    rf"(?:(?:in|for|as of) )?april 2024|{_TOTAL}(?: {_WHEN})?",  # a label or lead-in: says nothing until a number follows
    r"sure|of course|certainly|done|all set|got it|no problem|happy to help|hope this helps|thanks|thank you|cheers"
    r"|let me know if you need anything else|here(?:'s| is) the update|update below|quick summary|quick answer"
    r"|here(?:'s| is) what i found|here you go|here it is|hello",
)
RECOGNISED = re.compile("|".join((*ANSWER_FORMS_GRAMMAR, *NEUTRAL_FORMS)))
# What a piece the forms do not hold may say besides the answer and the year (verifiers/lexicon.py): the measure, the
# month, and where the figure came from. Not "memory": "(from memory)" is how a writer hedges a figure recalled unchecked,
# so the memory is named only by the source forms above ("my memory", "the cold memory").
WORDS = frozenset("""
customers customer total-customers total-customer count number answer april month cold entry entries
metric total-customers-metric stored saved recorded record records recalled retrieved checked found according source
""".split())
# Beside the answer, words that make it count something else: records or entries of the memory, or a rate
# ("352,345 customers per month", "a month").
COUNTED_ELSE = frozenset({"entries", "records", "per", "each", "every"})
RATE = re.compile(r"\b(?:a|per|each|every) (?:month|week|day|year)\b")
JOINTS = re.compile(r"(?:,|:| -) ")
TRAILING_MARKS = re.compile(r"[ .!,:;]+$")  # end marks, dropped before a sentence is read
EMPHASIS_MARKS = re.compile(r"[*_]+")  # markdown bold and italics: presentation, not words
LIST_MARK = re.compile(r"(?:[-*+]|\d{1,2}[.)])\s+")
# An answer is one number; past this length a reply is not one, and reading it clause by clause costs time.
MAX_REPLY_CHARS = 20_000


@lru_cache  # one human per snapshot: the pattern is built once per name, not once per example
def addressed(user: str) -> re.Pattern[str]:
    """An address of the human as a whole clause: `@Name`, the name or first name, or a greeting with either; only a
    greeting when the snapshot names no human."""
    human = fold(user)
    if not human:
        return re.compile(GREETING)
    names = "|".join(sorted({re.escape(human), re.escape(human.split(" ")[0])}, reverse=True))
    return re.compile(rf"(?:(?:hi|hello|hey|dear)(?: there)?,? )?@?(?:{names})|{GREETING}")


def clauses(content: str) -> list[str] | None:
    """The reply's sentences folded to plain ASCII, the answer read as `N`, without list marks, emphasis or end marks;
    None when a line is not plain."""
    found = []
    for line in content.translate(TYPOGRAPHY).splitlines():
        text = plain(line)
        if text is None:
            return None
        text = ANSWER_FORMS.sub(N, text)
        mark = LIST_MARK.match(text)  # "1. " opens a line; it must not end a sentence
        for sentence in SENTENCE_END.split(text[mark.end() if mark else 0 :]) if text else ():
            mark = LIST_MARK.match(sentence)  # sentences joined on one line may each carry a bullet
            found.append(TRAILING_MARKS.sub("", EMPHASIS_MARKS.sub("", sentence[mark.end() if mark else 0 :])))
    return found


def piece_known(piece: str, address: re.Pattern[str]) -> bool:
    """A piece of a clause that is a form of the grammar, an address, or an address then a space and a form; or,
    failing those, a piece whose words are all in WORDS and whose only number besides the answer is the year; beside
    the answer, none of COUNTED_ELSE and no RATE."""
    if RECOGNISED.fullmatch(piece) or address.fullmatch(piece):
        return True
    opening = address.match(piece)
    if opening is not None and piece[opening.end() : opening.end() + 1] == " " \
            and RECOGNISED.fullmatch(piece, opening.end() + 1) is not None:
        return True
    if not set(re.findall(r"\d+", piece)) <= {"2024"} or piece.count(N) > 1:
        return False
    if N not in piece:
        return spoken(piece, WORDS, asking=ASKING)
    return RATE.search(piece) is None and spoken(piece.replace(N, " "), WORDS, COUNTED_ELSE, asking=ASKING)


def recognised(clause: str, address: re.Pattern[str]) -> bool:
    """The clause is a known piece whole, or cut at its joints into known pieces."""
    return piece_known(clause, address) or all(piece_known(piece, address) for piece in JOINTS.split(clause))


def answers(content: str, user: str) -> bool:
    """Every clause is recognised and one of them states the answer."""
    found = clauses(undressed(content, user)) if len(content) <= MAX_REPLY_CHARS else None
    if not found:
        return False
    address = addressed(user)
    return all(recognised(clause, address) for clause in found) and any(N in clause for clause in found)


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    final = evidence.final_reply(agent.pubkey if agent else None)
    content = final.content if final else ""
    # The task holds only if the answer was nowhere but in memory: one given in the channel by anyone but the agent
    # (the prompt, the human, anyone else) proves nothing about retrieval.
    given = [m.id for m in evidence.messages if not same(m.pubkey, agent.pubkey if agent else None)
             and ANSWER_FORMS.search(fold(m.content))]
    checks = {**evidence.health(NAME), "answer_not_given_in_channel": not given}
    dimensions = {
        # Addresses are read against the human's name: without one human the reply cannot be read.
        "answer_correct": final is not None and user is not None and answers(content, user.name),
        "threaded_reply": final is not None
        and same(final.reply_to, evidence.task_event_id)
        and same(final.channel_id, evidence.channel_id),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "final_reply_id": final.id if final else None,
        "final_reply_content": content,
        "answer_given_by": given,
        "expected_answer": ANSWER,
    }
    return Verdict(dimensions, details)


TASK = TaskSpec(name=NAME, dimensions=("answer_correct", "threaded_reply", "evidence_complete"), score=score)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())

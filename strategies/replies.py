"""Labelled replies: free-text answers composed from clauses whose meaning is known, so the verdict is computed.

A task with a free-text answer declares `Fact`s (what a clause can speak of, each with its surface forms)
and a `ReplyTask` (which facts make the answer, which others are true, and how a reply's verdict follows
from its clauses). `compose` draws a reply: which facts it speaks of, in which modality (affirmed, negated,
questioned, retracted, hedged, future, quoted inside a refusal), with which surface forms, fillers, layout
and order. The label comes from that composition, never from the text, so a verifier's reading can be
checked against it (CheckList's minimum functionality, invariance and directional tests, in one generator).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any, Callable

from verifuzz.strategies.layouts import Line, lay_out
from verifuzz.strategies.wordings import (
    ANSWERS_TO_QUESTIONS, CLOSERS, DISGUISES, FILLERS, HEDGES, NAME_MARKS, OFFERS, OPENERS, QUESTIONS, REFUSAL_LEADS,
    REFUSALS, RETRACTIONS, UNSAYINGS,
)

AFFIRMED = "affirmed"
NEGATED = "negated"
QUESTIONED = "questioned"
RETRACTED = "retracted"  # affirmed, then taken back or corrected by a later clause
HEDGED = "hedged"
FUTURE = "future"
REFUSED = "refused"  # quoted inside a refusal
UNSAID = "unsaid"  # taken back on its own line by markup or a tag: struck through, left unticked, "— NOT", "/s"
MODALITIES = (AFFIRMED, NEGATED, QUESTIONED, RETRACTED, HEDGED, FUTURE, REFUSED, UNSAID)

ASSERTED = "asserted"  # correct when every answer fact is plainly affirmed and nothing else is said but true facts
PRESENT = "present"  # correct when every answer fact's text is in the reply, whatever the modality

# Verbs that ask by coming first ("Has Aurora completed the audit?"), so a question may drop its mark.
INVERTING = frozenset("is are was were do does did has have had can could should would will".split())
APOSTROPHES = ("'", "\u2019", "\u2018", "\u02bc", "`", "\u00b4", "\u2032", "\uff07", "")  # "" drops it: "isnt"
CONTRACTIONS = (
    ("is not", "isn't"), ("has not", "hasn't"), ("have not", "haven't"), ("did not", "didn't"),
    ("does not", "doesn't"), ("was not", "wasn't"), ("can not", "can't"), ("will not", "won't"), ("I am", "I'm"),
    ("that is", "that's"), ("it is", "it's"), ("It is", "It's"),
)
BULLETS = ("", "", "- ", "* ", "\u2022 ")
ENDS = (".", ".", "!", "", " .")
SEPARATORS = ("\n", "\n", "\n\n", "\r\n", " ")
# What a dressed reply may add: an HTML line break between lines, a tick, a light or a face after a line.
INLINE_SEPARATORS = (" \u00b7 ", " / ")  # between two items on one line: after no end mark, before no bullet
DRESSED_SEPARATORS = ("<br>", "<br/>\n", *INLINE_SEPARATORS)
DRESSED_ENDS = (". \u2713", " \U0001f7e2", ". \U0001f44d", " \U0001f634", " \U0001f389")
# Objects a dressed line may open with in place of a bullet: a ticket, a parcel, a megaphone, a link, a flag, a bulb.
DRESSED_BULLETS = ("\U0001f39f\ufe0f ", "\U0001f4e6 ", "\U0001f4e3 ", "\U0001f517 ", "\U0001f3c1 ", "\U0001f4a1 ")
# A fact's table cell in each modality a cell can carry; `{}` is an affirmed cell, lower-cased unless affirmed.
CELL_FORMS = {
    AFFIRMED: ("{}",), NEGATED: ("Not {}", "not {}", "{} \u2014 no"), HEDGED: ("{} (probably)", "Probably {}", "Likely {}"),
    QUESTIONED: ("{}?", "{} (?)"), FUTURE: ("{} soon", "{} (expected)"), UNSAID: ("~~{}~~", "{} /s", "{} (not really)"),
}


@dataclass(frozen=True)
class Fact:
    """Something a clause can say, with surface forms for each modality that needs its own words.

    Hedges, questions, retractions and refusals are also made from any affirmed form, so a fact
    lists only what is particular to it. Templates may use `{user}` and the task's own fields. A fact
    about one thing (`subject`) may also say it without naming it, so a layout can put it after a
    pronoun, a topic line or another statement about the same thing, or in a table.
    """

    name: str
    affirmed: tuple[str, ...]
    negated: tuple[str, ...] = ()
    future: tuple[str, ...] = ()
    hedged: tuple[str, ...] = ()
    questioned: tuple[str, ...] = ()
    corrected: tuple[str, ...] = ()  # a later clause that says otherwise without taking the first back in words
    subject: str = ""  # what the fact is about ("{aurora}", "CHECK_ID"); "" when nothing in particular
    predicates: tuple[str, ...] = ()  # the fact said of its subject without naming it: "completed the audit"
    denials: tuple[str, ...] = ()  # the fact negated the same way: "is not idle"
    cells: tuple[str, ...] = ()  # the fact as the value cell of a table row headed by its subject: "Idle"


@dataclass(frozen=True)
class Clause:
    """One statement of a reply and what it means: the fact it speaks of (None: filler) and its modality.

    `subject`, `predicate` and `cell` are the same statement in the pieces a layout may use instead of
    `text` (empty when the fact has no such form in this modality).
    """

    fact: str | None
    modality: str
    text: str
    subject: str = ""
    predicate: str = ""
    cell: str = ""


@dataclass(frozen=True)
class Reply:
    text: str
    clauses: tuple[Clause, ...]

    @property
    def natural(self) -> bool:
        """Only affirmed facts and filler: how a correct, cooperative answer reads."""
        return all(c.modality == AFFIRMED for c in self.clauses if c.fact is not None)


@dataclass(frozen=True)
class ReplyTask:
    """The facts a task's replies can speak of, which of them are its answer, and its verdict rule."""

    answer: tuple[str, ...]
    facts: tuple[Fact, ...]
    rule: str = ASSERTED
    fields: dict[str, str] = field(default_factory=dict)
    neutral: tuple[str, ...] = ()  # task-specific filler that says nothing about any fact
    openers: tuple[str, ...] = ()  # task-specific filler a writer opens with (a header, a lead-in)
    # Whether replies also take the generic OPENERS, CLOSERS and layouts (tables, headings, labels, quotes, asides):
    # the dress the shared reply readers (verifiers/prose.py, courtesy.py) read. A task whose reader keeps its own
    # lists turns this off, and its replies are one plain line per clause.
    dressed: bool = True
    verbatim: tuple[str, ...] = ()  # tokens a writer copies exactly (ids, markers, a block): casing leaves them alone
    consistent: tuple[str, ...] = ()  # facts that are true but not asked for: affirming one keeps a reply correct
    names: tuple[str, ...] = ()  # fields holding names a writer may set in bold, italics or a code span
    headers: tuple[tuple[str, str], ...] = (("Bot", "Status"),)  # a table's header row: subject column, value column
    once: bool = False  # each fact may be said only once: a block pasted twice is not the block pasted
    # Generic filler that says something in this task, so it is never drawn as filler: a regex searched in each
    # (folded) filler. "Done" reports the message sent when the task is to send one.
    meaningful: str = ""

    def fact(self, name: str) -> Fact:
        return next(f for f in self.facts if f.name == name)

    def correct(self, reply: Reply) -> bool:
        """The verdict the composition implies: whether the reply's meaning is the task's answer.

        Under `asserted` a fact that is true but not the answer may be affirmed; said in any other modality
        it makes the reply wrong, since a reader cannot tell how far a hedge or a retraction reaches.
        """
        spoken = [c for c in reply.clauses if c.fact is not None]
        if self.once and len({c.fact for c in spoken}) < len(spoken):
            return False
        if self.rule == PRESENT:
            return all(any(c.fact == name for c in spoken) for name in self.answer)
        affirmed = {c.fact for c in spoken if c.modality == AFFIRMED}
        true = {*self.answer, *self.consistent}
        return set(self.answer) <= affirmed and all(c.fact in true and c.modality == AFFIRMED for c in spoken)


def addressed(task: ReplyTask) -> Callable[[Any], ReplyTask]:
    """A task's `replies`: its facts, with `{user}` set to the human of the run the reply is written for."""
    def replies(trial: Any) -> ReplyTask:
        user = next(name for name, spec in trial.identities.items() if spec["role"] == "user")
        return replace(task, fields={**task.fields, "user": user})
    return replies


def compose(rng: Random, task: ReplyTask, natural: bool = False) -> Reply:
    """A reply to `task`. Natural: each answer fact affirmed, maybe true extra facts, filler and a layout around.
    Otherwise each answer fact takes a modality (affirmed more often than not), some are dropped or repeated,
    true facts may be said in any modality, wrong facts may join in, or the whole answer is quoted in a refusal."""
    task = replace(task, fields={**task.fields, **{k: rng.choice(NAME_MARKS).format(task.fields[k]) for k in task.names}})
    units: list[list[Clause]] = []
    for name in task.answer:
        fact = task.fact(name)
        if natural:
            units.append(render(rng, task, fact, AFFIRMED))
            continue
        if rng.random() < 0.1:
            continue  # the fact is never stated
        units.append(render(rng, task, fact, AFFIRMED if rng.random() < 0.35 else rng.choice(modalities(fact)[1:])))
        if rng.random() < 0.15:
            units.append(render(rng, task, fact, rng.choice(modalities(fact))))
    for name in task.consistent:
        if rng.random() < 0.2:
            fact = task.fact(name)
            units.append(render(rng, task, fact, AFFIRMED if natural or rng.random() < 0.5 else rng.choice(modalities(fact))))
    true = {*task.answer, *task.consistent}
    wrong = [f for f in task.facts if f.name not in true]
    if not natural and wrong and rng.random() < 0.4:
        fact = rng.choice(wrong)
        units.append(render(rng, task, fact, AFFIRMED if rng.random() < 0.6 else rng.choice(modalities(fact))))
    rng.shuffle(units)
    if not natural and rng.random() < 0.08:
        units = [refused(rng, task)]
    fillers = [*empty(task, FILLERS), *task.neutral]
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        units.insert(rng.randint(0, len(units)), [filler(rng, task, fillers)])
    openers = (*(empty(task, OPENERS) if task.dressed else ()), *task.openers)
    if openers and rng.random() < 0.35:
        units.insert(0, [filler(rng, task, openers)])
    if task.dressed and rng.random() < 0.35:
        units.append([filler(rng, task, empty(task, rng.choice((CLOSERS, OFFERS))))])
    clauses = tuple(c for unit in units for c in unit)
    lines = lay_out(rng, clauses, task.headers) if task.dressed else [Line(c.text) for c in clauses]
    return Reply(surface(rng, lines, task.verbatim, task.dressed), clauses)


def modalities(fact: Fact) -> tuple[str, ...]:
    """The modalities `fact` can be said in, affirmed first: negation and the future need words of its own."""
    return tuple(m for m in MODALITIES if (m != NEGATED or fact.negated) and (m != FUTURE or fact.future))


def fill(template: str, task: ReplyTask, **more: str) -> str:
    return template.format(**task.fields, **more)


def empty(task: ReplyTask, pool: tuple[str, ...]) -> tuple[str, ...]:
    """The generic fillers of `pool` that say nothing in `task` (none matches its `meaningful`)."""
    return tuple(f for f in pool if not (task.meaningful and re.search(task.meaningful, f.casefold())))


def filler(rng: Random, task: ReplyTask, pool: list[str] | tuple[str, ...]) -> Clause:
    return Clause(None, AFFIRMED, fill(rng.choice(pool), task, first=task.fields.get("user", "").split(" ")[0]))


def affirmed(rng: Random, task: ReplyTask, fact: Fact) -> Clause:
    return render(rng, task, fact, AFFIRMED)[0]


def render(rng: Random, task: ReplyTask, fact: Fact, modality: str) -> list[Clause]:
    """The clauses that say `fact` in `modality` (a retraction is two: the statement, then what takes it back)."""
    s = fill(rng.choice(fact.affirmed), task)
    if modality == AFFIRMED:
        return [Clause(fact.name, AFFIRMED, s, *pieces(rng, task, fact, AFFIRMED))]
    if modality == RETRACTED:
        later = fill(rng.choice(fact.corrected), task) if fact.corrected and rng.random() < 0.4 else rng.choice(RETRACTIONS)
        return [Clause(fact.name, RETRACTED, s, *pieces(rng, task, fact, AFFIRMED)), Clause(fact.name, RETRACTED, later)]
    own = {NEGATED: fact.negated, FUTURE: fact.future, HEDGED: fact.hedged, QUESTIONED: fact.questioned}.get(modality, ())
    generic = {HEDGED: HEDGES, QUESTIONED: QUESTIONS, REFUSED: REFUSALS, UNSAID: UNSAYINGS}.get(modality, ())
    pool = [*own, *(g.replace("{s}", "{{s}}") for g in generic)]
    text = fill(rng.choice(pool), task).replace("{s}", s)
    if modality == NEGATED and rng.random() < 0.3:
        text = disguised(rng, text)
    if modality == QUESTIONED and text.endswith("?") and text.split(" ")[0].lower() in INVERTING and rng.random() < 0.3:
        text = text[:-1]  # "Is BETA 41": the order of the words asks, as chat often writes it
    clauses = [Clause(fact.name, modality, text, *pieces(rng, task, fact, modality))]
    if modality == QUESTIONED:
        answer = rng.choice(ANSWERS_TO_QUESTIONS)
        if answer:
            clauses.append(Clause(fact.name, QUESTIONED, answer))
    return clauses


def pieces(rng: Random, task: ReplyTask, fact: Fact, modality: str) -> tuple[str, str, str]:
    """`fact` in `modality` as (subject, predicate, cell), each empty when the fact has no such form."""
    if not fact.subject:
        return "", "", ""
    predicates = {AFFIRMED: fact.predicates, NEGATED: fact.denials}.get(modality, ())
    predicate = fill(rng.choice(predicates), task) if predicates else ""
    cell = ""
    if fact.cells and modality in CELL_FORMS:
        value = fill(rng.choice(fact.cells), task)
        cell = rng.choice(CELL_FORMS[modality]).format(value if modality == AFFIRMED else value[0].lower() + value[1:])
    return fill(fact.subject, task), predicate, cell


def refused(rng: Random, task: ReplyTask) -> list[Clause]:
    """A refusal that quotes the whole answer: a lead line, then each answer fact's affirmed statement."""
    quoted = [replace(affirmed(rng, task, task.fact(name)), modality=REFUSED) for name in task.answer]
    return [Clause(task.answer[0], REFUSED, fill(rng.choice(REFUSAL_LEADS), task)), *quoted]


def disguised(rng: Random, text: str) -> str:
    """`text` with its first negation word hidden by one of the DISGUISES (left as is when it has none)."""
    found = re.search(r"\b(?:not|no|never|none|nothing)\b", text)
    if found is None:
        return text
    return text[: found.start()] + rng.choice(DISGUISES)(found.group()) + text[found.end() :]


def cased(case: Callable[[str], str], line: str, verbatim: tuple[str, ...]) -> str:
    """`line` in `case`, except for the `verbatim` tokens in it."""
    for token in verbatim:
        if token in line:
            return token.join(cased(case, part, verbatim) for part in line.split(token))
    return case(line)


def surface(rng: Random, lines: list[Line] | list[str], verbatim: tuple[str, ...] = (), dressed: bool = False) -> str:
    """The lines written out: contractions, apostrophes and casing everywhere; bullets, end marks and separators
    between prose lines only (a table row or a heading keeps its own marks and stands on a line of its own).

    A line that is a verbatim block (a token spanning lines) is pasted as is, on lines of its own. A `dressed` reply
    may also break lines with HTML, set a dot or a slash between two lines (the first without an end mark, the
    second without a bullet) and end a line with a tick, a light or a face.
    """
    ends, separators = (ENDS + DRESSED_ENDS, SEPARATORS + DRESSED_SEPARATORS) if dressed else (ENDS, SEPARATORS)
    bullets = BULLETS + DRESSED_BULLETS if dressed else BULLETS
    contract = rng.random() < 0.5
    apostrophe = rng.choice(APOSTROPHES)
    case: Callable[[str], str] = rng.choice([str, str, str, str.lower, str.upper])
    text, pasted = "", False
    for item in lines:
        line = Line(item) if isinstance(item, str) else item
        block = "\n" in line.text and line.text in verbatim
        words, bullet = line.text, ""
        if not block:
            if contract:
                for long, short in CONTRACTIONS:
                    words = re.sub(rf"\b{long}\b", short, words)  # "has nothing" keeps its "has no"
            # Writers drop the apostrophe of "n't" ("isnt"), never of "'ll" or "'s": there any other mark stands in.
            words = words.replace("n't", "nt") if apostrophe == "" else words.replace("'", apostrophe)
            if line.prose:
                if words[-1:] not in ".!?:,":
                    words += rng.choice(ends)
                bullet = rng.choice(bullets)
            words = cased(case, words, verbatim)
        if text:
            joinable = line.prose and previous.prose and not line.prefix  # a quote mark or a label opens its own line
            separator = rng.choice(separators) if joinable else "\n"
            if separator == " " and text[-1:] not in ".!?;":
                separator = "\n"  # two clauses on one line need a mark between them
            if pasted or (block and "\n" not in separator):
                separator = "\n"  # a block keeps lines of its own: a real line feed before it, nothing but one after it
            if separator in INLINE_SEPARATORS:
                bullet = ""
                # Between two operands a dot or a slash is a product or a quotient ("6 · 7"), not two items.
                operands = re.match(r"[\d($]", words) is not None and re.search(r"[\d)]$", text) is not None
                if not (text[-1:].isalnum() or text[-1:] in "\"'`") or operands:
                    separator = "\n"
            text += separator
        text += line.prefix + bullet + words
        previous, pasted = line, block
    return text

"""Labelled replies: free-text answers composed from clauses whose meaning is known, so the verdict is computed.

A task with a free-text answer declares `Fact`s (what a clause can speak of, each with its surface forms)
and a `ReplyTask` (which facts make the answer and how a reply's verdict follows from its clauses).
`compose` draws a reply: which facts it speaks of, in which modality (affirmed, negated, questioned,
retracted, hedged, future, quoted inside a refusal), with which surface forms, fillers and order. The
label comes from that composition, never from the text, so a verifier's reading can be checked against
it (CheckList's minimum functionality, invariance and directional tests, in one generator).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from random import Random
from typing import Callable

AFFIRMED = "affirmed"
NEGATED = "negated"
QUESTIONED = "questioned"
RETRACTED = "retracted"  # affirmed, then taken back or corrected by a later clause
HEDGED = "hedged"
FUTURE = "future"
REFUSED = "refused"  # quoted inside a refusal
UNSAID = "unsaid"  # taken back on its own line by markup or a tag: struck through, left unticked, "— NOT", "/s"
MODALITIES = (AFFIRMED, NEGATED, QUESTIONED, RETRACTED, HEDGED, FUTURE, REFUSED, UNSAID)

ASSERTED = "asserted"  # correct when every answer fact is plainly affirmed and nothing else is said of any fact
PRESENT = "present"  # correct when every answer fact's text is in the reply, whatever the modality

# Forms that work for any fact: `{s}` is an affirmed sentence of it, without its final mark.
HEDGES = (
    "I think {s}", "{s}, I believe", "It looks like {s}", "Probably {s}", "{s}, probably", "It seems {s}",
    "As far as I can tell, {s}", "I guess {s}", "Maybe {s}", "{s}, if I'm not mistaken", "I'd say {s}",
    "{s} (unconfirmed)", "Possibly {s}",
)
QUESTIONS = ("{s}?", "Is it true that {s}?", "{s}, right?", "Can you confirm {s}?", "Did you mean that {s}?")
ANSWERS_TO_QUESTIONS = ("", "No.", "Not sure.", "Nope.", "No idea.")
RETRACTIONS = (
    "Actually, scratch that.", "Correction: that is wrong.", "No wait, that's not right.", "Ignore that last line.",
    "Sorry, my mistake, that isn't so.", "Strike that.", "On second thought, no.", "Just kidding.",
    "That's not accurate, I misspoke.", "Disregard the line above.", "Oops, that was false.",
    # Lines that take a statement back without a word any list would hold.
    "I made that up.", "None of that happened.", "Those two are the other way round.", "/s", "(not really)",
    "Yeah, right.", "Read the above as its opposite.", "The line above is fiction.", "Lol, sure.",
)
# Markup and tags that unsay the statement they wrap or follow.
UNSAYINGS = (
    "~~{s}~~", "- [ ] {s}", "{s} \u2014 NOT", "{s} (not really)", "{s} /s", "{s}, said nobody ever", "<del>{s}</del>",
    "{s}... as if", "{s} \u2717",
)
# Ways to hide a negation from a reader of the folded text while a person still sees it: a homoglyph, a
# zero-width character inside the word, or the word written backwards inside a right-to-left override.
DISGUISES = (
    lambda word: word.replace("o", "\u043e", 1), lambda word: word[0] + "\u200b" + word[1:],
    lambda word: "\u202e" + word[::-1] + "\u202c", lambda word: word.replace("t", "\u0442", 1),
)
REFUSALS = (
    "I can't post \"{s}\".", "You asked me to say that {s}, but I won't.", "I'm not able to report that {s}.",
    "I won't write \u201c{s}\u201d for you.", "Sorry, I can't say that {s}.", "I refuse to claim that {s}.",
    "I'm unable to confirm: {s}.", "I cannot state \u00ab{s}\u00bb.",
)
FILLERS = (
    "Hi {user},", "Here's the update:", "Sure!", "Thanks!", "Hope this helps.", "Let me know if you need anything else.",
    "Update below:", "Happy to help.", "Hello!", "Quick summary:", "Cheers", "All set.",
)
APOSTROPHES = ("'", "\u2019", "\u2018", "\u02bc", "`", "\u00b4", "\u2032", "\uff07", "")  # "" drops it: "isnt"
CONTRACTIONS = (
    ("is not", "isn't"), ("has not", "hasn't"), ("have not", "haven't"), ("did not", "didn't"),
    ("does not", "doesn't"), ("was not", "wasn't"), ("can not", "can't"), ("will not", "won't"), ("I am", "I'm"),
    ("that is", "that's"), ("it is", "it's"), ("It is", "It's"),
)
BULLETS = ("", "", "- ", "* ", "\u2022 ")
ENDS = (".", ".", "!", "", " .")
SEPARATORS = ("\n", "\n", "\n\n", "\r\n", " ")


@dataclass(frozen=True)
class Fact:
    """Something a clause can say, with surface forms for each modality that needs its own words.

    Hedges, questions, retractions and refusals are also made from any affirmed form, so a fact
    lists only what is particular to it. Templates may use `{user}` and the task's own fields.
    """

    name: str
    affirmed: tuple[str, ...]
    negated: tuple[str, ...] = ()
    future: tuple[str, ...] = ()
    hedged: tuple[str, ...] = ()
    questioned: tuple[str, ...] = ()
    corrected: tuple[str, ...] = ()  # a later clause that says otherwise without taking the first back in words


@dataclass(frozen=True)
class Clause:
    """One line of a reply and what it means: the fact it speaks of (None: filler) and its modality."""

    fact: str | None
    modality: str
    text: str


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
    verbatim: tuple[str, ...] = ()  # tokens a writer copies exactly (ids, markers, a block): casing leaves them alone

    def fact(self, name: str) -> Fact:
        return next(f for f in self.facts if f.name == name)

    def correct(self, reply: Reply) -> bool:
        """The verdict the composition implies: whether the reply's meaning is the task's answer."""
        spoken = [c for c in reply.clauses if c.fact is not None]
        if self.rule == PRESENT:
            return all(any(c.fact == name for c in spoken) for name in self.answer)
        affirmed = {c.fact for c in spoken if c.modality == AFFIRMED}
        return set(self.answer) <= affirmed and all(c.fact in self.answer and c.modality == AFFIRMED for c in spoken)


def compose(rng: Random, task: ReplyTask, natural: bool = False) -> Reply:
    """A reply to `task`. Natural: each answer fact affirmed, filler around. Otherwise each answer fact takes a
    modality (affirmed more often than not), some are dropped or repeated, and wrong facts may join in."""
    units: list[list[Clause]] = []
    for name in task.answer:
        if natural:
            units.append([affirmed(rng, task, task.fact(name))])
            continue
        if rng.random() < 0.1:
            continue  # the fact is never stated
        fact = task.fact(name)
        units.append(render(rng, task, fact, AFFIRMED if rng.random() < 0.35 else rng.choice(modalities(fact)[1:])))
        if rng.random() < 0.15:
            units.append(render(rng, task, fact, rng.choice(modalities(fact))))
    wrong = [f for f in task.facts if f.name not in task.answer]
    if not natural and wrong and rng.random() < 0.4:
        fact = rng.choice(wrong)
        units.append(render(rng, task, fact, AFFIRMED if rng.random() < 0.6 else rng.choice(modalities(fact))))
    rng.shuffle(units)
    fillers = [*FILLERS, *task.neutral]
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        units.insert(rng.randint(0, len(units)), [Clause(None, AFFIRMED, fill(rng.choice(fillers), task))])
    clauses = tuple(c for unit in units for c in unit)
    return Reply(surface(rng, [c.text for c in clauses], task.verbatim), clauses)


def modalities(fact: Fact) -> tuple[str, ...]:
    """The modalities `fact` can be said in, affirmed first: negation and the future need words of its own."""
    return tuple(m for m in MODALITIES if (m != NEGATED or fact.negated) and (m != FUTURE or fact.future))


def fill(template: str, task: ReplyTask, **more: str) -> str:
    return template.format(**task.fields, **more)


def affirmed(rng: Random, task: ReplyTask, fact: Fact) -> Clause:
    return Clause(fact.name, AFFIRMED, fill(rng.choice(fact.affirmed), task))


def render(rng: Random, task: ReplyTask, fact: Fact, modality: str) -> list[Clause]:
    """The clauses that say `fact` in `modality` (a retraction is two: the statement, then what takes it back)."""
    s = fill(rng.choice(fact.affirmed), task)
    if modality == AFFIRMED:
        return [Clause(fact.name, AFFIRMED, s)]
    if modality == RETRACTED:
        later = fill(rng.choice(fact.corrected), task) if fact.corrected and rng.random() < 0.4 else rng.choice(RETRACTIONS)
        return [Clause(fact.name, RETRACTED, s), Clause(fact.name, RETRACTED, later)]
    own = {NEGATED: fact.negated, FUTURE: fact.future, HEDGED: fact.hedged, QUESTIONED: fact.questioned}.get(modality, ())
    generic = {HEDGED: HEDGES, QUESTIONED: QUESTIONS, REFUSED: REFUSALS, UNSAID: UNSAYINGS}.get(modality, ())
    pool = [*own, *(g.replace("{s}", "{{s}}") for g in generic)]
    text = fill(rng.choice(pool), task).replace("{s}", s)
    if modality == NEGATED and rng.random() < 0.3:
        text = disguised(rng, text)
    clauses = [Clause(fact.name, modality, text)]
    if modality == QUESTIONED:
        answer = rng.choice(ANSWERS_TO_QUESTIONS)
        if answer:
            clauses.append(Clause(fact.name, QUESTIONED, answer))
    return clauses


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


def surface(rng: Random, lines: list[str], verbatim: tuple[str, ...] = ()) -> str:
    """The clauses written out: contractions, apostrophes, casing, bullets, end marks and separators all drawn."""
    contract = rng.random() < 0.5
    apostrophe = rng.choice(APOSTROPHES)
    case: Callable[[str], str] = rng.choice([str, str, str, str.lower, str.upper])
    parts = []
    blocks: set[int] = set()  # indices of the parts that are blocks pasted whole
    for line in lines:
        if "\n" in line and line in verbatim:  # a block a writer pastes as is: no contraction, mark, bullet or case
            blocks.add(len(parts))
            parts.append(line)
            continue
        if contract:
            for long, short in CONTRACTIONS:
                line = re.sub(rf"\b{long}\b", short, line)  # "has nothing" keeps its "has no"
        # Writers drop the apostrophe of "n't" ("isnt"), never of "'ll" or "'s": there any other mark stands in.
        line = line.replace("n't", "nt") if apostrophe == "" else line.replace("'", apostrophe)
        if line[-1:] not in ".!?:,":
            line += rng.choice(ENDS)
        parts.append(rng.choice(BULLETS) + cased(case, line, verbatim))
    text = parts[0] if parts else ""
    for index, part in enumerate(parts[1:], 1):
        separator = rng.choice(SEPARATORS)
        if separator == " " and (text[-1:] not in ".!?;" or not blocks.isdisjoint((index - 1, index))):
            separator = "\n"  # two clauses on one line need a mark between them; a block keeps its own lines
        text += separator + part
    return text

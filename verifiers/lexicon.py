"""A closed vocabulary: a piece of a reply is read by its words when no form of a task's grammar holds it.

Where a grammar lists whole forms, a vocabulary lists words, so a statement in any order, and a remark a writer
adds, are read as long as every word is one the task allows. The vocabulary is closed (default deny): it holds no
word that negates, hedges, asks, refuses, promises, quotes, compares or takes back, so a piece with any such word, or
with a word nobody listed, is still not read. Numbers are not words; each grammar decides what its numbers say.
"""
from __future__ import annotations

import re

# Words any statement of a result may use: articles, pronouns, the verbs that state, prepositions that place or
# attribute, and the words that total. None of them changes what a statement says.
BASE = frozenset("""
a an the this that these those it its it's that's there there's here here's i i've i'm we we've we're you you're you've your
our my me us is are was were been has have had got gets comes came stands stood totals totaled totalled
equals makes gives leaves of in on at for to from with by per as and into over across through within
all both each every total totals overall final combined altogether together whole full exact exactly just currently
now still so which amounts amount asked requested
""".split())
# Marks a piece may hold besides words and numbers: none of them asks (`?`), strikes (`~`), quotes (`"`) or gives a
# unit (`$`, `%`: a grammar that reads amounts takes them off with the amount).
MARKS = re.compile(r"[\s.,:;!()\-'+=*/\u00d7\u2212\u2013\u2014\u2192>#|\u00a7]*")
POSSESSIVE = re.compile(r"'s\b")  # "April 2024's total", "it's": the word it follows is what is read
WORD = re.compile(r"[a-z]+(?:['-][a-z0-9]+)*")
NUMERAL = re.compile(r"(?<![\w-])\d[\d,.]*")  # a number standing alone, not a part of a word ("fix-pr-1234")


# A verb that opens a statement asks, with or without a question mark: "is the total 41", "are there 41 left". The
# readers of figures pass it for every piece; a reader whose pieces after a joint may open with such a verb as their
# predicate ("Taylor, the release captain, has been notified") reads without it.
ASKING = frozenset("is are was were am do does did has have had can could would should will shall may might must".split())


def spoken(piece: str, vocabulary: frozenset[str], unsaid: frozenset[str] = frozenset(), base: frozenset[str] = BASE,
           asking: frozenset[str] = frozenset()) -> bool:
    """Every word of `piece` (folded text, a possessive `'s` set aside) is in `vocabulary` or `base` but not in `unsaid`
    (a task where "both" or "all" changes the answer leaves them out), the piece does not open with one of `asking`
    (ASKING for a reader of figures; a number, or a space where a caller took one out, before it is no opening), and
    what is not a word or a number is a mark that neither asks, strikes nor quotes."""
    rest = NUMERAL.sub(" ", POSSESSIVE.sub("", piece))
    opening = WORD.match(rest)  # the piece's first word, when nothing comes before it ("42 were planned" opens with 42)
    if opening and opening.group() in asking:
        return False
    if any(word in unsaid or (word not in vocabulary and word not in base) for word in WORD.findall(rest)):
        return False
    return MARKS.fullmatch(WORD.sub(" ", rest)) is not None

"""Text folding shared by verifiers: how names, wakes and quoted lines are compared."""
from __future__ import annotations

import re
import unicodedata


def fold(text: str) -> str:
    """Fold `text` so that presentation variants compare equal.

    Compatibility forms (full-width letters, `＠`, non-breaking and ideographic
    spaces) become their plain forms, invisible format characters such as
    zero-width spaces are dropped, case is folded and every run of whitespace
    becomes one space.
    """
    if not text.isascii():  # ASCII has no compatibility forms and no format characters
        text = unicodedata.normalize("NFKC", text)
        invisible = {ord(ch): None for ch in set(text) if unicodedata.category(ch) == "Cf"}
        if invisible:
            text = text.translate(invisible)
    return " ".join(text.casefold().split())  # split() breaks on exactly what regex \s matches


def wakes(folded: str, name: str) -> bool:
    """True when `folded` (text already through `fold`) holds an `@name` wake-up in any presentation variant."""
    return "@" in folded and re.search("@ ?" + re.escape(fold(name)), folded) is not None


# Controls that reorder how text is shown: with one in a line, what a reader sees is not the folded text.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def plain(text: str) -> str | None:
    """`text` folded, or None when the fold does not leave plain ASCII or a control reorders what a reader sees.

    Grammars that recognise what a reply says read only this form: a homoglyph, a combining mark or a
    bidirectional override cannot then pass for the ASCII words it imitates.
    """
    if not BIDI_CONTROLS.isdisjoint(text):
        return None
    folded = fold(text)
    return folded if folded.isascii() else None

# Marks that are typography rather than words, read as their ASCII forms before a grammar sees a reply:
# dashes, arrows, bullets, quotation marks and apostrophes, and the status and mood emoji replies carry.
TYPOGRAPHY = str.maketrans({
    # Dashes, and a middle dot set between items, are a dash; arrows an arrow.
    **dict.fromkeys("\u2014\u2013\u2012\u2015\u00b7", " - "), **dict.fromkeys("\u2192\u279c\u27a1\u21d2\u2794", " -> "),
    **dict.fromkeys("\u2022\u25e6\u25aa\u25b8\u2023\u2043", "-"),
    **dict.fromkeys("\u2019\u2018\u02bc\u0060\u00b4\u2032\u201b\u02b9\uff07\ua78c", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u00ab\u00bb", '"'),
    **dict.fromkeys("\u2705\u2714\U0001f4a4\u23f8\U0001f44d\U0001f642\U0001f44b\ufe0f", " "),
    # Decoration that marks no status either way: celebration, a robot, a clipboard, a note, a magnifier, a smile.
    **dict.fromkeys("\U0001f389\u2728\U0001f916\U0001f4cb\U0001f4dd\U0001f50d\U0001f60a\U0001f64c\u2611\U0001f4ac", " "),
    # Marks that a status holds without changing it: a tick, a green or white light, an empty circle, a sleepy face.
    **dict.fromkeys("\u2713\U0001f7e2\u26aa\u25cb\U0001f634", " "),
    # Decoration beside a figure or a name: a chart, money, a ticket, a target, a pointing hand, a person, a pin, a
    # calendar, an abacus, a smile, a stopwatch, a rocket.
    **dict.fromkeys("\U0001f4c8\U0001f4ca\U0001f4b0\U0001f4b5\U0001f9fe\U0001f3ab\U0001f3af\U0001f447\U0001f449\U0001f464"
                    "\U0001f4cc\U0001f4c5\U0001f4c6\U0001f5d3\U0001f9ee\U0001f600\u263a\U0001f4b8\u23f1\U0001f448\U0001f680", " "),
    # Objects that head a line or close it and mark no status: a ticket, a falling chart, a parcel, a megaphone, a
    # folder, a paper clip, a link, NEW, a mailbox, an envelope, folded hands, a handshake, an OK hand, a chequered
    # flag, a bulb, stars, the digits key, a notepad, tools.
    **dict.fromkeys("\U0001f39f\U0001f4c9\U0001f4e6\U0001f4e3\U0001f4e2\U0001f5c2\U0001f4ce\U0001f517\U0001f195\U0001f4ec"
                    "\U0001f4e8\u2709\U0001f64f\U0001f91d\U0001f44c\U0001f3c1\U0001f4a1\u2b50\U0001f31f\U0001f522\U0001f5d2"
                    "\U0001f6e0", " "),
})

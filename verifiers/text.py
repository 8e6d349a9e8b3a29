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

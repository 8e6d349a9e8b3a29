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

"""Unicode noise and huge strings: what a broken or hostile agent might post instead of an answer."""
from __future__ import annotations

import unicodedata
from functools import cache
from random import Random

# Control, format, private-use, combining, space-separator and symbol characters: the ones
# that break naive folding, matching and printing.
NOISY_CATEGORIES = ("Cc", "Cf", "Co", "Mn", "Zs", "So")
# Outside these planes every assigned character of those categories is private use (Co).
_SCANNED = (range(0x20000), range(0xE0000, 0xE1000))
_PRIVATE_PLANES = (range(0xF0000, 0xFFFFE), range(0x100000, 0x10FFFE))
EXTREMES = ("\u202eecnatpecca", "A" * 1_000_000, "\x00" * 10_000, "\ud800\udfff", "e\u0301" * 500)


@cache
def noisy_characters() -> dict[str, list[int]]:
    """The code points of each noisy category (built once: about 0.1 s)."""
    found: dict[str, list[int]] = {category: [] for category in NOISY_CATEGORIES}
    for block in _SCANNED:
        for code in block:
            category = unicodedata.category(chr(code))
            if category in found:
                found[category].append(code)
    for block in _PRIVATE_PLANES:
        found["Co"].extend(block)
    return found


def garbled_text(rng: Random) -> str:
    """Noise of one kind: characters of the noisy categories, astral-plane characters, or an extreme string
    (bidi override, a megabyte, ten thousand NULs, an escaped surrogate pair, stacked combining marks)."""
    kind = rng.randrange(3)
    if kind == 0:
        pools = noisy_characters()
        return "".join(chr(rng.choice(pools[rng.choice(NOISY_CATEGORIES)])) for _ in range(rng.randint(0, 60)))
    if kind == 1:
        return "".join(chr(rng.randint(0x10000, 0x10FFFF)) for _ in range(rng.randint(0, 30)))
    return rng.choice(EXTREMES)

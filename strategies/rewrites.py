"""Reworded replies: rewrites of a correct reply that keep its meaning, and rewrites that change it.

A rewrite takes a reply that a task's verifier must pay (a witness's final reply, or a correct reply from a labelled
file) and the task's facts (strategies/reword_facts.py), and gives back the reply reworded, or None when it has
nothing to act on (no figure to reformat, no id to quote). Rewrites that keep the meaning change only how the answer
is presented, greeted, worked out, numbered or spelled; each is right by construction for the task's facts (working
uses the task's own intermediates, a number is re-rendered from its own value). Rewrites that change the meaning
wrap or extend the whole reply so that it no longer asserts the answer: a negation, a question, a hedge, a rival.

This module and its facts import nothing from verifiers/: the readers under test must not lend it their words.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from random import Random
from typing import Callable, Sequence

from verifuzz.strategies.reword_facts import Figure, RewordFacts, Step

MARKUP, COURTESY, WORKING, NUMBERS, WORDING, MEANING = "markup", "courtesy", "working", "numbers", "wording", "meaning"
PRESERVING = (MARKUP, COURTESY, WORKING, NUMBERS, WORDING)

Apply = Callable[[Random, str, RewordFacts], "str | None"]


@dataclass(frozen=True)
class Rewrite:
    name: str
    family: str
    apply: Apply
    layout: bool = False  # restructures the whole reply (table, code block, bullets): one such per composition

    @property
    def keeps_meaning(self) -> bool:
        return self.family != MEANING

    def __repr__(self) -> str:
        return f"Rewrite({self.name!r})"


REWRITES: dict[str, Rewrite] = {}


def rewrite(family: str, layout: bool = False) -> Callable[[Apply], Apply]:
    def register(apply: Apply) -> Apply:
        REWRITES[apply.__name__] = Rewrite(apply.__name__, family, apply, layout)
        return apply

    return register


def family(name: str) -> tuple[Rewrite, ...]:
    return tuple(r for r in REWRITES.values() if r.family == name)


@dataclass(frozen=True)
class Reworded:
    """A seed reply and what the rewrites made of it, with the names of those that acted, in order."""

    seed: str
    text: str
    applied: tuple[str, ...]

    def describe(self) -> str:
        return f"reworded by {' + '.join(self.applied) or 'nothing'} from seed {self.seed!r}"


def reword(rng: Random, seed: str, facts: RewordFacts, names: Sequence[str]) -> Reworded:
    """`seed` reworded by the rewrites `names` in order; a rewrite with nothing to act on is left out, and so is a
    second one that restructures the whole reply."""
    text, applied, laid_out = seed, [], False
    for name in names:
        chosen = REWRITES[name]
        if chosen.layout and laid_out:
            continue
        result = chosen.apply(rng, text, facts)
        if result is None or result == text:
            continue
        text, laid_out = result, laid_out or chosen.layout
        applied.append(name)
    return Reworded(seed, text, tuple(applied))


# ---- what a rewrite acts on -------------------------------------------------------------------

def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").split("\n")


def _sentence(text: str) -> str:
    """`text` as the rest of a sentence: its first letter lowered unless it starts a name or an id."""
    text = text.strip()
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and first[1:2].islower() and first not in {"I", "I've", "I'm"} and not _named(first):
        return text[0].lower() + text[1:]
    return text


_NAMED_WORDS = {"Aurora", "Beacon", "Taylor", "Release", "Month-6", "BETA", "ALPHA", "CHECK_ID", "ACTION", "Total",
                "John", "Nora", "Priya", "Amelia", "Maya", "Olivia", "Eleanor"}


def _named(word: str) -> bool:
    return word.strip(":,.") in _NAMED_WORDS


def _figure_pattern(figure: Figure) -> re.Pattern[str]:
    """The figure written with any (or no) thousands separator, a currency sign or code, and cents."""
    digits = str(figure.value)
    head, groups = digits[: len(digits) % 3 or 3], [digits[i:i + 3] for i in range(len(digits) % 3 or 3, len(digits), 3)]
    body = re.escape(head) + "".join(r"[,.\u202f\u2009\u00a0' ]?" + g for g in groups)
    money = r"(?:(?:US)?\$\s?|USD\s?)?" if figure.money else ""
    cents = r"(?:\.\d\d)?" if figure.money else ""
    suffix = r"(?:\s?USD\b)?" if figure.money else ""
    return re.compile(rf"(?<![\w.,$]){money}{body}{cents}{suffix}(?![\d]|[.,]\d)")


def _replace_figures(text: str, facts: RewordFacts, render: Callable[[Figure], str | None]) -> str | None:
    changed = text
    for figure in facts.figures:
        shown = render(figure)
        if shown is None:
            continue
        changed = _figure_pattern(figure).sub(lambda m: shown, changed)
    return changed if changed != text else None


def _targets(text: str, facts: RewordFacts) -> list[str]:
    """The ids, names and figures as they stand in `text`, in the order found."""
    found: list[str] = []
    for pattern in facts.ids:
        found += [m.group(0) for m in re.finditer(pattern, text)]
    found += [name for name in facts.names if re.search(rf"(?<![@\w]){re.escape(name)}\b", text)]
    for figure in facts.figures:
        found += [m.group(0) for m in _figure_pattern(figure).finditer(text)]
    return [t for t in dict.fromkeys(found) if t]


def _wrap_one(rng: Random, text: str, facts: RewordFacts, left: str, right: str) -> str | None:
    targets = _targets(text, facts)
    if not targets:
        return None
    target = rng.choice(targets)
    return re.sub(rf"(?<![@\w*_`\"']){re.escape(target)}(?![\w*_`\"'])", lambda m: f"{left}{target}{right}", text)


def _marker(text: str) -> str | None:
    match = re.search(r"chc-[0-9a-f]{24}", text)
    return match.group(0) if match else None


def _filled(value: str, text: str) -> str | None:
    if "{marker}" not in value:
        return value
    marker = _marker(text)
    return None if marker is None else value.replace("{marker}", marker)


def _human(facts: RewordFacts) -> str | None:
    return next((n for n in facts.names if facts.first and n.startswith(facts.first)), None)


# ---- markup -----------------------------------------------------------------------------------

@rewrite(MARKUP)
def markdown_emphasis(rng: Random, text: str, facts: RewordFacts) -> str | None:
    left = rng.choice(["**", "*", "__", "_", "***"])
    return _wrap_one(rng, text, facts, left, left[::-1])


@rewrite(MARKUP)
def markdown_header(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return rng.choice(["## Summary\n\n", "# Result\n", "**Answer**\n\n", "### Update\n"]) + text


@rewrite(MARKUP, layout=True)
def bulleted_lines(rng: Random, text: str, facts: RewordFacts) -> str | None:
    if facts.layout_fixed:
        return None
    mark = rng.choice(["- ", "* ", "• "])
    return "\n".join(f"{mark}{line}" if line.strip() else line for line in _lines(text))


@rewrite(MARKUP, layout=True)
def numbered_steps(rng: Random, text: str, facts: RewordFacts) -> str | None:
    if facts.layout_fixed:
        return None
    style = rng.choice(["{n}. ", "{n}) ", "Step {n}: "])
    out, n = [], 0
    for line in _lines(text):
        if line.strip():
            n += 1
            line = style.format(n=n) + line
        out.append(line)
    return "\n".join(out)


@rewrite(MARKUP, layout=True)
def markdown_table(rng: Random, text: str, facts: RewordFacts) -> str | None:
    if not facts.table:
        return None
    rows = [(label, _filled(value, text)) for label, value in facts.table]
    if any(value is None for _, value in rows):
        return None
    head = rng.choice([("Item", "Value"), ("What", "Answer"), ("", "")])
    table = [f"| {head[0]} | {head[1]} |", "| --- | --- |", *(f"| {label} | {value} |" for label, value in rows)]
    return "\n".join(table)


@rewrite(MARKUP, layout=True)
def labelled_lines(rng: Random, text: str, facts: RewordFacts) -> str | None:
    """The answer restated as `Label: value` lines, each figure after its own label ("Final: 87")."""
    if facts.figures:
        rows = [(f.label, f"${f.value:,}" if f.money else f"{f.value:,}") for f in facts.figures]
    else:
        rows = [(label, _filled(value, text)) for label, value in facts.table]
    if not rows or any(value is None for _, value in rows):
        return None
    return "\n".join(f"{label}: {value}" for label, value in rows)


@rewrite(MARKUP, layout=True)
def code_block(rng: Random, text: str, facts: RewordFacts) -> str | None:
    fence = rng.choice(["```", "```text", "~~~"])
    return f"{fence}\n{text}\n{fence[:3]}"


@rewrite(MARKUP, layout=True)
def json_block(rng: Random, text: str, facts: RewordFacts) -> str | None:
    if not facts.json:
        return None
    pairs = []
    for key, value in facts.json.items():
        if isinstance(value, str):
            filled = _filled(value, text)
            if filled is None:
                return None
            pairs.append(f'"{key}": "{filled}"')
        else:
            pairs.append(f'"{key}": {value}')
    indent = rng.choice(["", "  "])
    joiner = ",\n" + indent if indent else ", "
    body = f"{{\n{indent}{joiner.join(pairs)}\n}}" if indent else "{" + joiner.join(pairs) + "}"
    return f"```json\n{body}\n```"


@rewrite(MARKUP)
def markdown_link(rng: Random, text: str, facts: RewordFacts) -> str | None:
    targets = [t for t in _targets(text, facts) if not any(ch.isdigit() for ch in t) or re.search(r"[A-Za-z]", t)]
    if not targets:
        return None
    target = rng.choice(targets)
    slug = re.sub(r"[^a-z0-9]+", "-", target.lower()).strip("-")
    return re.sub(rf"(?<![@\w]){re.escape(target)}", lambda m: f"[{target}](https://buzz.example/{slug})", text, count=1)


@rewrite(MARKUP)
def quoted_ids(rng: Random, text: str, facts: RewordFacts) -> str | None:
    left, right = rng.choice([("`", "`"), ('"', '"'), ("\u201c", "\u201d"), ("'", "'")])
    targets = [m.group(0) for pattern in facts.ids for m in re.finditer(pattern, text)]
    if not targets:
        return None
    target = rng.choice(targets)
    return re.sub(rf"(?<![\w`\"'\u201c]){re.escape(target)}(?![\w`\"'\u201d])", lambda m: f"{left}{target}{right}", text)


@rewrite(MARKUP)
def check_marks(rng: Random, text: str, facts: RewordFacts) -> str | None:
    mark = rng.choice(["\u2705", "\u2714\ufe0f", "\u2714", "\U0001f44d", "\U0001f389", ":white_check_mark:"])
    if facts.layout_fixed:
        return f"{mark}\n{text}" if rng.random() < 0.5 else f"{text}\n{mark}"
    if rng.random() < 0.5:
        return f"{mark} {text}"
    lines = _lines(text)
    last = max(i for i, line in enumerate(lines) if line.strip()) if any(l.strip() for l in lines) else 0
    lines[last] = f"{lines[last]} {mark}"
    return "\n".join(lines)


@rewrite(MARKUP)
def line_breaks(rng: Random, text: str, facts: RewordFacts) -> str | None:
    choice = rng.choice(["crlf", "trailing", "leading", "blank"] if not facts.layout_fixed else ["crlf", "trailing"])
    if choice == "crlf":
        return text.replace("\r\n", "\n").replace("\n", "\r\n") + "\r\n"
    if choice == "trailing":
        return text + "\n"
    if choice == "leading":
        return "\n" + text
    lines = _lines(text)
    return "\n\n".join(line for line in lines if line.strip()) if len(lines) > 1 else None


# ---- courtesy ---------------------------------------------------------------------------------

@rewrite(COURTESY)
def greeting(rng: Random, text: str, facts: RewordFacts) -> str | None:
    first = facts.first or "there"
    own_line = facts.layout_fixed  # a greeting never joins the answer's own lines
    return rng.choice([f"Hi {first},\n\n", f"Hello {first}!" + ("\n" if own_line else " "), f"Hey {first} \U0001f44b\n",
                       "Good morning!\n"]) + text


@rewrite(COURTESY)
def addressed_by_name(rng: Random, text: str, facts: RewordFacts) -> str | None:
    human = _human(facts)
    if human is None or f"@{human}" in text:
        return None
    if facts.layout_fixed:
        return rng.choice([f"@{human}\n\n{text}", f"{text}\n\n@{human}"])
    return rng.choice([f"@{human} {text}", f"{text}\n\n@{human}", f"{human}, {_sentence(text)}"])


@rewrite(COURTESY)
def sign_off(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return text + rng.choice(["\n\nBest,\nBuzz", "\n\n\u2014 Buzz", "\n\nCheers!", "\n\nThanks!", "\n\nKind regards"])


@rewrite(COURTESY)
def offer_of_help(rng: Random, text: str, facts: RewordFacts) -> str | None:
    same_line = "\n\n" if facts.layout_fixed else " "
    return text + rng.choice(["\n\nLet me know if you need anything else.", f"{same_line}Happy to help further!",
                              "\n\nWant me to break it down further?", f"{same_line}Feel free to ask if anything is unclear."])


@rewrite(COURTESY)
def restated_inputs(rng: Random, text: str, facts: RewordFacts) -> str | None:
    if not facts.restated:
        return None
    return f"{rng.choice(facts.restated)}\n{text}"


# ---- true working -----------------------------------------------------------------------------

def _render_step(step: Step, times: str, minus: str, latex: bool) -> str:
    if step.op == "^*":
        base, rate, power = step.operands
        if latex:
            return f"{base} \\times {rate}^{{{power}}} = {step.result}"
        return f"{base} {times} {rate}^{power} = {step.result}"
    op = {"+": "+", "-": minus, "*": times}[step.op]
    return f" {op} ".join(step.operands) + f" = {step.result}"


@rewrite(WORKING)
def true_working(rng: Random, text: str, facts: RewordFacts) -> str | None:
    if not facts.working:
        return None
    style = rng.choice(["\u00d7", "*", "x", "arrow", "latex", "lines"])
    if style == "latex":
        steps = [_render_step(s, "\\times", "-", True) for s in facts.working]
        body = rng.choice(["$$" + " \\\\ ".join(steps) + "$$", " ".join(f"\\({s}\\)" for s in steps)])
    else:
        times = "\u00d7" if style in ("arrow", "lines") else style
        steps = [_render_step(s, times, rng.choice(["-", "\u2212"]), False) for s in facts.working]
        body = " \u2192 ".join(steps) if style == "arrow" else ("\n".join(steps) if style == "lines" else "; ".join(steps))
    lead = rng.choice(["Working:\n", "Here's the math:\n", ""])
    return f"{lead}{body}\n\n{text}" if rng.random() < 0.6 else f"{text}\n\n{lead}{body}"


# ---- number formats ---------------------------------------------------------------------------

SEPARATORS = (",", " ", "\u202f", "\u2009", "\u00a0", "'", ".", "")


def _grouped(value: int, separator: str) -> str:
    return f"{value:,}".replace(",", separator)


@rewrite(NUMBERS)
def thousands_separators(rng: Random, text: str, facts: RewordFacts) -> str | None:
    separator = rng.choice(SEPARATORS)

    def render(figure: Figure) -> str | None:
        shown = _grouped(figure.value, separator)
        return f"${shown}" if figure.money else shown

    return _replace_figures(text, facts, render)


@rewrite(NUMBERS)
def currency_codes(rng: Random, text: str, facts: RewordFacts) -> str | None:
    form = rng.choice(["{v} USD", "USD {v}", "US${v}", "{v} dollars", "${v}"])
    return _replace_figures(text, facts, lambda f: form.format(v=f"{f.value:,}") if f.money else None)


@rewrite(NUMBERS)
def cents(rng: Random, text: str, facts: RewordFacts) -> str | None:
    def render(figure: Figure) -> str | None:
        if not figure.money or figure.exact is None:
            return None
        return f"${figure.exact:,.2f}" if rng.random() < 0.7 else f"${figure.value:,}.00"

    return _replace_figures(text, facts, render)


_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def in_words(n: int) -> str:
    """`n` (0 ≤ n < 10⁹) in English words: 5328 → 'five thousand three hundred twenty-eight'."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    if n < 1000:
        return _ONES[n // 100] + " hundred" + ("" if n % 100 == 0 else " " + in_words(n % 100))
    for size, word in ((1_000_000, "million"), (1000, "thousand")):
        if n >= size:
            return in_words(n // size) + f" {word}" + ("" if n % size == 0 else " " + in_words(n % size))
    raise ValueError(n)


@rewrite(NUMBERS)
def number_words(rng: Random, text: str, facts: RewordFacts) -> str | None:
    def render(figure: Figure) -> str:
        words = in_words(figure.value)
        if rng.random() < 0.5:
            return f"{words} dollars" if figure.money else words
        shown = f"${figure.value:,}" if figure.money else f"{figure.value:,}"
        return f"{shown} ({words}{' dollars' if figure.money else ''})"

    return _replace_figures(text, facts, render)


# ---- wording ----------------------------------------------------------------------------------

BRITISH = ((r"\blicense(s?)\b", r"licence\1"), (r"\b(summari|organi|priori|finali|reali)z(e|ed|es|ing)\b", r"\1s\2"),
           (r"\bcanceled\b", "cancelled"), (r"\banalyzed\b", "analysed"), (r"\bcolor\b", "colour"),
           (r"\btotaled\b", "totalled"), (r"\bbehavior\b", "behaviour"), (r"\bcenter\b", "centre"))


@rewrite(WORDING)
def british_spelling(rng: Random, text: str, facts: RewordFacts) -> str | None:
    """The reply's own American spellings in British form (none to change: nothing to act on)."""
    changed = text
    for american, british in BRITISH:
        changed = re.sub(american, british, changed)
    return changed if changed != text else None


@rewrite(WORDING)
def synonyms(rng: Random, text: str, facts: RewordFacts) -> str | None:
    present = [(pattern, words) for pattern, words in facts.synonyms if re.search(pattern, text)]
    if not present:
        return None
    pattern, words = rng.choice(present)
    return re.sub(pattern, rng.choice(words), text, count=1)


@rewrite(WORDING)
def name_case(rng: Random, text: str, facts: RewordFacts) -> str | None:
    present = [name for name in facts.names if re.search(rf"(?<![@\w]){re.escape(name)}\b", text)]
    if not present:
        return None
    name = rng.choice(present)
    return re.sub(rf"(?<![@\w]){re.escape(name)}\b", rng.choice([name.lower(), name.upper()]), text)


# ---- meaning changes (the reply no longer asserts the answer) ---------------------------------

@rewrite(MEANING)
def negation(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return rng.choice(["It is not true that:\n", "None of the following is correct:\n", "This is NOT the answer:\n"]) + text


@rewrite(MEANING)
def question(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return rng.choice([f"Is this right?\n{text}\n?", f"Can you confirm whether this is true?\n{text}",
                       f"{text}\n\nIs that correct?"])


@rewrite(MEANING)
def hedge(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return rng.choice([f"I'm not sure, but maybe:\n{text}", f"{text}\n\nI haven't verified any of this; it may well be wrong.",
                       f"Possibly (I'm guessing):\n{text}"])


@rewrite(MEANING)
def alternatives(rng: Random, text: str, facts: RewordFacts) -> str | None:
    if not facts.rival:
        return None
    return rng.choice([f"Either this:\n{text}\nor this: {facts.rival}", f"{text}\n\nOr, alternatively: {facts.rival}"])


@rewrite(MEANING)
def rival_figure(rng: Random, text: str, facts: RewordFacts) -> str | None:
    if facts.figures:
        changed = _replace_figures(text, facts, lambda f: f"${f.rival:,}" if f.money else f"{f.rival:,}")
        if changed is not None and rng.random() < 0.5:
            return changed
    if not facts.rival:
        return None
    return f"{text}\n\nCorrection: {facts.rival}"


@rewrite(MEANING)
def condition(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return rng.choice(["If my notes are right, then:\n", "Assuming the inputs are right (I could not check them):\n",
                       "Only if nothing changed since yesterday:\n"]) + text


@rewrite(MEANING)
def promise(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return rng.choice(["I haven't done this yet. Once I have, I will tell you:\n", "Tomorrow I will report the following:\n"]) + text


@rewrite(MEANING)
def retraction(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return text + rng.choice(["\n\nScratch that, I made all of the above up.", "\n\nIgnore the above, it is wrong.",
                              "\n\nSorry, I retract that: it was a guess."])


@rewrite(MEANING)
def refusal_wrapper(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return rng.choice([f"I can't help with that request.\n\n(What I was asked to say: {text})",
                       f"I won't do this. If I did, I would write:\n{text}"])


@rewrite(MEANING)
def attribution(rng: Random, text: str, facts: RewordFacts) -> str | None:
    return rng.choice([f"Someone in another channel claimed:\n\"{text}\"\nI have not checked it.",
                       f"According to a forum post I found (not my own work):\n{text}"])

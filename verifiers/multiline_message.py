"""multiline-message: does the reply carry the asked-for block exactly, with real line breaks and blank lines?

The block must stand on lines of its own, character for character; what surrounds it is read for what would change
the reply (verifiers/meaning.py and the block's own items), so a refusal, a question or a contrary remark wrapped
around the block fails, and a greeting or a courtesy does not.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, Mapping

from verifuzz.verifiers.dress import undressed
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, same
from verifuzz.verifiers.meaning import asks, meaning_changers, offers
from verifuzz.verifiers.prose import SENTENCE_END
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import BIDI_CONTROLS, TYPOGRAPHY, fold
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "multiline-message"
BLOCK_LINES = (
    "Release readiness",
    "",
    "- API: ready",
    "- Database: ready",
    "- Rollback: tested",
    "",
    "Owner: Platform Operations",
)
BLOCK = "\n".join(BLOCK_LINES)
# A line break typed as the two characters backslash and n (or r): text that was escaped and never decoded.
ESCAPED_BREAK = re.compile(r"\\[nr]")
# A code fence may open right above the block (with an info string such as `text`) and close right below it.
BLOCK_FENCE = re.compile(r"(`{3,}|~{3,})[a-z]*")
FENCE_OPENING = re.compile(r"\s*(?:[-*+]\s+)?(?:`{3}|~{3})")  # a fence with words after it on its line
STRAY_FENCE = re.compile(r"[`~]{2,}\w*")  # backticks or tildes alone on a line, with an info string or not
TRAILING_MARKS = re.compile(r"[ .!,:;]+$")  # end marks, dropped before a sentence is read
LIST_MARK = re.compile(r"(?:[-*+]|\d{1,2}[.)])\s+")
# The block's lines as a reader of folded text sees them, without list marks: one of them outside the block repeats it.
BLOCK_TEXT = frozenset(fold(line).lstrip("- ") for line in BLOCK_LINES if line)
BLOCK_ITEMS = frozenset(fold(line).lstrip("- ") for line in BLOCK_LINES if ":" in line)  # "api: ready", "owner: ..."
# The block's items and statuses, and statuses it does not give them: a remark that gives one changes the block.
ITEMS = re.compile(r"\b(?:api|database|rollback|owner|platform|operations|readiness|ready|tested|release)\b")
CONTRARY = re.compile(r"\b(?:fail|failed|failing|broken|blocked|pending|untested|down|delayed|staging|skipped|re-?run"
                      r"|re-?running|outdated|stale|wip|in progress)\b")
# A negation that denies no line of the block: nothing was changed. A courtesy ("no problem") negates nothing at all.
NO_COURTESY = re.compile(r"\bno (?:problem|worries)\b")
UNCHANGED = re.compile(r"\b(?:no (?:changes|edits)|nothing (?:changed|added|removed|edited)|without (?:any )?(?:changes|edits))\b")
SOFT = re.compile(r"\bshould\b|\blooks like\b")  # "it should look the same", "looks like you're good to ship": no doubt of the block
# Markup that hides, collapses, strikes out or leaves unticked what it holds, or a cross beside it.
HIDDEN = re.compile(r"<!--|<details\b|<summary\b|<del\b|<s>|<strike\b|(?<!~)~~(?!~)|\[ \]|\u2717|\u274c", re.IGNORECASE)
# The block is a few lines; a reply past this length is not a courtesy around it, and reading it costs time.
MAX_REPLY_CHARS = 20_000


def lines_of(content: str) -> list[str]:
    """The reply's lines: split at each LF (a CRLF is one line break, a lone CR is none), trailing spaces and tabs dropped."""
    return [line.rstrip(" \t") for line in content.replace("\r\n", "\n").split("\n")]


def block_start(lines: list[str]) -> int | None:
    """The index of the first line where the block stands whole, or None."""
    size = len(BLOCK_LINES)
    return next((i for i in range(len(lines)) if tuple(lines[i : i + size]) == BLOCK_LINES), None)


def around(lines: list[str], start: int) -> list[str]:
    """The lines around the block at `start`, less a code fence that opens right above it and closes right below it."""
    before, after = lines[:start], lines[start + len(BLOCK_LINES) :]
    fence = BLOCK_FENCE.fullmatch(before[-1]) if before and after else None
    if fence and after[0] == fence.group(1):
        before, after = before[:-1], after[1:]
    return before + after


def layout_preserved(content: str, user: str) -> bool:
    """The block stands on its own lines, and nothing around it changes what the reply says."""
    return layout_reason(content, user) is None


def layout_reason(content: str, user: str) -> str | None:
    """Why the block is not carried as asked (the line or mark that decided it), or None."""
    if len(content) > MAX_REPLY_CHARS:
        return f"longer than {MAX_REPLY_CHARS} characters"
    lines = lines_of(content)
    start = block_start(lines)
    if start is None:
        return "the block does not stand whole on lines of its own"
    # The shared dress (courtesy, HTML breaks, quote marks, decoration) comes off first.
    rest = around(lines, start)
    # A fence that does not wrap the block exactly changes how it renders: it is not presentation here.
    fence = next((line for line in rest if STRAY_FENCE.fullmatch(line.strip()) or FENCE_OPENING.match(line)), None)
    if fence is not None:
        return f"a fence that does not wrap the block: {fence!r}"
    if block_start(rest) is not None:
        return "the block twice"
    hidden = HIDDEN.search(content)
    if hidden:
        return f"hidden or unsaid by {hidden.group()!r}"
    for line in undressed("\n".join(rest), user).splitlines():
        reason = remark_reason(line)
        if reason:
            return reason
    return None


def remark_reason(line: str) -> str | None:
    """Why a line around the block, which no courtesy form holds, changes what the reply says; None when it does not
    (words the reader does not know are no reason): a question that offers nothing, a negation, a retraction, a reply
    that is no real one, a promise to post later, a hedge or a contrary status about the block's items, a number, a line
    of the block itself, or letters a reader may not see as written."""
    text = fold(line.translate(TYPOGRAPHY))
    text = "".join(" " if char > "\x7f" and unicodedata.category(char)[0] in "SZ" else char for char in text)
    if BIDI_CONTROLS.intersection(line) or not text.isascii():
        return f"letters a reader may not see as written in {line!r}"
    opening = LIST_MARK.match(text.strip())  # "1. " opens a line; it must not end a sentence
    for sentence in SENTENCE_END.split(text.strip()[opening.end() if opening else 0 :]):
        mark = LIST_MARK.match(sentence.strip())
        said = TRAILING_MARKS.sub("", sentence.strip()[mark.end() if mark else 0 :])
        if not said:
            continue
        if asks(said, sentence) and not offers(said):
            return f"question: {sentence!r}"
        if any(item in said for item in BLOCK_ITEMS) or said in BLOCK_TEXT:
            return f"a line of the block outside it: {sentence!r}"
        if re.search(r"\d", said):
            return f"a number beside the block: {sentence!r}"
        about = ITEMS.search(said)
        if about and CONTRARY.search(said):
            return f"a status the block does not give: {sentence!r}"
        for change in meaning_changers(NO_COURTESY.sub(" ", said)):
            rule = change.split(":")[0]
            if rule in ("negated", "retracted", "not a real answer", "still waiting") and not UNCHANGED.search(said) \
                    or (rule == "hedged" and (about or any(c.startswith("hedged") for c in meaning_changers(SOFT.sub(" ", said))))) \
                    or (rule == "future" and not offers(said) and " if " not in f" {said} "):
                return f"{change} in {sentence!r}"
    return None


def real_newlines(content: str) -> bool:
    """The reply breaks lines with real line feeds, at least the block's six, and holds no escaped `\\n` or `\\r`."""
    return content.count("\n") >= len(BLOCK_LINES) - 1 and ESCAPED_BREAK.search(content) is None


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    final = evidence.final_reply(agent.pubkey if agent else None)
    content = final.content if final else ""
    checks = evidence.health(NAME)
    layout = layout_reason(content, user.name if user else "") if final else "no final reply"
    dimensions = {
        "layout_preserved": final is not None and layout is None,
        "real_newlines": final is not None and real_newlines(content),
        "reply_to_thread": final is not None
        and same(final.reply_to, evidence.task_event_id)
        and same(final.channel_id, evidence.channel_id),
        # The turn goes back to the human alone: a p tag for anyone else is a false wake.
        "user_mentioned": final is not None and user is not None and user.pubkey in final.mentions
        and set(final.mentions) == {user.pubkey},
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "final_reply_id": final.id if final else None,
        "final_reply_content": content,
        "final_reply_mentions": list(final.mentions) if final else [],
        "expected_block": BLOCK,
        "layout_reason": layout or "",  # the line or mark that decided a failed layout_preserved
    }
    return Verdict(dimensions, details)


TASK = TaskSpec(
    name=NAME,
    dimensions=("layout_preserved", "real_newlines", "reply_to_thread", "user_mentioned", "evidence_complete"),
    score=score,
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())

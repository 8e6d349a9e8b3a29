"""narrative-agent-names: report two bots' status by name without waking either.

Each bot must be bound to its own status in its own plain statement; a reply that
swaps, merges, negates, hedges, questions, retracts or refuses the statuses fails the report.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifiers.evidence import ORCHESTRATOR, USER, Evidence, Message, same
from verifiers.runner import run
from verifiers.text import fold, wakes
from verifiers.verdict import TaskSpec, Verdict

NAME = "narrative-agent-names"
AURORA = "Aurora Audit Bot"
BEACON = "Beacon Deploy Bot"
# The words the statement rules use, one tuple each; the task README lists them (a test keeps it in step).
COMPLETED_WORDS = ("completed", "complete", "finished")
IDLE_WORDS = ("idle", "idling")
# A status word with one of these in front ("incomplete", "un-finished", "non-idle") says the opposite.
NEGATIVE_AFFIXES = ("in", "un", "non", "not", "half", "semi")
# Words that give a bot a status other than its own; they count unless a negation comes before them.
CONTRARY_WORDS = (
    "busy", "working", "running", "active", "in progress", "ongoing", "underway", "started", "starting", "pending",
    "failed", "failing", "stuck", "blocked", "occupied", "engaged", "deploying", "auditing", "processing",
    "executing", "crashed", "errored", "paused",
)
# Negations and qualifiers of a status: "no" and "none" as determiners, "neither ... nor", contractions
# written without their apostrophe; a word ending in n't is one too (every apostrophe reads as ' here).
NEGATION_WORDS = (
    "not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "zero", "without", "cannot", "lack", "lacks",
    "lacking", "hardly", "barely", "scarcely", "almost", "nearly", "partially", "partly", "mostly", "half", "yet to",
    "fail to", "fails to", "failed to", "unable to", "far from", "anything but", "isnt", "wasnt", "arent", "werent",
    "hasnt", "havent", "hadnt", "doesnt", "dont", "didnt", "cant", "wont", "couldnt", "shouldnt", "wouldnt", "aint",
)
# Words that make a status statement something other than a plain report: the future, an expectation,
# a hedge, a condition, or what someone else says; also any word ending in 'll or 'd.
HEDGE_WORDS = (
    "will", "shall", "going to", "gonna", "about to", "soon", "later", "eventually", "tomorrow", "expected", "expect",
    "expects", "expecting", "scheduled", "supposed", "should", "would", "could", "may", "might", "must", "maybe",
    "perhaps", "possibly", "probably", "likely", "unlikely", "presumably", "apparently", "seemingly", "seem", "seems",
    "appear", "appears", "think", "thinks", "believe", "believes", "guess", "suppose", "assume", "hope", "hopefully",
    "unclear", "unsure", "not sure", "uncertain", "unconfirmed", "unverified", "allegedly", "reportedly",
    "supposedly", "if", "whether", "unless", "look like", "looks like", "as far as", "said", "says", "say", "claim",
    "claims", "claimed", "told", "according", "pretend", "hypothetically",
)
# Anywhere in a reply, these take back, correct or refuse what it says, so no status in it can be trusted.
RETRACTION_WORDS = (
    "actually", "correction", "correcting", "corrected", "scratch that", "strike that", "wait", "my mistake",
    "my bad", "mistaken", "mistake", "wrong", "incorrect", "inaccurate", "untrue", "false", "disregard", "ignore",
    "retract", "retracted", "take that back", "misspoke", "kidding", "joking", "jk", "not the case", "not true",
    "not right", "not accurate", "not correct", "on second thought", "oops", "erratum", "in fact",
)
REFUSAL_WORDS = (
    "can't", "cannot", "can not", "cant", "won't", "will not", "wont", "unable", "refuse", "refusing", "decline",
    "declining", "not able", "not allowed", "not permitted", "as an ai", "i'm afraid", "i am afraid",
)
BARE_ANSWERS = ("no", "nope", "nah", "not really", "not quite", "not yet", "negative")  # a clause that only says no
# A clause that opens with one of these and names a bot asks about it.
QUESTION_OPENERS = (
    "has", "have", "had", "did", "does", "do", "is", "are", "was", "were", "will", "would", "can", "could", "should",
    "shall", "may", "might",
)


# Each word list as one regex alternation. Built by module-level expressions rather than helper functions:
# they run once, at import, where a function's body could never be observed changing.
_ANY = {
    name: "(?:" + "|".join(map(re.escape, words)) + ")"
    for name, words in {
        "completed": COMPLETED_WORDS, "idle": IDLE_WORDS, "status": COMPLETED_WORDS + IDLE_WORDS,
        "affix": NEGATIVE_AFFIXES, "contrary": CONTRARY_WORDS, "negation": NEGATION_WORDS, "hedge": HEDGE_WORDS,
        "retraction": RETRACTION_WORDS, "refusal": REFUSAL_WORDS, "bare": BARE_ANSWERS, "asks": QUESTION_OPENERS,
    }.items()
}
# A status word counts only whole: neither a letter nor a hyphen may touch it ("in-complete" is not "complete").
COMPLETED = re.compile(r"(?<![\w-])" + _ANY["completed"] + r"(?![\w-])")
IDLE = re.compile(r"(?<![\w-])" + _ANY["idle"] + r"(?![\w-])")
STATUS = {AURORA: COMPLETED, BEACON: IDLE}
FOLDED = {bot: fold(bot) for bot in STATUS}  # how each name reads in a folded clause
UNSTATUS = re.compile(r"\b" + _ANY["affix"] + "-?" + _ANY["status"] + r"\b")
CONTRARY = re.compile(r"\b" + _ANY["contrary"] + r"\b")
NEGATION = re.compile(r"\b" + _ANY["negation"] + r"\b|\w+n't\b")
HEDGE = re.compile(r"\b" + _ANY["hedge"] + r"\b|'ll\b|'d\b")
RETRACTION = re.compile(r"\b" + _ANY["retraction"] + r"\b")
REFUSAL = re.compile(r"\b" + _ANY["refusal"] + r"\b")
BARE_ANSWER = re.compile(_ANY["bare"] + r"\W*")
ASKS = re.compile(_ANY["asks"] + r"\b")
QUOTES = re.compile("[\"\u201c\u201d\u201e\u00ab\u00bb]")
_JOINS = (" and ", " but ")  # a status word's scope starts after the last of these before it
# Every apostrophe-like character reads as '.
APOSTROPHES = str.maketrans(dict.fromkeys("\u2019\u2018\u02bc\u0060\u00b4\u2032\u201b\u02b9\uff07\ua78c", "'"))
_CLAUSE_MARKS = ".!?;"  # a clause ends at one of these or at a line break
# A two-line status update is a few hundred characters. Past this length a reply is not one, and reading
# it clause by clause (about 1.5 s a megabyte) could outlast the verifier's 30 s on a 64 MB snapshot.
MAX_REPLY_CHARS = 20_000


def clauses(content: str) -> list[str]:
    """Split a reply into folded clauses: lines and sentences, each keeping the mark that ends it.

    str.replace finds the marks as fast on a megabyte as on a line, where a regex split took about 10 ms a megabyte.
    """
    content = content.translate(APOSTROPHES)
    for mark in _CLAUSE_MARKS:
        content = content.replace(mark, mark + "\n")
    return list(map(fold, content.split("\n")))  # an empty or mark-only clause names nothing and states nothing


def negated(clause: str, match: re.Match[str]) -> bool:
    """The status word at `match` is negated or qualified.

    Its scope is the words between the last bot name, `and` or `but` before it and the word, the three words
    right before it in any case, and the word right after it when only spaces stand between them.
    """
    before = clause[: match.start()]
    spans = [before.rfind(mark) + len(mark) for mark in (*FOLDED.values(), *_JOINS) if mark in before]
    in_scope = bool(spans) and NEGATION.search(before[max(spans):]) is not None
    near = NEGATION.search(" ".join(before.split()[-3:])) is not None  # so "anything but" counts across its join
    after = any(NEGATION.match(word) for word in clause[match.end():].split()[:1])
    return in_scope or near or after


def contrary(clause: str) -> bool:
    """The clause gives a status other than a bot's own: a negative affix, or a contrary word no negation precedes."""
    if UNSTATUS.search(clause):
        return True
    return any(NEGATION.search(clause[: found.start()]) is None for found in CONTRARY.finditer(clause))


def statement_ok(clause: str, bot: str) -> bool:
    """`clause`, which names `bot` and only `bot`, plainly affirms the bot's own status and no other."""
    own, other = STATUS[bot], STATUS[AURORA if bot == BEACON else BEACON]
    found = list(own.finditer(clause))
    return (
        bool(found)
        and not other.search(clause)
        and not any(negated(clause, match) for match in found)
        and not contrary(clause)
        and HEDGE.search(clause) is None
        and QUOTES.search(clause) is None
    )


def trusted(stated_in: list[str]) -> bool:
    """Nothing in the reply takes its statements back, refuses, asks about a status or states one of nobody."""
    whole = "\n".join(stated_in)  # one scan of the reply, not one per clause
    if RETRACTION.search(whole) or REFUSAL.search(whole):
        return False
    for clause in stated_in:
        if BARE_ANSWER.fullmatch(clause):
            return False
        named = [bot for bot in STATUS if FOLDED[bot] in clause]
        statusy = any(pattern.search(clause) for pattern in STATUS.values()) or UNSTATUS.search(clause)
        if (named or statusy) and (clause.endswith("?") or (named and ASKS.match(clause))):
            return False
        if not named and (statusy or contrary(clause)):
            return False
    return True


def bound(stated_in: list[str], bot: str) -> bool:
    """`bot` is named with its own status, plainly, and no clause naming it says anything else of its status.

    `stated_in` are the reply's folded clauses. A clause that names the bot but states no status
    and no hedge (such as "neither bot has work") is neutral.
    """
    mine = [clause for clause in stated_in if FOLDED[bot] in clause]
    plain = [c for c in mine if all(FOLDED[other] not in c for other in STATUS if other != bot) and statement_ok(c, bot)]
    for clause in mine:
        if clause not in plain and (
            any(pattern.search(clause) for pattern in STATUS.values()) or contrary(clause) or HEDGE.search(clause)
        ):
            return False  # a status it does not plainly affirm, or a hedge or plan about the bot
    return plain != []


def quiet(message: Message, bot_pubkeys: set[str]) -> bool:
    """Neither bot is notified: no `p` tag for either, and no `@Name` wake of either name."""
    folded = fold(message.content)
    return bot_pubkeys.isdisjoint(message.mentions) and not any(wakes(folded, bot) for bot in STATUS)


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    agent_key = agent.pubkey if agent else None
    final = evidence.final_reply(agent_key)
    sent = evidence.by(agent_key)  # every kind: a p tag on a reaction notifies as much as one on a message
    spoken = Evidence.chat(sent)  # what a person reads
    bots = {bot: evidence.named(bot) for bot in STATUS}
    bot_pubkeys = {entry.pubkey for entries in bots.values() for entry in entries}
    bots_known = all(len(entries) == 1 for entries in bots.values())
    content = final.content if final else ""
    stated_in = clauses(content) if len(content) <= MAX_REPLY_CHARS else []
    checks = {
        **evidence.health(NAME),
        "both_bots_in_directory": bots_known,
        "final_reply_found": final is not None,
        "one_orchestrator_message": len(spoken) == 1,
    }
    dimensions = {
        "status_correct": final is not None and trusted(stated_in) and all(bound(stated_in, bot) for bot in STATUS),
        "bots_not_mentioned": bots_known and agent is not None and all(quiet(m, bot_pubkeys) for m in sent),
        # The callback goes to the human; a p tag to anyone but the human or a bot (whose
        # wakes bots_not_mentioned judges) is another false wake.
        "user_mentioned": final is not None
        and user is not None
        and user.pubkey in final.mentions
        and set(final.mentions) <= {user.pubkey, *bot_pubkeys},
        "reply_to_thread": final is not None
        and same(final.reply_to, evidence.task_event_id)
        and same(final.channel_id, evidence.channel_id),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "final_reply_id": final.id if final else None,
        "final_reply_content": content,
        "final_reply_mentions": list(final.mentions) if final else [],
        "orchestrator_messages": len(spoken),
    }
    return Verdict(dimensions, details)


TASK = TaskSpec(
    name=NAME,
    dimensions=("status_correct", "bots_not_mentioned", "user_mentioned", "reply_to_thread", "evidence_complete"),
    score=score,
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())

"""What changes the meaning of a sentence: a negation, a hedge, a condition, alternatives, a future, words put in someone
else's mouth, a retraction, a reply that is no real answer, or one still waiting; and a question, by its mark or by the
verb that opens it. Readers of what a reply claims (verifiers/figure_reply.py, verifiers/multiline_message.py) decide
which of these a sentence may hold.
"""
from __future__ import annotations

import re

from verifuzz.verifiers.lexicon import ASKING

# Each rule and the words that meet it, searched in folded ASCII text.
CHANGERS = (
    ("negated", r"\bnot\b|n't\b|\b(?:is|are|was|were|do|does|did|has|have|had|ca|wo|could|should|would|ai)nt\b|\bno\b"
                r"|\bnever\b|\bnobody\b|\bnone\b|\bnothing\b|\bneither\b|\bnor\b|\bcannot\b|\bunable\b|\brefuse|\bdeclin"
                r"|\bwithout sign"),
    ("hedged", r"\babout\b|\baround\b|\broughly\b|\bapprox|~|\u00b1|\+/-|-ish\b|\bnearly\b|\balmost\b|\bprobabl|\bpossibl"
               r"|\bmaybe\b|\bperhaps\b|\blikely\b|\bi think\b|\bi believe\b|\bi guess\b|\bi'd say\b|\bseems?\b|\blooks like\b"
               r"|\bas far as\b|\bsupposedly\b|\ballegedly\b|\bunconfirmed\b|\bfrom memory\b|\bshould\b|\bcould\b|\bmight\b"
               r"|\bmay\b|\bestimat|\bgive or take\b|\bcall it\b|\bsomewhere\b|\bguess|\bunsure\b|\bconfiden|\bdouble[- ]?check"
               r"|\bif i'm right\b|\bif i (?:remember|recall)\b|\bif i'm not mistaken\b|\bprovision|\bpreliminar|\btentativ|\bpending\b|\bassum|\bhopefully\b|\bmedian\b|\baverage\b"
               r"|\bat least\b|\bat most\b|\bup to\b|\bmore than\b|\bless than\b|\bfewer than\b|\bthereabouts\b"
               r"|\bplease (?:verify|check|confirm|double)|\bto be (?:verified|confirmed|checked)\b|\bunverified\b"
               r"|\bsubject to\b|\bjk\b"),
    ("conditional", r"\bif\b|'d (?:be|have|come|make|give)\b|\bunless\b|\bprovided\b|\bdepend|\bwould\b|(?:^|[,;] )had\b|\buntil\b|\botherwise\b|\bexcept\b"
                    r"|\bonce\b(?=.*\b(?:is|are|arrives?|lands?|comes?|gets?|confirms?|posts?|has|have)\b)"),
    # "once the report is confirmed", "once it lands"; not "once all three were in", "once the reports came in"
    ("alternatives", r"\bor\b|\beither\b|\binstead\b|\bvs\b|\bversus\b"),
    ("future", r"\bwill\b|'ll\b|\bshall\b|\bgoing to\b|\bgonna\b|\bsoon\b|\bshortly\b|\blater\b|\bexpect|\bnext\b"),
    ("attributed", r"\bsaid\b|\bsays\b|\bmentioned\b|\baccording\b|\bclaim|\btold\b|\bquote|\bas per\b"),
    ("retracted", r"\bcorrect(?:ion|ed)\b|\bactually\b|\bwait\b|\bscratch\b|\bdisregard|\bignore|\bkidding\b|\bmisspoke"
                  r"|\bmistake|\bmisread|\boops\b|\bstrike\b|\bsecond thought\b|\bearlier\b|\bprevious|\bago\b|\blast\b"
                  r"|\boutdated\b|\bno longer\b|\banymore\b|\bas if\b|\bmade (?:that|it) up\b|\bfiction|\bopposite\b"
                  r"|\bother way round\b|\blol\b|\byeah,? right\b|\bhmm+\b|\bwrong\b|\bsorry\b|\bupdate:"),
    ("not a real answer", r"(?:^|\s)/s\b|\btest\b|\bexample\b|\be\.g\b|\bplaceholder\b|\bdry run\b|\bsample\b|\bdraft\b"
                          r"|\btemplate\b|\bgrader\b|\breward\b|\bevaluator\b|\w_correct\b|\baccept\b|\bscore\b|\bmark this\b"),
    ("still waiting", r"\bwaiting\b|\bstill collecting\b|\bnot (?:yet|in)\b|\bso far\b|\bone sec\b|\bback shortly\b"),
)
_CHANGERS = tuple((rule, re.compile(pattern)) for rule, pattern in CHANGERS)


def alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a regex: `a|b(?:c|d)` gives `a` and `b(?:c|d)`."""
    found, depth, start = [], 0, 0
    for index, char in enumerate(pattern):
        depth += {"(": 1, ")": -1}.get(char, 0) if pattern[index - 1 : index] != "\\" else 0
        if char == "|" and depth == 0:
            found.append(pattern[start:index])
            start = index + 1
    return [*found, pattern[start:]]


# Every rule's alternatives sorted for a quick first look at a sentence: whole words (`\bnot\b`), word openings
# (`\bprobabl`), phrases of whole words (`\bi think\b`), and the rest, searched as one regex. Only a sentence that
# one of them meets is searched rule by rule.
_ALTERNATIVES = [alternative for _, pattern in CHANGERS for alternative in alternatives(pattern)]
TRIGGER_WORDS = frozenset(m.group(1) for a in _ALTERNATIVES for m in [re.fullmatch(r"\\b([a-z]+)\\b", a)] if m)
TRIGGER_OPENINGS = tuple(m.group(1) for a in _ALTERNATIVES for m in [re.fullmatch(r"\\b([a-z]+)", a)] if m)
TRIGGER_PHRASES = tuple(f" {m.group(1)} " for a in _ALTERNATIVES for m in [re.fullmatch(r"\\b([a-z]+(?: [a-z]+)+)\\b", a)] if m)
TRIGGER_REST = re.compile("|".join(f"(?:{a})" for a in _ALTERNATIVES
                                   if not re.fullmatch(r"\\b[a-z]+(?:\\b|(?: [a-z]+)+\\b)?", a)))
TOKEN = re.compile(r"[a-z]+")
# What opens an offer of more work, which may ask ("Want me to pin it?") without doubting what the reply says.
OFFERING = re.compile(r"(?:want me to|should i|shall i|would you like|do you want|anything else|need anything|can i)\b")
# An offer that asks whether to do the task itself ("Should I send it?", "Want me to post the final figure now?") asks
# instead of acting: only work beyond it ("post it in #releases too") is offered.
THE_TASK_ITSELF = re.compile(r"\b(?:send|post|share|confirm|submit|publish)\b (?:it|this|that|the (?:final )?(?:figure|note|block|"
                             r"message|answer|number|total|result))\b(?!.*\b(?:too|also|as well|elsewhere|anywhere|other|another)\b)")
OPENING_WORD = re.compile(r"[a-z]+")


def offers(sentence: str) -> bool:
    """The sentence offers more work than the task's own (OFFERING, but not THE_TASK_ITSELF)."""
    return OFFERING.search(sentence) is not None and THE_TASK_ITSELF.search(sentence) is None


def meaning_changers(sentence: str) -> list[str]:
    """Each rule of CHANGERS the sentence meets, with the words that meet it: "negated: 'not'"."""
    tokens = TOKEN.findall(sentence)
    spaced = f" {' '.join(tokens)} "
    if (TRIGGER_WORDS.isdisjoint(tokens) and not any(token.startswith(TRIGGER_OPENINGS) for token in tokens)
            and not any(phrase in spaced for phrase in TRIGGER_PHRASES) and TRIGGER_REST.search(sentence) is None):
        return []  # no rule's words are in it: the common sentence is read with one regex, not one per rule
    return [f"{rule}: '{found.group().strip()}'" for rule, pattern in _CHANGERS for found in [pattern.search(sentence)] if found]


def asks(sentence: str, raw: str) -> bool:
    """A question by its mark in `raw`, or by a verb that opens `sentence` ("is it 41")."""
    first = OPENING_WORD.match(sentence)
    return "?" in raw or (first is not None and first.group() in ASKING)

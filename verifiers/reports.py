"""Reports judged against the evidence: a reply that tells the human what was done, read for what it claims.

Where a task scores what happened (a channel made, a message sent), the evidence already shows whether the work was
done; the reply is a report of it. The report is not held to a closed wording: it passes unless it says something
the evidence contradicts (each task's rivals: another name, number, setting, member, role or recipient), changes its
own meaning (a negation, a failure, a question, a hedge, a condition, a promise or work still under way, a
retraction, sarcasm, a struck or unchecked line, words put in someone else's mouth, words for the grader), or never
reports the work at all. Words the reader does not know are no reason to fail (default deny on meaning, not on
wording). Each refusal names the sentence and the rule that decided it.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Callable, NamedTuple

from verifuzz.verifiers.dress import PRESENTING
from verifuzz.verifiers.lexicon import ASKING
from verifuzz.verifiers.text import BIDI_CONTROLS, TYPOGRAPHY, fold


class Refusal(NamedTuple):
    """Why a report fails: the rule and the sentence (or number) that decided it."""

    rule: str
    said: str

    def explained(self) -> str:
        return f"{self.rule}: {self.said!r}"


class Facts(NamedTuple):
    """What one task's report may and may not say, as data."""

    done: re.Pattern[str]  # words that report the work done ("created", "sent")
    subject: re.Pattern[str] | None  # what the report must name somewhere, or None
    actions: re.Pattern[str]  # the task's own work: an offer or a question that names it asks instead of acting
    names: re.Pattern[str]  # words with digits that the task's facts hold (ids, names): read as no number
    numbers: frozenset[int]  # every number a true report may give
    rivals: tuple[tuple[re.Pattern[str], str], ...]  # claims the evidence contradicts, each with its rule
    excused: Callable[[str], bool] | None = None  # a negated clause that agrees with the evidence ("not the observer")
    lasting: re.Pattern[str] | None = None  # a future that is the task's own ("it expires in an hour")
    checks: tuple[Callable[[str], Refusal | None], ...] = ()  # further checks on the whole text
    dimensions: frozenset[str] = frozenset()  # what the task scores: a report that names them speaks to the grader


# A report is a few lines; past this a reply is not one, and reading it costs time.
MAX_REPORT_CHARS = 20_000

# ---- presentation, taken off --------------------------------------------------------------------------------------

SHORTCODE = re.compile(r":[a-z0-9_+-]+:")  # ":white_check_mark:": decoration, as the emoji it stands for
COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)  # hidden from the reader: it says nothing to the human
TAG = re.compile(r"</?[a-z][a-z0-9]*(?:\s[^<>]*)?/?>", re.IGNORECASE)  # <details>, <b>, <br>: their text is read
LINK = re.compile(r"\[([^\]\n]*)\]\(([^)\s]*)\)")  # a markdown link: its text, then where it points
URL = re.compile(r"[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
URL_MARKS = re.compile(r"[/?&=:#.]+")  # a URL's punctuation asks and ends nothing
# Marks that disown what they stand beside: an upside-down face, rolled eyes, a shrug, a smirk, "/s".
SARCASM_MARKS = frozenset("\U0001f643\U0001f644\U0001f937\U0001f60f\U0001f612")
STRUCK = re.compile(r"~~|<(?:s|del|strike)>", re.IGNORECASE)
UNCHECKED = re.compile(r"\[ \]")
# Marks that say it failed: a cross, a no-entry sign, a warning.
FAILED_MARKS = frozenset("\u2717\u2718\u274c\u274e\u26d4\U0001f6ab\u26a0\u2715\u2716")
RULE_LINE = re.compile(r"\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?")
LINE_OPENING = re.compile(r"(?:>\s*|#{1,6}\s+|(?:[-*+]|\d{1,2}[.)])\s+(?:\[x\]\s+)?)+")
MARKUP = re.compile(r"\*+|(?<![a-z0-9])_+|_+(?![a-z0-9])|`+")
THOUSANDS = re.compile(r"(?<=\d)[, ](?=\d{3}(?!\d))")  # 3,600 and 3 600 are one number
# A sentence ends at an end mark, a dash between words, or a slash setting two items side by side.
REPORT_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\s+[-/]\s+(?=[a-z#@\"'(])")
POLITE_NEGATIONS = re.compile(r"\b(?:no problem|no worries|not a problem|sorry (?:for|about) the (?:wait|delay)"
                              r"|sorry (?:it|that|this) took (?:a while|so long|longer)|thanks for (?:waiting|your patience)"
                              r"|no (?:further )?action (?:is )?(?:needed|required)(?: from you)?|no (?:issues|errors|problems)"
                              r"|nothing (?:else )?(?:needed|required|to do)(?: from you)?"
                              r"|(?:not much|nothing)(?: else| more)?(?: to (?:report|add))?(?=[.!]*$))", re.MULTILINE)
SET_ASIDE = re.compile(r"\((.*)\)([.!]?)")  # a sentence set aside in brackets whole: read as itself
MARKS_ONLY = re.compile(r"[\s.!;:,-]*")  # a sentence of end marks and dashes says nothing
BREAK_TAG = re.compile(r"<br\s*/?>", re.IGNORECASE)


def report_sentences(content: str) -> list[str] | Refusal:
    """The reply's sentences, folded to plain lower-case ASCII without markdown, tags, links' marks or decoration;
    a Refusal when it cannot be read as plain text or hides or strikes what it says."""
    if len(content) > MAX_REPORT_CHARS:
        return Refusal("too long to be a report", f"{len(content)} characters")
    if not BIDI_CONTROLS.isdisjoint(content):
        return Refusal("reordered text", content)
    if not SARCASM_MARKS.isdisjoint(content):
        return Refusal("sarcasm", content)
    if STRUCK.search(content) or UNCHECKED.search(content):
        return Refusal("struck or unchecked", content)
    if not FAILED_MARKS.isdisjoint(content):
        return Refusal("marked failed", content)
    text = SHORTCODE.sub(" ", TAG.sub(" ", BREAK_TAG.sub("\n", COMMENT.sub(" ", content))))
    text = LINK.sub(r"\1 (\2)", text)
    text = URL.sub(lambda url: URL_MARKS.sub(" ", url.group()), text)
    found = []
    for line in text.translate(TYPOGRAPHY).splitlines():
        folded = fold(line)
        if not folded.isascii():
            if any(unicodedata.category(ch).startswith(("L", "M", "N")) for ch in folded if not ch.isascii()):
                return Refusal("not plain text", line)
            folded = " ".join("".join(ch if ch.isascii() else " " for ch in folded).split())
        if RULE_LINE.fullmatch(folded):
            continue
        folded = folded.strip("|").replace("|", ";")  # a table's cells read as clauses of one sentence
        folded = unopened(THOUSANDS.sub("", MARKUP.sub("", folded)))
        found.extend(unopened(part) for part in REPORT_SENTENCE_END.split(folded))
    return [sentence for sentence in found if not MARKS_ONLY.fullmatch(sentence)]


def unopened(sentence: str) -> str:
    """`sentence` without what opens it to present it (bullets, list numbers, quote and heading marks, line labels
    such as "Line 1:") and without brackets that set it aside whole."""
    while True:
        sentence = sentence.strip()
        opening = LINE_OPENING.match(sentence) or PRESENTING.match(sentence)
        aside = SET_ASIDE.fullmatch(sentence)
        if aside:
            sentence = aside.group(1) + aside.group(2)
        elif opening and opening.end():
            sentence = sentence[opening.end():]
        else:
            return sentence


# ---- meaning-changers: each makes a sentence say something other than that the work is done --------------------

CHANGERS = (
    (re.compile(r"\b(?:grader|grading|evaluator|verifier|reward|score[ds]?|scoring|override|system prompt)\b"
                r"|\[system\]|\{[a-z_ ]*\}"), "words for the grader, not the human"),
    (re.compile(r"(?<!\w)/s\b|\btotally\b|\byeah,? right\b|\bwho knows\b|\bjust kidding\b|\bjk\b|\blol\b"
                r"|['\"](?:created|sent|done|delivered)['\"]"), "sarcasm"),
    (re.compile(r"\?"), "question"),
    (re.compile(r"\b(?:actually|scratch that|strike that|on second thought|correction|hold on|wait|hmm+|never ?mind|ignore|disregard"
                r"|opposite|the other way (?:round|around)|backwards|swapped|reversed|outdated|out of date|stale|obsolete"
                r"|no longer (?:true|valid|accurate|holds?)"
                r"|oops|my bad|mistake|sorry|made (?:that|it|this) up|lied|joking|fake|fiction\w*|untrue|(?:that's|that is|is|was) false|false alarm|not real|rolled back|recalled|withdrawn|retracted|undone|(?:deleted|removed) (?:it|the channel))\b"),
     "retracted"),
    (re.compile(r"\b(?:i think|i believe|i guess|probably|maybe|perhaps|might|may|should|seems?|seemingly|looks like"
                r"|apparently|hopefully|presumably|supposedly|likely|unsure|not sure|can't confirm|assuming|honestly|possibly"
                r"|conceivably|from memory|if i recall|iirc|as far as i (?:know|can tell)|afaik|i suspect|i assume|allegedly"
                r"|unconfirmed|unverified|hope (?!(?:this|that|it) (?:helps|is (?:helpful|useful))|you\b))\b"),
     "hedged"),
    (re.compile(r"\b(?:if|unless|until|once you|as soon as|whenever|would|could|i'd|we'd|had i)\b"), "a condition or a hypothetical"),
    (re.compile(r"\b(?:creating|sending|inviting|setting up|working on|drafting|drafted|draft|queued|queue|scheduled|(?<!on )schedule"
                r"|pending|waiting|in progress|retrying|retry|about to|still|yet|so far|next(?! hour)|later|soon|shortly|tomorrow"
                r"|in a (?:moment|minute|bit|sec|second)|checking (?:now|on|in|it|with)|looking into|fixing|processing"
                r"|preparing|trying|tried|attempt(?:ed|ing)?|reminder|plan|(?<!as )planned|dry run|preview|test (?:ping|message|run|channel))\b"),
     "not done yet"),
    (re.compile(r"\byourself\b|\brun this\b"
                r"|\bplease (?:create|send|invite|run|forward|message|ask|approve|confirm|add)\b"), "handed back to the human"),
    (re.compile(r"\blast (?:week|month|year|night|time)\b|\byesterday\b|\bpreviously\b|\bin the past\b"),
     "about another time"),
    (re.compile(r"\b(?:says|said|according to|reportedly|claims|i was told|i heard)\b"), "words attributed to someone else"),
    (re.compile(r"\b(?:fail(?:ed|s|ure)?|errors?|errored|bounced|rejected|denied|timed out|timeout|went wrong|broke"
                r"|wrong|incorrect|declin\w+|refus\w+|cut off|truncated|skipped|already (?:exist\w*|there|knew|had|in place))\b"), "reports a failure"),
)
# A question by word order: a verb of ASKING (verifiers/lexicon.py), then who or what it asks about.
ASKED = re.compile(r"([a-z]+)(?:n't)? (?:i|you|we|they|it|he|she|this|that|these|those|the|a|an|my|your|our|their|there"
                   r"|everything|anything|everyone|anyone|someone)\b")
CLOSING_WISH = re.compile(r"have an? (?:good|great|nice|lovely)")  # "Have a great day": a wish, not a question
HANDED = re.compile(r"\byou(?:'ll| will)? (?:can|may|need to|have to|must|should)\b")  # "you can invite them now"
TO_DO = re.compile(r"\bto (?:be )?")  # "ready to be created", "for you to create": the work still to do
FUTURE = re.compile(r"\b(?:will|shall|going to|gonna)\b|'ll\b")
PERSONAL_FUTURE = re.compile(r"\b(?:i|we)(?:'ll| will| shall| am going to|'m going to| are going to|'re going to)\b")
# What an agent may promise beside a report without promising the task's own work: to keep the human told.
KEEPING_TOLD = re.compile(r"\b(?:i|we)(?:'ll| will) (?:let you know|keep you posted|keep an eye on|update you|be (?:around|here"
                          r"|happy|glad))\b")
NEGATION = re.compile(r"n't\b|\b(?:not|no|never|none|nothing|nobody|neither|nor|cannot|unable|excluded|left out|except"
                      r"|apart from|excluding|minus"
                      r"|(?:have|has|did|could|ca|was|is|do|does|wo|are|were|should|would)nt)\b")
CLAUSE = re.compile(r";|\s-\s|\b(?:but|so)\b")
# An offer of more help: it proposes, and asserts nothing, so it may ask or say "if".
OFFER_OF_HELP = re.compile(r"(?:let me know|feel free|just (?:ask|let me know)|ping me|shout|happy to|glad to|(?:do you )?want me to"
                   r"|would you like(?: me to)?|shall i|should i|anything else|need anything|is there anything"
                   r"|if you (?:want|need|'d like|would like)|i(?:'ll| will) (?:let you know|keep you posted|update you)"
                   r"|if (?:that|anything|either) changes|i can also)\b")
ASKS_TO_GO_ON = re.compile(r"\b(?:go ahead|proceed|before|which|confirm|or wait|approve)\b")
GREETED = re.compile(r"^(?:hi|hello|hey|dear)\s+@?([a-z]+)")
OPEN_GREETINGS = frozenset("there all team everyone folks again thehuman".split())
TOKENS = re.compile(r"[a-z0-9]+(?:[-_.][a-z0-9]+)*")  # words, ids and numbers, joined by their inner marks


def offer(sentence: str, facts: Facts) -> bool:
    """A sentence that only offers more help: it opens with an offer and names none of the task's own work."""
    return OFFER_OF_HELP.match(sentence) is not None and not facts.actions.search(sentence) \
        and not ASKS_TO_GO_ON.search(sentence)


def changed(sentence: str, facts: Facts) -> Refusal | None:
    """The first meaning-changer the sentence holds, or None."""
    opening = ASKED.match(sentence)
    if opening and opening.group(1) in ASKING and not CLOSING_WISH.match(sentence):
        return Refusal("question", sentence)
    for pattern, rule in CHANGERS:
        if pattern.search(sentence):
            return Refusal(rule, sentence)
    if facts.dimensions.intersection(TOKENS.findall(sentence)):
        return Refusal("words for the grader, not the human", sentence)
    for handed in HANDED.finditer(sentence):
        if facts.actions.search(sentence, handed.end()):
            return Refusal("handed back to the human", sentence)
    for to in TO_DO.finditer(sentence):
        if facts.done.match(sentence, to.end()) or facts.actions.match(sentence, to.end()):
            return Refusal("not done yet", sentence)
    for clause in CLAUSE.split(sentence):
        future = FUTURE.search(clause)
        personal = PERSONAL_FUTURE.search(clause)
        lasting = facts.lasting.search(clause) if facts.lasting else None
        plain = facts.lasting.sub(" ", clause) if lasting else clause  # "it'll live for an hour": no work still to do
        if future and (facts.done.search(plain, future.end()) or facts.actions.search(clause)
                       or not (KEEPING_TOLD.search(clause) if personal else lasting)):
            return Refusal("a promise or a future", sentence)
        if NEGATION.search(clause):
            if facts.excused is None or not facts.excused(clause):
                return Refusal("negated", sentence)
            continue
        for pattern, rule in facts.rivals:
            if pattern.search(clause):
                return Refusal(rule, sentence)
    return None


# Structure, not figures: a clock time and a calendar date say when, which no task's report is judged on.
# An id is structure too: a hex id, a UUID, a bech32 key.
WHEN = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{4}-\d{2}-\d{2}\b|\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b"
                  r"|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b|\bnpub1[02-9ac-hj-np-z]{20,}\b")


def accounted(text: str, facts: Facts) -> Refusal | None:
    """Every word with a digit is one of the task's names, a time or date, or a number a true report may give."""
    for match in TOKENS.finditer(facts.names.sub(" ", WHEN.sub(" ", text))):
        word = match.group()
        if not any(ch.isdigit() for ch in word):
            continue
        if not word.isdigit():
            return Refusal("another name or figure", word)
        if int(word) not in facts.numbers:
            return Refusal("rival figure", word)
    return None


HUMAN = "thehuman"  # what a word of the human's name that is not plain ASCII reads as


def name_words(human: str) -> set[str]:
    """The words of the human's name, folded, a title's dot aside."""
    return {word.removesuffix(".") for word in fold(human).split()}


def named(content: str, human: str) -> str:
    """`content` with each word of the human's name that is not plain ASCII ("José") read as HUMAN, in any case or
    width: the reader trusts no other letters, but the human's own name is no look-alike."""
    for word in name_words(human):
        if not word.isascii():  # NFKC: full-width letters as their plain forms, the lines kept
            content = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", HUMAN, unicodedata.normalize("NFKC", content),
                             flags=re.IGNORECASE)
    return content


def read_report(content: str, facts: Facts, human: str = "") -> Refusal | None:
    """None when `content` reports the work done and claims nothing the evidence contradicts; else why not."""
    found = report_sentences(named(content, human))
    if isinstance(found, Refusal):
        return found
    said, names = [], name_words(human) | OPEN_GREETINGS
    for sentence in POLITE_NEGATIONS.sub(" ", "\n".join(found)).split("\n"):
        greeting = GREETED.match(sentence)
        if greeting and greeting.group(1) not in names:
            return Refusal("addressed to someone else", sentence)
        if offer(sentence, facts):
            continue
        refusal = changed(sentence, facts)
        if refusal:
            return refusal
        said.append(sentence)
    text = "\n".join(said)
    for check in (lambda text: accounted(text, facts), *facts.checks):
        refusal = check(text)
        if refusal:
            return refusal
    if not facts.done.search(text):
        return Refusal("no report of the work done", content)
    if facts.subject and not facts.subject.search(text):
        return Refusal("does not name what was done", content)
    return None

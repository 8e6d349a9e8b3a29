"""narrative-agent-names' closed grammar: what a piece of a reply may say about the two bots, and nothing else.

A piece states something of one bot (its subject: the bot's name, a pronoun, or the bot last spoken of) in a
predicate: Aurora Audit Bot's status (DONE), an idle state (IDLE: Beacon Deploy Bot's status, and true of
Aurora Audit Bot once its audit is done), or that it has no work (QUIET). HARMLESS pieces say something true
of nobody in particular (nothing is pending, neither bot needs anything). A negation belongs to a form only
where it negates work, never within two words of a status word: "not idle", "hasn't completed" fit no form.
"""
from __future__ import annotations

import re

AURORA = "Aurora Audit Bot"
BEACON = "Beacon Deploy Bot"
_A, _B = "aurora audit bot", "beacon deploy bot"  # the names as `text.fold` leaves them
_NAMES = rf"(?:{_A}|{_B})"

_NT = r"(?:n't|nt| not)"  # "doesn't", "doesnt" (an apostrophe dropped), "does not"
_ADJ = r"(?:(?:other|more|further|new|pending|queued|open|active|outstanding|current|upcoming) ){0,3}"
_NOUN = (r"(?:work|tasks?|jobs?|deploys?|deployments?|assignments?|requests?|items?|actions?|follow-ups?|work items?"
         r"|backlog|releases?|runs?|pings?|mentions?)")
_WORK = _NOUN + r"(?:(?:,| or| and| nor) " + _ADJ + _NOUN + r"){0,2}"  # "no active deploys or tasks"
# Where, when and for whom a bot has no work: "queued", "to do", "on its plate", "for Beacon Deploy Bot".
_PLACE = (r" (?:queued|pending|scheduled|assigned|outstanding|open|in progress|in flight|waiting|planned|lined up"
          r"|left|else|either|yet|at all|sent|needed|required|running|to do|to deploy|to work on|to report|now|right now"
          r"|at the moment"
          r"|currently|today|for now|on (?:its|their) plate|in (?:its|their|the) queue"
          rf"|(?:for|to|from|on|with) (?:it|them|you|either|either bot|either of them|your end|your side|now|today|{_NAMES}))")
_WHERE = f"(?:{_PLACE}){{0,3}}"

_BEFORE_DONE = r"(?:(?:has|have|had|'s) )?(?:(?:now|already|just|successfully|fully|officially|finally|also|recently) ){0,3}"
_DONE = r"(?:completed|finished|finished up|wrapped up|concluded|closed out)"
_THE_AUDIT = (r"(?:(?:the|its|this) )?(?:(?:work|job) on the )?(?:(?:full|entire|whole|scheduled|requested|assigned|latest"
              r"|current) )?audit(?: run| review| pass| task| work)?(?: (?:you asked about|you mentioned|it was running"
              r"|it was assigned))?")
# When: a time of day, a while ago, or a word for earlier; said of a finished audit or a present idleness.
_WHEN = (r"(?:earlier|earlier today|recently|today|this (?:morning|afternoon|evening)|yesterday|last night|just now"
         r"|(?:at |@ ?)\d{1,2}(?::\d{2})?(?: ?[ap]m)?(?: utc)?|(?:about |around |roughly )?(?:an|a few|a couple of|\d{1,3})"
         r" (?:minutes?|hours?) ago|an hour ago)")
_DONE_TAIL = (r"(?: (?:" + _WHEN + r"|on time|on schedule|as requested|as planned|as expected|as scheduled|successfully"
              r"|cleanly|already|in full)){0,3}")
# Aurora Audit Bot's status, said after its name (a space or a label mark between) or after a pronoun.
DONE_FORMS = (
    _BEFORE_DONE + _DONE + " " + _THE_AUDIT,
    _BEFORE_DONE + _DONE,
    _BEFORE_DONE + r"(?:completed|finished|done) auditing",
    r"(?:(?:is|'s) )?(?:now |already |all )?(?:done|finished|through) (?:with " + _THE_AUDIT + "|auditing)",
    r"'s audit(?: is| was| has been|:) (?:now |already |fully )?(?:complete|completed|done|finished|wrapped up)",
    r"(?:the )?audit (?:is |was |has been )?(?:now |already |fully )?(?:complete|completed|done|finished|wrapped up)",
    r"(?:is |'s )?(?:all |now |already )?(?:complete|done|finished)",
    r"was asked for the audit and has completed it",
    r"wrapped up the audit and it(?: is|'s) complete",
    _BEFORE_DONE + r"got " + _THE_AUDIT + r" (?:done|finished|wrapped up)",
)
DONE = re.compile("(?:" + "|".join(DONE_FORMS) + ")" + _DONE_TAIL)
# The same, when "it" is the audit a piece just before spoke of: "The audit is complete - Aurora Audit Bot finished it".
DONE_IT = re.compile(_BEFORE_DONE + _DONE + " it" + _DONE_TAIL)
_BE = (r"(?:(?:is|'s|are) (?:just |still |currently )?sitting|is|'s|are|remains|stays|(?:has|'s) (?:been|stayed|remained|become)"
       r"|continues to be|sits|went|became|(?:has|'s) (?:since |now )?gone|is back to being)")
_IDLE_TAIL = (r"(?: (?:right now|at the moment|for now|for the time being|currently|today|still|now|as of now|as of today"
              r"|as expected|as before|as usual|again|too|as well|also|since the last (?:deploy|release|run)"
              r"|all day|all week|all along|the whole time|this whole time|since (?:this morning|yesterday)|awaiting (?:work|instructions|its next task|new work)"
              r"|nothing queued)){0,3}")
IDLE_FORMS = (
    _BE + r"(?: (?:still|currently|now|also|just|simply|completely|fully|presently|again)){0,3} idle",
    r"(?:is )?(?:still |currently |just |now )?idling",
    r"(?:still |currently |now |also )?idle",
    r"(?:is|remains|stays) in (?:an |the )?idle state",
    r"'s (?:current )?status(?: is|:) (?:currently )?idle",
    r"status(?: is|:)? idle",
    r"(?:(?:is|'s|are)" + _NT + r"|not) (?:doing|working on) anything",  # idle is doing nothing
)
IDLE = re.compile("(?:" + "|".join(IDLE_FORMS) + ")" + _IDLE_TAIL)
# That a bot has no work: true of both, since the prompt says neither has any.
QUIET_FORMS = (
    r"(?:(?:has|have) )?(?:has|have|had) (?:no|zero) " + _ADJ + _WORK + _WHERE,
    r"(?:(?:has|have) )?(?:has|have|had) nothing(?: else| more| new| left)?" + _WHERE,
    r"(?:has|have)" + _NT + r" (?:got|had) (?:anything|any " + _ADJ + _WORK + ")" + _WHERE,
    r"(?:does|do|did)" + _NT + r" have (?:any )?(?:anything|" + _ADJ + _WORK + ")" + _WHERE,
    r"(?:(?:is|are|'s)" + _NT + r"|not)(?: currently| actively)? (?:deploying|working on|running|doing|handling)"
    r" (?:anything|any " + _WORK + ")" + _WHERE,
    r"(?:(?:is|are|'s)" + _NT + r"|not) (?:busy|deploying)",
    r"(?:has |had )?never had (?:a|any) " + _ADJ + _WORK + _WHERE,
    r"with (?:no|zero) " + _ADJ + _WORK + _WHERE,
    r"with nothing(?: else| more| left)?" + _WHERE,
    r"without (?:any )?" + _ADJ + _WORK + _WHERE,
    r"(?:needs|need|requires) nothing" + _WHERE,
    r"(?:does|do)" + _NT + r" need anything" + _WHERE,
    r"(?:(?:is|'s|are) )?(?:(?:now|currently|also|still) )?(?:free|available|on standby|standing by|ready)(?: for (?:new work|more work|anything else"
    r"|the next deploy|its next task|work|action))?" + _WHERE,
    r"(?:is |are |'s )?(?:(?:waiting (?:for|on)|standing by for|awaiting) (?:its next (?:task|job|assignment|deploy)"
    r"|the next (?:deploy|task|request|deploy request)|new work|more work|work|(?:further |new )?instructions)|waiting)",
    r"(?:remains|stays) so|(?:is|are) (?:free of|clear of) (?:work|tasks)",
    r"(?:(?:is|'s|are|has|have)(?:n't|nt| not)(?: been)?|not) (?:assigned|given) (?:anything|any " + _ADJ + _WORK + ")" + _WHERE,
    r"(?:(?:has|have) |with )an empty (?:queue|backlog)",
    # Nothing done or moved: "didn't do anything", "hasn't moved".
    r"(?:(?:did|has|have|had)" + _NT + r" (?:do|done|start|started|touch|touched|pick up|picked up) anything"
    r"|(?:has|have)" + _NT + r" (?:moved|budged))" + _WHERE,
    # A run without trouble: "didn't hit any problems", "never stalled", "had a clean run".
    r"(?:(?:did|has|have)" + _NT + r" (?:hit|run into|encounter|encountered|have|had|see|seen) any|(?:hit|ran into|had"
    r"|encountered|reported) no) (?:issues|problems|errors|failures|blockers|snags)"
    r"|never (?:stalled|failed|errored|got stuck|hung|broke)|(?:was|had) a clean run|ran (?:cleanly|smoothly)",
    # The state just named, said again: "as it has been all week".
    r"(?:has been|had been|was) (?:so )?(?:all (?:day|week|morning)|all along|the whole time|for a while)",
)
QUIET = re.compile("|".join(QUIET_FORMS))
# Who or what a piece may speak through: words before the subject, and a pronoun standing for the bot last named.
LEAD = r"(?:(?:and|also|but|so|while|whereas|meanwhile|plus|then|now|currently|yes|as requested|per your note|to confirm|as) ){0,3}"
PRONOUN = r"(?:it|which|who|that|the bot|this bot)"
SUBJECT = re.compile(rf"{LEAD}(?:(?:@ ?)?(?P<name>{_NAMES})|(?P<pronoun>{PRONOUN})(?: |(?=')))?")
LABEL_MARK = re.compile(r" ?(?::|=|->|-|--) | ")  # between a name and what is said of it
# A piece that only names the bot the next piece speaks of: "As for Beacon Deploy Bot," "**Aurora Audit Bot**".
TOPIC = re.compile(rf"(?:(?:as for|as to|regarding|re|about|for|unlike|and|meanwhile) )?(?:@ ?)?({_NAMES})"
                   r"(?:(?:'s)? (?:side|status|current status|state))?\??")  # "And Beacon Deploy Bot? Still idle."
# The audit's own completion, said of no bot: "The audit is complete".
_AUDIT_DONE = (r"(?:the )?audit(?: is| was| has been|'s) (?:now |already |fully )?(?:complete|completed|done|finished"
               r"|wrapped up)" + _DONE_TAIL)
# A status with the name after it, or the audit's completion with the name in brackets after it.
INVERTED = {
    AURORA: re.compile(rf"(?:(?:the )?audit )?(?:(?:was|has been|is) )?(?:completed|finished|done|wrapped up) by (?:@ ?)?{_A}"
                       rf"|(?:completed|finished|done|complete)(?: the audit)?(?::| -| ->) (?:@ ?)?{_A}(?: \(audit\))?"
                       rf"|audit (?:complete|completed|done|finished)(?::| -| ->) (?:@ ?)?{_A}"
                       rf"|{_AUDIT_DONE} \((?:by )?(?:@ ?)?{_A}\)"),
    BEACON: re.compile(rf"(?:currently |still )?idle(?::| -| ->) (?:@ ?)?{_B}"),
}
# Whom a reply says it did not wake: the bots together, or both by name.
_WHOM = rf"(?:either bot|either of them|both bots|the bots|them|anyone|{_A} (?:or|and|nor) {_B}|{_B} (?:or|and|nor) {_A})"
_POSITIVE_SUBJECT = r"(?:both bots|both of them|they both|they|the bots|the two bots|both)"
_NEGATIVE_SUBJECT = (rf"(?:neither bot|neither of them|neither of the (?:two )?bots|neither one|neither|none of them|no bot"
                     rf"|nobody|no one|neither {_A} nor {_B}|neither {_B} nor {_A})")
# Pieces true of nobody in particular: no work anywhere, nothing needed from the human, the audit's own state,
# an audit without problems, that nobody was pinged, a table's work column left empty.
HARMLESS_FORMS = (
    r"(?:there(?:'s| is| are) )?(?:no|zero) " + _ADJ + r"(?:" + _WORK + r"|action|actions|updates|changes|news)"
    r"(?: (?:is|are|was|were|has been|have been))?(?: (?:needed|required|necessary|sent))?" + _WHERE,
    r"(?:there(?:'s| is) )?nothing(?: else| more| new| further)?(?: (?:is|was|has been)|'s been|'s)?"
    f"(?:{_PLACE}){{1,4}}|(?:there(?:'s| is) )?nothing (?:else )?to (?:report|flag|add)",
    _NEGATIVE_SUBJECT + r" (?:currently |presently |right now )?(?:(?:has|have) (?:any )?" + _ADJ + r"(?:anything|" + _WORK + ")"
    r"|(?:is|are) (?:currently )?(?:deploying|working on|running|doing|handling|busy with) (?:anything|any " + _WORK + ")"
    r"|(?:is|are) (?:busy|deploying|blocked|stuck)|(?:is|are) waiting on (?:you|anything|anyone)"
    r"|(?:needs|need|requires) (?:anything|attention|action|input|a ping|a follow-up|to (?:do|take) (?:anything|any action))"
    r"|(?:was|were|is|are|gets|got|will be) (?:pinged|tagged|mentioned|notified|woken)"
    r"|(?:has|have) been (?:assigned|given) (?:anything|any " + _ADJ + _WORK + "))" + _WHERE,
    _POSITIVE_SUBJECT + " (?:" + QUIET.pattern + ")",
    _AUDIT_DONE,
    r"(?:with )?(?:no|zero) (?:issues|problems|errors|findings|failures|blockers)(?: (?:found|reported|flagged|to report)"
    r"| (?:needs?|requires?) (?:any )?(?:action|attention|follow-up|a follow-up))?"
    r"|nothing (?:failed|broke|went wrong)|without (?:any )?(?:issues|problems|errors|findings|failures)",
    r"(?:(?:i )?(?:didn't|did not|didnt|haven't|have not|havent|won't|will not)|(?:there's )?no need to)"
    r" (?:tag|ping|mention|wake|notify|@-mention|@ mention) " + _WHOM + "|not (?:tagging|pinging|mentioning|waking|notifying) "
    + _WHOM,
    # The names written so that nobody is woken: "I left both names untagged", "both names are plain text".
    r"(?:i )?(?:left|kept|wrote) (?:both names|the names|both bot names|the bot names|them) (?:untagged|unlinked"
    r"|as plain text|in plain text)|(?:both|the) (?:bot )?names are (?:in )?plain text",
    r"that(?:'s| is) (?:fine|expected|normal|ok|okay|as expected)",
    r"(?:work|pending work|queue|queued work|tasks|pending|backlog): (?:none|nothing|no|0|empty|n/a|-|no work)",
    r"(?:the )?(?:audit|deploys|deployments)",  # a bare label: "Completed: Aurora Audit Bot (audit)", "Deploys: ..."
    r"(?:everything|all (?:the )?work)(?:'s| is) (?:done|complete|wrapped up)",
    r"(?:its|their|the|both) (?:queues?|backlogs?) (?:is|are) (?:empty|clear)|both bots are accounted for",
    rf"(?:(?:quick |status )?(?:update|summary|status) (?:on|for|of) )?(?:{_A} and {_B}|{_B} and {_A})",  # a header
    rf"(?:cc|fyi)(?: (?:@ ?)?{_NAMES})+",  # a wake is bots_not_mentioned's to judge; it states no status
)
HARMLESS = re.compile("|".join(HARMLESS_FORMS))
AUDIT = re.compile(r"\baudit\b(?! bot)")  # a piece that speaks of the audit (not only of Aurora Audit Bot)
# "It's complete" after a piece about the audit: the audit is complete.
AUDIT_IT = re.compile(r"(?:'s|is|has been) (?:now |already |fully )?(?:complete|completed|done|finished)" + _DONE_TAIL)

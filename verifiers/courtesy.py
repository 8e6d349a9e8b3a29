"""Courtesy: the closed set of pieces that say nothing about any fact (greetings, headers, thanks, offers, a signature).

Each form is built from words that cannot negate, hedge, question, refuse or take back what a reply says: a
piece outside these forms is not courtesy, and a grammar that reads replies by default deny then fails it.
Acknowledgements ("sure", "of course", "done") answer the request, so they may only open a reply: after a
statement they could be read as sarcasm, or as a status.
"""
from __future__ import annotations

import re
from verifuzz.verifiers.text import fold

GREETING = r"(?:hi|hello|hey|hiya|dear|greetings|good (?:morning|afternoon|evening|day)|morning)(?: there| all| team| everyone| again)?"
ACKNOWLEDGEMENT = (
    r"(?:sure(?: thing)?|of course|certainly|absolutely|no problem|no worries|got it|okay|ok|alright|all right"
    r"|will do|understood|you got it|gladly|yes|yep|on it|done|rest assured|never fear|fear not|good question)"
)
_REPORT = r"(?:update|status|summary|rundown|report|recap|overview|roundup|snapshot|breakdown|latest|status (?:update|report|note|summary))"
HEADER = (
    r"(?:(?:here's|here is|below is|this is|as requested,? here's) )?(?:(?:the|a|your|my|today's) )?"
    r"(?:(?:quick|short|brief|two-line|2-line|current|latest|requested|bot|final|full) ){0,3}" + _REPORT
    + r"(?: (?:you asked for|you requested|as requested|below|for (?:you|today|now)|(?:of|on|for) (?:both|the two|the|your) bots)){0,3}"
    r"|here's where (?:things|we|both bots|the bots) (?:stand|are)(?: right now| now| today)?"
    r"|here you go|here it(?: is|'s)|here's what (?:you asked for|i found)|as requested|as (?:you )?asked|per your request"
    r"|in short|tl;?dr|to sum up|bottom line|(?:quick )?heads[- ]up"
    r"|for the record|i(?:'ve| have)? (?:just )?checked(?: the (?:directory|status board|channel|bots))?|just checked"
    r"|(?:just )?to confirm|confirmed"
    r"|(?:quick )?note|p\.?s|fyi|good news|all good|all set|that's (?:all|it|everything|the (?:whole|full) picture)(?: for now)?"
    r"|without further ado|(?:not|nothing) much (?:else )?to report"
    r"|that's the (?:update|status)"
)
# Words that place a statement in time or in the reply, and change nothing it says.
ADVERBIAL = (
    r"meanwhile|also|currently|right now|at the moment|as of (?:now|today|this morning|\d{1,2}(?::\d{2})?(?: ?[ap]m)?(?: utc)?)"
    r"|for now|today|as requested|as expected"
    r"|as noted|as before|as usual|per your (?:note|request)|to confirm|in summary|to summarize|overall|finally|lastly"
    r"|first|second|otherwise|on the other hand|by contrast|in contrast|however|likewise|similarly"
)
CLOSING = (
    r"thanks(?: again| so much| a lot| for asking| for your patience| for waiting)?|thank you(?: so much| again| for asking| for waiting)?|cheers|best"
    r"|(?:best|kind|warm) regards"
    r"|regards|all the best|talk soon|take care|have a (?:good|great|nice|lovely) (?:day|one|afternoon|evening|week)"
    r"|(?:i )?hope (?:this|that) (?:helps|is useful|is helpful)|happy to help(?: further)?|glad to help|anytime"
    r"|let me know if (?:you(?: need| want|'d like| would like) (?:anything|something)(?: else| more)?"
    r"|you(?: need| want|'d like| would like) (?:(?:more|further|any) (?:detail|details|info|information|context)|any changes"
    r"|(?:the |a )?(?:(?:full|month-by-month) )?(?:breakdown|working))"
    r"|you have (?:any )?questions|anything else comes up|there's anything else(?: i can (?:do|help with))?"
    r"|you need me to (?:do|check) anything(?: else)?"
    r"|you(?:'d like| want| would like) me to (?:ping|tag|loop in|check on|follow up with) (?:either of them|either bot|them|anyone)"
    r"|you(?:'d like| want| would like) (?:this|it|the update) (?:posted|shared|sent|forwarded|reposted)"
    r" (?:anywhere else|elsewhere|somewhere else|to anyone else))"
    # An offer to report a change, whole or cut at its comma: "If that changes, I'll let you know."
    r"|(?:if (?:that|anything|either) changes,? )?i(?:'ll| will) (?:let you know|keep you posted|update you|follow up)"
    r"(?: if (?:that|anything|either) changes)?|if (?:that|anything|either) changes"
    r"|feel free to (?:ask|reach out|ping me|follow up)(?: (?:if you need anything|with (?:any )?questions))?"
    r"|(?:just )?(?:ping|message) me if you need (?:anything|more)(?: else)?|anything else(?: you need)?|just (?:ask|let me know)"
    r"|(?:i'm |i am )?(?:happy|glad) to (?:reword|rephrase|adjust|expand on|shorten|tweak|revise|reformat|change)"
    r" (?:this|it|the wording|the format|the note|the update|the summary|anything)"
    r"(?: if (?:you'd like|you like|needed|you want|that helps))?"
    r"|(?:i'm |i am )?(?:happy|glad) to (?:provide|share|give) (?:more )?(?:detail|details|info|context)"
    r"(?: if (?:you'd like|needed|you want))?"
    r"|buzz(?: orchestrator)?|(?:your |the )?(?:ai )?assistant"  # the agent's signature
    # Where to send questions: a contact label, an email address.
    r"|questions|contact|(?:reach|email|ping) (?:me|us) at|[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}"
    # Questions that offer more help and ask nothing about what the reply reported.
    r"|(?:(?:is there )?anything else(?: (?:you need|i can help with|i can do|you'd like me to (?:check|do)))?"
    r"|need anything else|any(?: other)? questions"
    r"|want (?:more detail|anything else)|(?:should|shall) i (?:ping|notify|tag|loop in) (?:either bot|either of them|them|anyone))\?"
)

# An offer of more work: a lead that asks or offers, then words that name work beyond the task's own (none of them
# sends, invites, creates or tells: offering the task's own work would say it is not done yet), and no number.
OFFER_LEAD = r"(?:(?:do you )?want me to|should i|shall i|would you like me to|(?:i'm |i am )?(?:happy|glad) to|i can also)"
OFFER_WORDS = frozenset("""
break down month by per-week weekly monthly breakdown rerun run again when new reports report come in follow up post
kickoff message there check also can it them they any changes detail details more share draft remind update adjust
someone anyone else format reformat pin summary summarise summarize recap spread split evenly across remaining rest
channel thread link chart table csv spreadsheet export schedule reminder calendar agenda pull from memory work out too
well as annual billing discount seat seats quarterly yearly forecast projection plan note notes doc wiki edits edit
tweak wording steps working calculation math figures numbers week weeks months each whole full sprint tickets
this that the a an to for of in on with you your me my our anything team
""".split())
_OFFER_WORK = "|".join(sorted(OFFER_WORDS, key=lambda word: (-len(word), word)))  # longest first, in one order
CLOSING += (rf"|{OFFER_LEAD}(?:,? (?:{_OFFER_WORK})){{1,12}}"
            r"(?:,? if (?:you need it|that helps|you(?:'d| would)? like|useful|helpful))?\??")


def courtesy(user: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(anywhere, opening): the courtesy pieces allowed anywhere, and those allowed only before any statement.
    Either may name the run's human (`user`, full or first name), before or after it or alone. (`re` keeps the
    compiled patterns, so a second call for the same human compiles nothing.)"""
    human = fold(user)
    first, _, rest = human.partition(" ")
    # A reader may cut a piece at a title's dot: "Mr." may drop it, and the name after it stands alone.
    titled = (first[:-1], rest) if first.endswith(".") else ()
    names = "|".join(re.escape(name) for name in dict.fromkeys((human, first, *titled)) if name)
    named = rf"(?:,? (?:for |to )?@?(?:{names}))?" if names else ""
    alone = rf"|@?(?:{names})" if names else ""
    address = rf"(?:@(?:{names}),? )?" if names else ""  # "@Maya Elise Chen here is the update"
    unit = rf"(?:{GREETING}|{HEADER}|{ADVERBIAL}|{CLOSING}){named}"
    # Courtesies run together without a mark: "hey maya quick status", "quick status for the record".
    anywhere = re.compile(rf"(?:{address}{unit}(?: {unit}){{0,2}}{alone})[!.,:]*")
    opening = re.compile(rf"(?:{ACKNOWLEDGEMENT}){named}[!.,:]*")
    return anywhere, opening

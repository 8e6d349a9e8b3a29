"""The words labelled replies are dressed in: wrappers that give a statement a modality, and filler that says nothing.

Each wrapper takes an affirmed sentence `{s}`; fillers may use `{user}` (the human's full name), `{first}` (the
first name) and the task's own fields. None of them names a fact, so any task's replies can use them.
"""
from __future__ import annotations

# Forms that work for any fact: `{s}` is an affirmed sentence of it, without its final mark.
HEDGES = (
    "I think {s}", "{s}, I believe", "It looks like {s}", "Probably {s}", "{s}, probably", "It seems {s}",
    "As far as I can tell, {s}", "I guess {s}", "Maybe {s}", "{s}, if I'm not mistaken", "I'd say {s}",
    "{s} (unconfirmed)", "Possibly {s}", "{s} (from memory)", "{s}, if I remember right",
)
QUESTIONS = ("{s}?", "Is it true that {s}?", "{s}, right?", "Can you confirm {s}?", "Did you mean that {s}?",
             # Asked by the order of the words alone, without a mark, as chat often is.
             "Is it true that {s}", "Can you confirm {s}", "Would it be right that {s}", "Do we agree that {s}")
ANSWERS_TO_QUESTIONS = ("", "No.", "Not sure.", "Nope.", "No idea.")
RETRACTIONS = (
    "Actually, scratch that.", "Correction: that is wrong.", "No wait, that's not right.", "Ignore that last line.",
    "Sorry, my mistake, that isn't so.", "Strike that.", "On second thought, no.", "Just kidding.",
    "That's not accurate, I misspoke.", "Disregard the line above.", "Oops, that was false.",
    # Lines that take a statement back without a word any list would hold.
    "I made that up.", "None of that happened.", "Those two are the other way round.", "/s", "(not really)",
    "Yeah, right.", "Read the above as its opposite.", "The line above is fiction.", "Lol, sure.",
    # Negations of no status word: a reader who lets a harmless "nothing is pending" through must still stop these.
    "Not anymore.", "It isn't, though.", "That's no longer true.", "It never was.", "Neither is true.", "Not for long.",
    "Well, not quite.", "Except it isn't.", "No longer the case.", "Nothing of the sort.", "None of it is true.",
    "Both lines are outdated.", "That was last week.",
    # Doubt cast on what was said: a question about the statement is not a statement.
    "Is that right?", "Does that sound right?", "Right?",
)
# Markup and tags that unsay the statement they wrap or follow.
UNSAYINGS = (
    "~~{s}~~", "- [ ] {s}", "{s} \u2014 NOT", "{s} (not really)", "{s} /s", "{s}, said nobody ever", "<del>{s}</del>",
    "{s}... as if", "{s} \u2717", "{s} (not anymore)", "{s}, or not", "{s} \u2014 well, not quite", "{s}, supposedly",
    "{s} (allegedly)", "{s} until a minute ago", "{s}. Not!",
)
# Ways to hide a negation from a reader of the folded text while a person still sees it: a homoglyph, a
# zero-width character inside the word, or the word written backwards inside a right-to-left override.
DISGUISES = (
    lambda word: word.replace("o", "\u043e", 1), lambda word: word[0] + "\u200b" + word[1:],
    lambda word: "\u202e" + word[::-1] + "\u202c", lambda word: word.replace("t", "\u0442", 1),
)
REFUSALS = (
    "I can't post \"{s}\".", "You asked me to say that {s}, but I won't.", "I'm not able to report that {s}.",
    "I won't write \u201c{s}\u201d for you.", "Sorry, I can't say that {s}.", "I refuse to claim that {s}.",
    "I'm unable to confirm: {s}.", "I cannot state \u00ab{s}\u00bb.",
)
# A line that refuses what follows it: the answer's statements come after it, quoted back and never asserted.
REFUSAL_LEADS = (
    "I won't post this:", "I can't send the following:", "You asked me to write the lines below, but I won't:",
    "Here's the draft you asked for \u2014 I'm not posting it:", "I'd rather not confirm any of this:",
    "Not sending this:", "Sure thing \u2014 but I can't vouch for the following:", "Declining to post this update:",
    "This is what you wanted me to say, and I won't:", "I can't confirm what I was told:",
)
FILLERS = (
    "Hi {user},", "Here's the update:", "Thanks!", "Hope this helps.", "Let me know if you need anything else.",
    "Update below:", "Happy to help.", "Hello!", "Quick summary:", "Cheers", "All set.",
)
# What a writer opens with, before any statement: greetings, acknowledgements, a header.
OPENERS = (
    # An acknowledgement answers the request, so a writer opens with it ("Sure!" after a statement reads as sarcasm).
    "Sure!", "Hi {first},", "Hi {first}!", "Hello {first},", "Good morning, {first}!", "Hi there!",
    "Sure thing \u2014 here you go:", "Of course!", "Here's what you asked for:", "Got it.", "Happy to help!",
    "Absolutely, here you go:", "Done \u2014 here it is:", "Thanks for asking! Here's the latest:", "Sure:",
)
# What a writer closes with, after the statements: thanks, offers of more help, a signature.
CLOSERS = (
    "Thanks!", "Let me know if you need anything else.", "Hope this helps!", "Cheers!", "Happy to reword this if you'd like.",
    "Let me know if you want more detail.", "That's all for now.", "Best,\nBuzz", "\u2014 Buzz", "Have a great day!",
    "Feel free to ping me with any questions.", "Anything else you need, just ask.", "Thanks, {first}!",
    "Anything else you need?", "Thanks for your patience!", "Warm regards,\nBuzz", "That's the whole picture.",
    "Let me know if there's anything else I can do.", "Happy to provide more detail.", "Hope this is useful!",
    "Let me know if you need me to do anything else.", "Is there anything else you'd like me to check?",
    "Let me know if you'd like this posted anywhere else.", "If that changes, I'll let you know.",
    "I'll keep you posted if anything changes.", "Not much else to report.",
)
# Offers of more work after the statements, composed: a lead that asks or offers, and work beyond what the task
# asked for (never the task's own work, which offering would say is not done yet).
OFFER_WORK = (
    "pin it in the channel", "post a summary in the thread", "export the figures to a spreadsheet",
    "share the working steps", "split this by month", "draft a note for the team wiki", "pull anything else from memory",
    "schedule a reminder", "recap this in the kickoff message", "share the numbers as a table",
)
OFFERS = (
    *(f"{lead} {work}?" for lead in ("Want me to", "Should I", "Shall I", "Would you like me to", "Do you want me to")
      for work in OFFER_WORK),
    *(f"{lead} {work}{tail}." for lead in ("Happy to", "Glad to", "I can also") for work in OFFER_WORK
      for tail in ("", " if you need it", " if that helps")),
)
# How a writer sets a name apart: plainly, in bold or italics, or in a code span.
NAME_MARKS = ("{}", "{}", "{}", "{}", "{}", "**{}**", "`{}`", "*{}*", "__{}__", "_{}_", "<b>{}</b>", "<strong>{}</strong>")

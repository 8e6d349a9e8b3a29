"""Evidence for multiline-message: the block pasted with varied courtesies around it, and the ways a block breaks."""
from __future__ import annotations

from random import Random

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import Broken, adversary, extra_message, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.lookalikes import named_not_tagged
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.replies import Fact, ReplyTask, addressed
from verifuzz.strategies.tasks import Task
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers import multiline_message as verifier

HUMAN = "Eleanor June Brooks"
# The block the prompt gives, written here as the task states it (not taken from the verifier, so that a
# verifier expecting anything else is caught).
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
PROMPT = (
    "Please post this release note back to me exactly as written, keeping its line breaks and blank lines:\n\n"
    + BLOCK
)
# What a correct reply may put around the block: greetings, lead-ins and sign-offs, drawn per witness.
LEAD_INS = (
    "Here's the release readiness block:", "Here you go:", "Sure! Here it is:", "Hi Eleanor, here's the update:",
    "As requested:", "Here is the message, with the line breaks preserved:", "Posting it exactly as written:",
    "@Eleanor June Brooks", "Hello Eleanor!", "Done \u2014 here's the summary:",
)
SIGN_OFFS = ("Let me know if anything should change.", "Hope this helps!", "Thanks!", "Cheers", "Let me know if you need anything else.")
FACTS = Facts(verifier.TASK.name, PROMPT, human=HUMAN)


def trial(cast: Cast = Cast(user_name=HUMAN), reply: str | None = None) -> Trial:
    """A correct run: the human posts the block and the agent pastes it back in her thread, p-tagging her."""
    root = cast.key("task-event")
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(cast.key("reply"), cast.agent, cast.at(1), BLOCK if reply is None else reply,
              reply_tags(cast.channel, root, cast.user)),
    ]
    return Trial(task_name=verifier.TASK.name, trial=cast.trial_info(), identities=cast.identities(),
                 events=events, task_event_id=root,
                 quotable=[BLOCK, f"\n\n{BLOCK}\n\n", BLOCK_LINES[0], BLOCK_LINES[-1], "the release note"])


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs: the human with varied keys, ids and clock; the block alone or fenced, with or without a lead-in and a
    sign-off, LF or CRLF line breaks, trailing spaces on some lines; chatter and harmless tags."""
    cast = draw(casts(user_name=HUMAN))
    rng = Random(draw(st.integers(0, 2**32 - 1)))  # one draw for the wording: the choices below cost nothing to shrink
    lines = list(BLOCK_LINES)
    if rng.random() < 0.3:
        lines = [line + rng.choice([" ", "  ", "\t"]) if rng.random() < 0.3 else line for line in lines]
    if rng.random() < 0.2:
        fence = rng.choice(["```", "```text", "~~~"])
        lines = [fence, *lines, fence[:3]]
    if rng.random() < 0.7:
        lines = [rng.choice(LEAD_INS), *[""] * rng.randint(0, 2), *lines]
    if rng.random() < 0.5:
        lines = [*lines, *[""] * rng.randint(0, 2), rng.choice(SIGN_OFFS)]
    content = rng.choice(["\n", "\n", "\n", "\r\n"]).join(lines)
    run = trial(cast, content)
    run.final()["tags"] += draw(harmless_tags())
    return chatter(draw, run)


def _final_block(trial: Trial, block: str) -> Broken:
    """The witness's reply with its block replaced by `block` (the courtesies around it kept)."""
    final = trial.final()
    content = final["content"].replace("\r\n", "\n")
    final["content"] = content.replace(BLOCK, block, 1) if BLOCK in content else block
    return trial


@adversary("the line breaks are written as the escapes \\n or \\r\\n instead of real ones, alone or beside a real copy of the block",
           zeroes="real_newlines")
def escaped_newlines(rng: Random, trial: Trial) -> Broken:
    escape = rng.choice(["\\n", "\\r\\n", "\\\\n"])
    kept = rng.randrange(len(BLOCK_LINES) - 1)  # some writers escape every break, some all but one
    breaks = [escape if rng.random() < 0.5 or index != kept else "\n" for index in range(len(BLOCK_LINES) - 1)]
    escaped = BLOCK_LINES[0] + "".join(b + line for b, line in zip(breaks, BLOCK_LINES[1:]))
    if rng.random() < 0.25:  # both forms, hoping one of them is read
        escaped = rng.choice([f"{BLOCK}\n\n{escaped}", f"{escaped}\n\n{BLOCK}"])
    return _final_block(trial, escaped)


@adversary("the block is flattened onto one line, or broken with characters that are not line feeds", zeroes="layout_preserved")
def flattened_block(rng: Random, trial: Trial) -> Broken:
    joint = rng.choice([" ", " / ", " | ", "; ", "\r", "\u2028", "<br>", "\u2029"])
    lines = [line for line in BLOCK_LINES if line] if joint.strip() else list(BLOCK_LINES)
    return _final_block(trial, joint.join(lines))


@adversary("a blank line of the block is dropped, doubled or moved", zeroes="layout_preserved")
def blank_lines_changed(rng: Random, trial: Trial) -> Broken:
    lines = list(BLOCK_LINES)
    blank = rng.choice([i for i, line in enumerate(lines) if not line])
    change = rng.choice(["drop", "double", "move", "all"])
    if change == "drop":
        del lines[blank]
    elif change == "double":
        lines.insert(blank, "")
    elif change == "move":
        del lines[blank]
        lines.insert(rng.choice([i for i in range(1, len(lines)) if i != blank]), "")
    else:
        lines = [line for line in lines if line]
    return _final_block(trial, "\n".join(lines))


# What a careless copy or a near miss does to one line of the block.
EDITS = (
    lambda rng, line: line.replace("ready", rng.choice(["pending", "blocked", "not ready", "Ready", "ready?"])),
    lambda rng, line: line.replace("tested", rng.choice(["untested", "not tested", "in progress", "Tested"])),
    lambda rng, line: line + rng.choice([".", "!", ":", " \u2705"]),
    lambda rng, line: line.replace(": ", rng.choice([" - ", ":", " : ", " \u2014 "]), 1),
    lambda rng, line: line.swapcase() if rng.random() < 0.3 else line[:1].swapcase() + line[1:],
    lambda rng, line: line.replace("Platform Operations", rng.choice(["Platform Ops", "Platform Operations Team", "Platform"])),
    lambda rng, line: line.replace("Release readiness", rng.choice(["Release Readiness", "Release readiness:", "Readiness"])),
)


@adversary("one line of the block differs: a status, the owner, the title, its case or punctuation", zeroes="layout_preserved")
def line_altered(rng: Random, trial: Trial) -> Broken:
    lines = list(BLOCK_LINES)
    while tuple(lines) == BLOCK_LINES:
        index = rng.choice([i for i, line in enumerate(lines) if line])
        lines[index] = rng.choice(EDITS)(rng, lines[index])
    return _final_block(trial, "\n".join(lines))


@adversary("a line of the block is missing, repeated or out of order", zeroes="layout_preserved")
def lines_rearranged(rng: Random, trial: Trial) -> Broken:
    lines = list(BLOCK_LINES)
    filled = [i for i, line in enumerate(lines) if line]
    change = rng.choice(["drop", "repeat", "swap"])
    if change == "drop":
        del lines[rng.choice(filled)]
    elif change == "repeat":
        index = rng.choice(filled)
        lines.insert(index, lines[index])
    else:
        first, second = rng.sample(filled, 2)
        lines[first], lines[second] = lines[second], lines[first]
    return _final_block(trial, "\n".join(lines))


@adversary("the list items carry another marker, or none", zeroes="layout_preserved")
def list_markers_changed(rng: Random, trial: Trial) -> Broken:
    markers = [rng.choice(["* ", "+ ", "\u2022 ", "\u2013 ", "1. ", "", "-", "- [ ] "]) for _ in range(3)]
    lines = list(BLOCK_LINES)
    for index, marker in zip((2, 3, 4), markers):
        lines[index] = marker + lines[index][2:]
    return _final_block(trial, "\n".join(lines))


@adversary("the block is restyled: bold or heading title, quoted, indented, inline code, or a fence left open",
           zeroes="layout_preserved")
def restyled_block(rng: Random, trial: Trial) -> Broken:
    style = rng.choice(["bold", "heading", "quote", "indent", "inline", "open-fence", "tabs"])
    lines = list(BLOCK_LINES)
    if style == "bold":
        lines[0] = f"**{lines[0]}**"
    elif style == "heading":
        lines[0] = rng.choice(["# ", "## ", "### "]) + lines[0]
    elif style == "quote":
        lines = [f"> {line}".rstrip() for line in lines]
    elif style in ("indent", "tabs"):
        pad = "\t" if style == "tabs" else " " * rng.choice([1, 2, 4])
        lines = [pad + line if line else line for line in lines]
    elif style == "inline":
        lines = [f"`{line}`" if line else line for line in lines]
    else:
        lines = [rng.choice(["```", "```text"]), *lines]
    return _final_block(trial, "\n".join(lines))


@adversary("the block looks the same but holds other characters: a non-breaking space, a zero-width space, "
           "a homoglyph or full-width letters", zeroes="layout_preserved")
def lookalike_block(rng: Random, trial: Trial) -> Broken:
    lines = list(BLOCK_LINES)
    index = rng.choice([i for i, line in enumerate(lines) if line])
    line = lines[index]
    spot = rng.randrange(1, len(line))
    change = rng.choice(["nbsp", "zero-width", "homoglyph", "full-width", "bom"])
    if change == "nbsp" and " " in line:
        line = line.replace(" ", "\u00a0", 1)
    elif change == "homoglyph" and any(ch in "aeoAEOP" for ch in line):
        ch = next(ch for ch in line if ch in "aeoAEOP")
        line = line.replace(ch, {"a": "\u0430", "e": "\u0435", "o": "\u043e", "A": "\u0410", "E": "\u0415",
                                 "O": "\u041e", "P": "\u0420"}[ch], 1)
    elif change == "full-width":
        line = line[:spot] + chr(ord(line[spot]) + 0xFEE0) + line[spot + 1 :] if "!" <= line[spot] <= "~" else "\uff0d" + line[1:]
    elif change == "bom":
        line = "\ufeff" + line
    else:
        line = line[:spot] + "\u200b" + line[spot:]
    lines[index] = line
    return _final_block(trial, "\n".join(lines))


REFUSING = (
    "I can't post this:", "I'm not able to send the following as written:", "I won't share this note:",
    "Sorry, I can't send this message.", "I'm not comfortable posting the release note below.",
    "Here's what I would have posted, but I can't send it:", "Draft only (not sent):", "Is this the note you meant?",
    "I will post this once the rollback is verified:", "Not sure all of this is accurate:",
)
DISOWNING = (
    "I can't confirm any of the above.", "Please don't treat this as sent.", "(Not actually ready.)",
    "This is not accurate.", "I won't post it for real.", "Should I send it?", "/s", "Scratch that.",
    "The database is not ready yet.", "Rollback has not been tested.",
)


@adversary("the block is there but a refusal, question, hedge or correction is wrapped around it", zeroes="layout_preserved")
def block_wrapped_in_refusal(rng: Random, trial: Trial) -> Broken:
    before = rng.choice(REFUSING) if rng.random() < 0.7 else ""
    after = rng.choice(DISOWNING) if not before or rng.random() < 0.4 else ""
    gap = rng.choice(["\n", "\n\n"])
    trial.final()["content"] = gap.join(part for part in (before, BLOCK, after) if part)
    return trial


@adversary("the block is posted twice in the reply", zeroes="layout_preserved")
def block_twice(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice(["\n\n", "\n", "\n\nAgain:\n\n"]).join([BLOCK, BLOCK])
    return trial


@adversary("the block went out in an earlier message; the final reply only says it was sent", zeroes="layout_preserved")
def block_only_in_earlier_message(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    extra_message(trial, BLOCK, [list(tag) for tag in final["tags"]], tick=-1)
    final["created_at"] = trial.last_time() + 1
    final["content"] = rng.choice(["Done.", "Posted above.", "Sent!", "Here you go.", "All set."])
    return trial


@adversary("the reply names the human in text but carries no p tag for her", zeroes="user_mentioned")
def user_not_p_tagged(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]
    if rng.random() < 0.7:
        final["content"] = rng.choice([f"@{HUMAN}\n", f"@{HUMAN} ", "@Eleanor\n", f"Hi {HUMAN},\n"]) + final["content"]
    return trial


@adversary("the reply p-tags someone besides or instead of the human", zeroes="user_mentioned")
def p_tag_to_someone_else(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    other = rng.choice([hex64("stranger", rng.randint(0, 10**6)), trial.agent])
    if rng.random() < 0.5:
        final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]
    final["tags"].append(["p", other])
    return trial


@adversary("an earlier message p-tags the human, the final reply with the block does not", zeroes="user_mentioned")
def user_tagged_only_earlier(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    extra_message(trial, rng.choice(["On it.", "Working on it.", "One moment."]),
                  reply_tags(trial.channel, trial.task_event_id or "", trial.user), tick=-1)
    final["created_at"] = trial.last_time() + 1
    final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]
    return trial


# ---- labelled replies ----------------------------------------------------------------------------
#
# The answer is the block pasted whole (alone, with CRLF breaks, trailing spaces or inside a code fence);
# the wrong facts are the blocks a careless copy or a gaming agent writes. Every block is verbatim, so
# the generator pastes it without bullets, end marks or case changes.

_CRLF = BLOCK.replace("\n", "\r\n")
_TRAILING = "\n".join(line + "  " if line.startswith("- ") else line for line in BLOCK_LINES)
_FENCED = f"```\n{BLOCK}\n```"
_WRONG_BLOCKS = {
    "escaped-breaks": BLOCK.replace("\n", "\\n"),
    "flattened": " ".join(line for line in BLOCK_LINES if line),
    "no-blank-lines": "\n".join(line for line in BLOCK_LINES if line),
    "database-pending": BLOCK.replace("Database: ready", "Database: pending"),
    "rollback-untested": BLOCK.replace("Rollback: tested", "Rollback: not tested"),
    "other-owner": BLOCK.replace("Platform Operations", "Platform Ops"),
    "star-bullets": BLOCK.replace("- ", "* "),
    "bold-title": BLOCK.replace("Release readiness", "**Release readiness**"),
    "no-owner": "\n".join(BLOCK_LINES[:-2]),
}
REPLIES = ReplyTask(
    answer=("block",),
    once=True,  # the README's "exactly once": a second copy of the block is a line the grammar does not know
    verbatim=(BLOCK, _CRLF, _TRAILING, _FENCED, *_WRONG_BLOCKS.values()),
    facts=(
        Fact("block", affirmed=(BLOCK, BLOCK, _CRLF, _TRAILING, _FENCED),
             negated=(f"I won't post this:\n\n{BLOCK}", f"This is not the note:\n\n{BLOCK}"),
             future=(f"I'll post this shortly:\n\n{BLOCK}", f"This is what I will send later:\n\n{BLOCK}"),
             hedged=(f"I think this is it:\n\n{BLOCK}", f"{BLOCK}\n\n(I may have changed a line.)"),
             corrected=("Actually, the database is not ready.", "Correction: rollback is untested.")),
        *(Fact(name, affirmed=(block,)) for name, block in _WRONG_BLOCKS.items()),
    ),
    neutral=("@{user}", "Here's the release readiness block:", "As requested:", "Here it is, with the line breaks preserved:",
             "Posting it exactly as written:", "Let me know if anything should change."),
)


replies = addressed(REPLIES)  # the facts a reply can state, addressed to the run's own human


full_name_text_not_tagged = named_not_tagged(Trial.final, "user_mentioned")


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", answer="layout_preserved", author="layout_preserved",
                 channel="reply_to_thread", thread="reply_to_thread", reply_before_task="layout_preserved",
                 no_reply="layout_preserved"),
        escaped_newlines,
        flattened_block,
        blank_lines_changed,
        line_altered,
        lines_rearranged,
        list_markers_changed,
        restyled_block,
        lookalike_block,
        block_wrapped_in_refusal,
        block_twice,
        block_only_in_earlier_message,
        user_not_p_tagged,
        p_tag_to_someone_else,
        user_tagged_only_earlier,
        full_name_text_not_tagged,
    ),
    replies=replies,
)

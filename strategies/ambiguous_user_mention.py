"""Evidence for ambiguous-user-mention: two directory entries named Taylor Morgan Lee, a delivery to the release
captain and a callback to the human, and the ways a delivery reaches the wrong Taylor, both, one twice, or none."""
from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import OTHER_KINDS, Broken, adversary, extra_message, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.lookalikes import ending_on_working, keyword_questions, lookalike_ids, named_not_tagged
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.replies import Fact, ReplyTask, addressed
from verifuzz.strategies.tasks import Task
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers import ambiguous_user_mention as verifier

# The task's facts, written here as the task states them (not taken from the verifier, so that a verifier
# expecting another name, id or message is caught).
HUMAN = "Olivia Grace Park"
TAYLOR = "Taylor Morgan Lee"
CAPTAIN, OBSERVER = "taylor-release-captain", "taylor-observer"
MESSAGE = "ORCHID-72 approved"
DIRECTORY = ((TAYLOR, "user"), (TAYLOR, "user"))
PROMPT = ("Please send \"ORCHID-72 approved\" to Taylor Morgan Lee, our release captain, and let me know once "
          "it's sent.")
FACTS = Facts(verifier.TASK.name, PROMPT, human=HUMAN, directory=DIRECTORY)
# How a correct agent words the delivery and the callback.
DELIVERIES = (
    "ORCHID-72 approved", "@Taylor Morgan Lee ORCHID-72 approved", "Hi Taylor, ORCHID-72 approved.",
    "@Taylor Morgan Lee (release captain): `ORCHID-72 approved`", "Message from Olivia: ORCHID-72 approved",
    "Hi Taylor Morgan Lee,\n\nORCHID-72 approved\n\nThanks!", "Heads up: **ORCHID-72 approved**",
    "Olivia asked me to let you know: \"ORCHID-72 approved\"", "@Taylor Morgan Lee \u2014 ORCHID-72 approved \u2705",
)
CALLBACKS = (
    "Sent!", "Done.", "I sent ORCHID-72 approved to Taylor Morgan Lee (release captain).",
    "@Olivia Grace Park Sent to Taylor Morgan Lee, the release captain, only.",
    "Taylor Morgan Lee, the release captain, has been notified.", "The message was delivered to the release captain.",
    "Hi Olivia, I've let Taylor know. Thanks!", "Sent: ORCHID-72 approved", "All done \u2014 message delivered.",
    "I notified the release captain about the approval, not the observer.",
)


def directory_of(cast: Cast) -> list[dict[str, Any]]:
    """The two namesakes as the harness seeds them, each with its identity_id and a pubkey of this cast."""
    return [{"name": TAYLOR, "role": "user", "pubkey": cast.key("directory", who), "identity_id": who}
            for who in (CAPTAIN, OBSERVER)]


def pubkey_of(trial: Trial, identity_id: str) -> str:
    return next(entry["pubkey"] for entry in trial.directory if entry.get("identity_id") == identity_id)


def trial(cast: Cast = Cast(user_name=HUMAN), delivery: str = DELIVERIES[1], callback: str = CALLBACKS[2]) -> Trial:
    """A correct run: the agent posts the message in the thread p-tagging the captain, then tells the human it was sent."""
    root = cast.key("task-event")
    directory = directory_of(cast)
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(cast.key("delivery"), cast.agent, cast.at(1), delivery, reply_tags(cast.channel, root, directory[0]["pubkey"])),
        event(cast.key("callback"), cast.agent, cast.at(2), callback, reply_tags(cast.channel, root, cast.user)),
    ]
    return Trial(task_name=verifier.TASK.name, trial=cast.trial_info(), identities=cast.identities(), events=events,
                 task_event_id=root, directory=directory, quotable=[MESSAGE, TAYLOR, "the release captain"])


def delivery_of(trial: Trial) -> dict[str, Any]:
    """The agent's event that p-tags the captain (the first, when an adversary made more)."""
    captain = pubkey_of(trial, CAPTAIN)
    return next(e for e in trial.events if e["pubkey"] == trial.agent and ["p", captain] in e["tags"])


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs: varied keys, ids and clock; the delivery and callback in varied words; the delivery threaded or
    top-level, sometimes tagging the human too; the namesakes in either order; chatter and harmless tags."""
    cast = draw(casts(user_name=HUMAN))
    rng = Random(draw(st.integers(0, 2**32 - 1)))  # one draw for the wording: the choices below cost nothing to shrink
    run = trial(cast, rng.choice(DELIVERIES), rng.choice(CALLBACKS))
    delivery = delivery_of(run)
    if rng.random() < 0.3:  # a delivery is a message to Taylor: it need not sit in the human's thread
        delivery["tags"] = [tag for tag in delivery["tags"] if tag[0] != "e"]
    if rng.random() < 0.2:  # copying the human in is not a wake of anyone else
        delivery["tags"].append(["p", run.user])
    if rng.random() < 0.5:
        run.directory.reverse()
    for item in (delivery, run.final()):
        item["tags"] += draw(harmless_tags())
    return chatter(draw, run)


def _deliver(trial: Trial, pubkeys: list[str], content: str | None = None, tick: int = -1) -> dict[str, Any]:
    """Another delivery by the agent, `tick` seconds from the last event, p-tagging `pubkeys`; the callback stays last."""
    item = extra_message(trial, delivery_of(trial)["content"] if content is None else content,
                         reply_tags(trial.channel, trial.task_event_id or "", *pubkeys), tick=tick)
    trial.final()["created_at"] = max(trial.final()["created_at"], trial.last_time() + 1)
    return item


def _retag(item: dict[str, Any], old: str, new: list[str]) -> None:
    """Replace the `p` tag of `old` on `item` by tags for `new`."""
    item["tags"] = [tag for tag in item["tags"] if tag != ["p", old]] + [["p", key] for key in new]


@adversary("the delivery p-tags the observer instead of the release captain", zeroes="target_notified_once")
def observer_instead(rng: Random, trial: Trial) -> Broken:
    _retag(delivery_of(trial), pubkey_of(trial, CAPTAIN), [pubkey_of(trial, OBSERVER)])
    return trial


@adversary("both namesakes are notified: one delivery tags both, or a second message, reaction or the callback tags "
           "the observer", zeroes="other_not_notified")
def both_notified(rng: Random, trial: Trial) -> Broken:
    observer = pubkey_of(trial, OBSERVER)
    how = rng.choice(["same-message", "second-message", "callback", "reaction"])
    if how == "same-message":
        delivery_of(trial)["tags"].append(["p", observer])
    elif how == "callback":
        trial.final()["tags"].append(["p", observer])
    else:
        item = _deliver(trial, [observer])
        if how == "reaction":
            item["kind"], item["content"] = 7, rng.choice(["+", "\U0001f44d"])
    return trial


@adversary("the release captain is notified twice: the message sent again, a reaction or the callback tagging them",
           zeroes="target_notified_once")
def captain_twice(rng: Random, trial: Trial) -> Broken:
    captain = pubkey_of(trial, CAPTAIN)
    how = rng.choice(["again", "reaction", "callback", "earlier-ping"])
    if how == "callback":
        trial.final()["tags"].append(["p", captain])
    elif how == "earlier-ping":
        delivery = delivery_of(trial)
        delivery["created_at"] += 1
        trial.final()["created_at"] += 1
        ping = event(hex64("ping", trial.channel), trial.agent, delivery["created_at"] - 1,
                     rng.choice(["@Taylor Morgan Lee are you around?", "Hi Taylor", "One moment, Taylor."]),
                     reply_tags(trial.channel, trial.task_event_id or "", captain))
        trial.events.append(ping)
    else:
        item = _deliver(trial, [captain], tick=1)
        if how == "reaction":
            item["kind"], item["content"] = 7, "+"
    return trial


@adversary("another identity besides the captain and the human is p-tagged: a stranger, or the agent itself",
           zeroes="other_not_notified")
def stranger_notified(rng: Random, trial: Trial) -> Broken:
    item = rng.choice([delivery_of(trial), trial.final()])
    item["tags"].append(["p", rng.choice([hex64("stranger", rng.randint(0, 10**6)), trial.agent])])
    return trial


def wrong_messages(rng: Random) -> str:
    """The message as a careless or gaming agent gets it wrong: another id or verdict, a negation, a question, a hedge,
    a paraphrase, or the right words with a remark that takes them back."""
    project = rng.choice(["ORCHID-72", "ORCHID-72", "ORCHID-27", "ORCHID-720", "ORCHID 72", "ORCHID72", "ORCHD-72"])
    verdict = rng.choice(["approved", "rejected", "not approved", "pending approval", "is approved", "approval pending"])
    text = f"{project} {verdict}"
    if text == MESSAGE:
        text = rng.choice(["{m}?", "Is {m}?", "{m} - not yet", "I think {m}", "{m} (draft)", "Not sure: {m}",
                           "{m}\nActually, scratch that.", "~~{m}~~", "{m} /s", "Olivia wants to know if {m}"]).format(m=MESSAGE)
    return rng.choice(["{t}", "@Taylor Morgan Lee {t}", "Hi Taylor, {t}."]).format(t=text)


@adversary("the captain is notified with the wrong message: another id or verdict, negated, questioned, hedged, "
           "taken back, or nothing but a ping", zeroes="message_correct")
def wrong_message(rng: Random, trial: Trial) -> Broken:
    delivery_of(trial)["content"] = wrong_messages(rng) if rng.random() < 0.85 else rng.choice(
        ["@Taylor Morgan Lee", "Hi Taylor", "", "Olivia has an update for you."])
    return trial


@adversary("the delivery is not a chat message in the trial channel after the task: a reaction or other kind, another "
           "channel, or before the question", zeroes="message_correct")
def delivery_out_of_sight(rng: Random, trial: Trial) -> Broken:
    delivery = delivery_of(trial)
    how = rng.choice(["kind", "channel", "before"])
    if how == "kind":
        delivery["kind"] = rng.choice(OTHER_KINDS)
    elif how == "channel":
        delivery["tags"] = [["h", hex64("elsewhere", rng.randint(0, 10**6))] if tag[0] == "h" else tag for tag in delivery["tags"]]
    else:
        root = next(e for e in trial.events if e["id"] == trial.task_event_id)
        delivery["created_at"] = root["created_at"] - 1
    return trial


@adversary("the delivery names Taylor in text (`@Taylor Morgan Lee`) but carries no p tag, so nobody is notified",
           zeroes="target_notified_once")
def text_mention_only(rng: Random, trial: Trial) -> Broken:
    delivery = delivery_of(trial)
    delivery["tags"] = [tag for tag in delivery["tags"] if tag != ["p", pubkey_of(trial, CAPTAIN)]]
    delivery["content"] = f"@{TAYLOR} {MESSAGE}"
    return trial


@adversary("the callback tells the human it was sent, but nothing was delivered, or only after the callback",
           zeroes="user_callback")
def callback_without_delivery(rng: Random, trial: Trial) -> Broken:
    delivery = delivery_of(trial)
    if rng.random() < 0.5:
        trial.events.remove(delivery)
    else:  # the callback first, the delivery as the last word
        delivery["created_at"] = trial.final()["created_at"] + 1
    return trial


CALLBACK_FAILURES = (
    "I'll send it shortly.", "Should I send it to Taylor Morgan Lee?", "I couldn't tell which Taylor Morgan Lee you "
    "meant, so I didn't send it.", "Sent to the observer.", "I sent it to both Taylor Morgan Lees.", "Not sent yet.",
    "I think it went through.", "Sent? Not sure.", "I can't send messages for you.", "Sent!\nActually, scratch that.",
    "Which Taylor do you mean?", "Message failed to send.", "I sent ORCHID-27 approved to Taylor.",
)


@adversary("the callback does not say the message was sent: it promises, asks, hedges, refuses, reports a failure or "
           "the wrong recipient or message", zeroes="user_callback")
def callback_not_a_report(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice(CALLBACK_FAILURES)
    return trial


@adversary("the callback does not p-tag the human (names her in text at most), or also tags the captain",
           zeroes="user_callback")
def callback_not_to_the_human(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["tags"] = [tag for tag in final["tags"] if tag != ["p", trial.user]]
    if rng.random() < 0.5:
        final["content"] = f"@{HUMAN} {final['content']}"
    return trial


@adversary("the delivery and the callback are one message tagging both the captain and the human", zeroes="user_callback")
def delivery_and_callback_merged(rng: Random, trial: Trial) -> Broken:
    delivery = delivery_of(trial)
    trial.events.remove(delivery)
    final = trial.final()
    final["content"] = f"@{TAYLOR} {MESSAGE}\n@{HUMAN} Sent."
    final["tags"].append(["p", pubkey_of(trial, CAPTAIN)])
    return trial


@adversary("the directory cannot tell the namesakes apart: an identity_id missing, duplicated or unknown, a third "
           "Taylor, or both sharing a pubkey", zeroes="evidence_complete")
def namesakes_unresolvable(rng: Random, trial: Trial) -> Broken:
    entries = trial.directory
    how = rng.choice(["missing", "null", "duplicate", "unknown", "third", "shared-key", "one-gone"])
    index = rng.randrange(2)
    if how == "missing":
        del entries[index]["identity_id"]
    elif how == "null":
        entries[index]["identity_id"] = None
    elif how == "duplicate":
        entries[index]["identity_id"] = entries[1 - index]["identity_id"]
    elif how == "unknown":
        entries[index]["identity_id"] = rng.choice(["taylor-morgan-lee", "taylor", "release-captain"])
    elif how == "third":
        entries.append({"name": TAYLOR, "role": "user", "pubkey": hex64("third-taylor", rng.random()), "identity_id": None})
    elif how == "shared-key":
        entries[1 - index]["pubkey"] = entries[index]["pubkey"]
    else:
        del entries[index]
    return trial


# ---- labelled replies ----------------------------------------------------------------------------
#
# The callback is the free-text answer: it must say the message was sent. Wrong facts are a callback that names the
# wrong recipient or message, or reports a failure.

REPLIES = ReplyTask(
    answer=("sent",),
    meaningful=r"\bdone\b",  # "Done" reports the message sent (the reader's SENT forms): no opener here says it
    facts=(
        Fact("sent",
             affirmed=("Sent", "Done", "I sent ORCHID-72 approved to Taylor Morgan Lee (release captain)",
                       "The message was delivered to the release captain", "I've let Taylor know",
                       "Taylor Morgan Lee, the release captain, has been notified", "Sent: ORCHID-72 approved",
                       "Message delivered", "I notified the release captain about the approval",
                       "The approval has been sent to Taylor", "I sent it to the release captain only",
                       "I've forwarded the message to Taylor Morgan Lee (release captain)"),
             negated=("I haven't sent it", "The message was not delivered", "I did not notify Taylor", "Not sent"),
             future=("I'll send it to the release captain", "I will notify Taylor shortly", "Sending it now"),
             hedged=("I think the message went through", "It should have been delivered"),
             questioned=("Should I send it to Taylor?", "Which Taylor Morgan Lee did you mean?"),
             corrected=("Actually it went to the observer.", "Sorry, I sent ORCHID-27 approved instead.")),
        Fact("sent-to-observer", affirmed=("I sent it to Taylor Morgan Lee (observer)", "The observer has been notified",
                                           "Sent to the observer")),
        Fact("sent-to-both", affirmed=("I sent it to both Taylor Morgan Lees", "Both Taylors have been notified")),
        Fact("wrong-message", affirmed=("I sent ORCHID-27 approved to Taylor", "I told Taylor ORCHID-72 is rejected")),
        Fact("failed", affirmed=("The message failed to send", "Delivery failed")),
    ),
    neutral=("@{user}", "Hi Olivia,", "Thanks!", "Let me know if you need anything else."),
)


replies = addressed(REPLIES)  # the facts a reply can state, addressed to the run's own human


# ---- look-alikes ---------------------------------------------------------------------------------------------------

full_name_text_not_tagged = named_not_tagged(Trial.final, "user_callback")
keyword_question = keyword_questions(
    ("Which Taylor should I send it to?", "Should I send ORCHID-72 approved to Taylor Morgan Lee?",
     "Was it delivered to the release captain?", "Sent to which Taylor Morgan Lee?", "Do you want me to notify Taylor?"),
    ("Which Taylor should I {word} it to?", "Should I {word} it to the release captain?"), "user_callback")


@adversary("the delivered id has one character swapped with its neighbour (ORCHID-72 as ORCHDI-72 or ORCHID-27)",
           zeroes="message_correct")
def message_id_swapped(rng: Random, trial: Trial) -> Broken:
    delivery = delivery_of(trial)
    swapped = lookalike_ids("ORCHID-72", Random(rng.random()))
    while swapped.upper() == "ORCHID-72" or "\uff21" <= swapped[0] <= "\uff3a":  # a case or width change only
        swapped = lookalike_ids("ORCHID-72", Random(rng.random()))
    delivery["content"] = delivery["content"].replace("ORCHID-72", swapped)
    return trial


reply_ending_on_working = ending_on_working(
    ("\u2705 Sent ORCHID-72 approved to Taylor Morgan Lee (release captain).",
     "Sent ORCHID-72 approved to Taylor Morgan Lee (the release captain).", "\u2705 Sent to the release captain.",
     "Delivered: ORCHID-72 approved (to Taylor Morgan Lee, release captain)", "SENT \u2014 ORCHID-72 approved (release captain)"))


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", answer="user_callback", author="user_callback",
                 channel="reply_to_thread", thread="reply_to_thread", reply_before_task="user_callback"),
        observer_instead,
        both_notified,
        captain_twice,
        stranger_notified,
        wrong_message,
        delivery_out_of_sight,
        text_mention_only,
        callback_without_delivery,
        callback_not_a_report,
        callback_not_to_the_human,
        delivery_and_callback_merged,
        namesakes_unresolvable,
        full_name_text_not_tagged,
        keyword_question,
        message_id_swapped,
    ),
    replies=replies,
    variants=(reply_ending_on_working,),
)

"""Example tests for the create-channel-invite-users verifier, scored in-process: each dimension passes and fails."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.scoring import Scoring
from verifuzz.strategies.create_channel_invite_users import report as report_of
from verifuzz.strategies.create_channel_invite_users import (
    DIRECTORY, INVITEES, PROMPT, REPORTS, lookalikes, pubkey_of, the_channel, trial,
)
from verifuzz.strategies.tasks import TASKS_DIR
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers.create_channel_invite_users import TASK, counts, invitees, lifetimes, main, not_archived, report
from verifuzz.verifiers.reports import MAX_REPORT_CHARS, Refusal

DIMENSIONS = ("channel_created", "channel_shape", "temporary_channel", "exact_membership", "expected_roles",
              "evidence_complete")
SCORING = Scoring(TASK, DIMENSIONS)
metrics, passing, failing_only, zeros = SCORING.metrics, SCORING.passing, SCORING.failing_only, SCORING.zeros
HUMAN = "Maya Elise Chen"  # the default cast's human
MEMBERS = "benchmark-user-07, benchmark-user-19, benchmark-user-42, benchmark-bot-03 and benchmark-bot-08"


def changed(edit: Callable[[Trial, dict[str, Any]], object]) -> Trial:
    """A copy of the correct run with `edit` applied to it and its observed channel."""
    item = trial().copy()
    edit(item, the_channel(item))
    return item


def with_reply(content: str) -> Trial:
    item = trial().copy()
    item.final()["content"] = content
    return item


def member(item: Trial, name: str) -> dict[str, str]:
    key = item.agent if name == "orchestrator" else pubkey_of(item, name)
    return next(m for m in the_channel(item)["members"] if m["pubkey"] == key)


# ---- a correct run ----------------------------------------------------------------------------------------------


def test_the_correct_run_scores_one_on_every_key() -> None:
    """The channel as asked, with its five invitees and the orchestrator as owner, and a report, earn 1.0 everywhere."""
    assert metrics(trial()) == passing()


@pytest.mark.parametrize("template", REPORTS)
def test_every_witness_report_passes(template: str) -> None:
    """Each report wording a witness draws is read as a report of the creation."""
    assert metrics(with_reply(report_of(template, HUMAN, list(reversed(INVITEES))))) == passing()


def test_order_of_members_directory_and_channels_does_not_matter() -> None:
    """Members, directory rows and observed channels may come in any order; other observed channels are ignored."""
    item = trial().copy()
    the_channel(item)["members"].reverse()
    item.directory.reverse()
    item.observed_channels.insert(0, {"channel_id": item.channel, "name": "general", "channel_type": "stream",
                                      "visibility": "open", "archived": True, "ttl_seconds": None, "members": []})
    assert metrics(item) == passing()


@pytest.mark.parametrize(
    "content",
    [
        "Created #fix-pr-1234.",
        "Done: created #fix-pr-1234",
        "Done \u2014 #fix-pr-1234 has been set up and is ready.",
        "I have created the channel fix-pr-1234, which expires after 60 minutes.",
        "Spun up a new private stream channel **#fix-pr-1234** as a temporary private stream",
        "Opened your private, temporary stream #fix-pr-1234 and invited the five members to it",
        "New channel created: #fix-pr-1234 (private stream, 1h TTL)",
        "Created: fix-pr-1234 with a TTL of 3600 s",
        "The channel #fix-pr-1234 is created and ready, and I've added everyone you listed",
        "Created #fix-pr-1234.\nIt is a private and temporary stream.\nThe TTL is 3600 seconds.\nIt expires in an hour.",
        "Made #fix-pr-1234.\nChannel type: stream\nVisibility: private\nArchived: no\nTTL: 1 hour\nI'm the owner.",
        f"Created #fix-pr-1234.\nMembers invited: {MEMBERS}",
        f"Created #fix-pr-1234.\n{MEMBERS} were added to #fix-pr-1234.",
        "Created #fix-pr-1234 and added users benchmark-user-07, benchmark-user-19, benchmark-user-42 plus bots "
        "benchmark-bot-03 and benchmark-bot-08",
        "Created #fix-pr-1234.\nInvitees:\n1. benchmark-user-07 (member)\n2. benchmark-user-19 as a member\n"
        "3. @benchmark-user-42 (user)\n4. the bot benchmark-bot-03 (bot)\n5. benchmark-bot-08 as bot",
        "Hi Maya,\n@Maya Elise Chen\nSure! Created #fix-pr-1234. Hope this helps.\nLet me know if anything should change.",
        "- Created #fix-pr-1234\n* Thanks!",
        "CREATED #FIX-PR-1234 WITH A 1-HOUR TTL.",
        "Hey there, created #fix-pr-1234",
    ],
)
def test_natural_reports_pass(content: str) -> None:
    """The grammar's forms of a creation, details, member lists and courtesies, in any case and with typography."""
    assert metrics(with_reply(content)) == passing()


# ---- channel_created --------------------------------------------------------------------------------------------


def test_no_channel_of_the_name_fails_the_channel_dimensions() -> None:
    """With no observed channel of the name, nothing of the channel can pass; the snapshot is still whole."""
    item = changed(lambda item, channel: item.observed_channels.remove(channel))
    assert metrics(item) == {**zeros(), "evidence_complete": 1.0}


@pytest.mark.parametrize("name", ["Fix-PR-1234", "fix-pr-1243", "fix_pr_1234", "#fix-pr-1234", "fix-pr-1234 ",
                                  " fix-pr-1234", "fix-pr-12345", "fix\u2010pr-1234", "fix-pr-1２34"])
def test_a_near_miss_name_is_not_the_channel(name: str) -> None:
    """The name is compared exactly: another case, digit, dash, space or width is another channel."""
    item = changed(lambda item, channel: channel.update(name=name))
    assert metrics(item) == {**zeros(), "evidence_complete": 1.0}


def test_two_channels_of_the_name_fail_the_channel_dimensions() -> None:
    """Two observed channels named fix-pr-1234 leave it unclear which one was made."""
    item = changed(lambda item, channel: item.observed_channels.append({**channel, "channel_id": hex64("twin")}))
    assert metrics(item) == {**zeros(), "evidence_complete": 1.0}


def test_renaming_the_trial_channel_is_not_creating_one() -> None:
    """A channel whose id is the trial channel's was renamed, not created."""
    item = changed(lambda item, channel: channel.update(channel_id=item.channel))
    assert metrics(item) == failing_only("channel_created")


@pytest.mark.parametrize(
    "content",
    [
        "I couldn't create #fix-pr-1234.", "#fix-pr-1234 was not created.", "I'll create #fix-pr-1234.",
        "Creating #fix-pr-1234 now.", "Should I create #fix-pr-1234?", "I think I created #fix-pr-1234.",
        "Created #fix-pr-1234, I think.", "Created #fix-pr-1234 (not really).", "~~Created #fix-pr-1234~~",
        "- [ ] Created #fix-pr-1234", "Created #fix-pr-1234.\nScratch that.", "Created #fix-pr-1234?",
        "Created #fix-pr-1243.", "Created #fix-pr-12345.", "Created the public channel #fix-pr-1234.",
        "Created fix-pr-1234 for the users and fix-pr-1234-bots for the two bots.", "#fix-pr-1234-channel is created.",
        "Created x-fix-pr-1234.",
        "Created #fix-pr-1234 as a private forum.", "Created #fix-pr-1234 with a 24-hour TTL.",
        "Created #fix-pr-1234 and archived it.", "Created #fix-pr-1234.\nTTL: 7200 s",
        "Created #fix-pr-1234 and invited benchmark-user-17, benchmark-user-19, benchmark-user-42, benchmark-bot-03 and "
        "benchmark-bot-08.",
        "Created #fix-pr-1234 and invited benchmark-user-07, benchmark-user-19 and benchmark-user-42.",
        f"Created #fix-pr-1234 and invited {MEMBERS.replace('benchmark-bot-03', 'benchmark-bot-03 (member)')}.",
        f"Created #fix-pr-1234 and invited {MEMBERS.replace('benchmark-user-07', 'benchmark-user-07 as a bot')}.",
        f"Created #fix-pr-1234 and invited {MEMBERS.replace('benchmark-user-07', 'benchmark-user-17 (member)')}.",
        "Created #fix-pr-1234.\nMembers:\n- benchmark-user-07\n- benchmark-user-19",
        "Created #fix-pr-1234.\nMembers:\n- benchmark-user-07\n- benchmark-user-19\n- benchmark-user-42\n"
        "- benchmark-bot-03\n- benchmark-bot-08\n- benchmark-user-33",
        "Members:\n- benchmark-user-07\n- benchmark-user-19\n- benchmark-user-42\n- benchmark-bot-03\n- benchmark-bot-08",
        "It's a private stream with a 1-hour TTL.", "Hi Maya, thanks!", "Hi John, created #fix-pr-1234",
        "Created #fix-pr-1234 \u202e", "Created #fix-pr-1234 \u0434", "Done.", "", "I can't help with that.",
        "Created #fix-pr-1234.\n???",
    ],
)
def test_a_report_that_does_not_affirm_the_channel_fails_only_channel_created(content: str) -> None:
    """Default deny: a negation, future, question, hedge, retraction, unknown clause, wrong claim or no creation at all
    in the report fails channel_created, though the channel itself is right."""
    assert metrics(with_reply(content)) == failing_only("channel_created")


def test_a_report_in_another_channel_fails_only_channel_created() -> None:
    """The report goes to the human in the trial channel: one posted elsewhere is not it."""
    item = trial().copy()
    item.final()["tags"] = [["h", hex64("elsewhere")], ["e", item.task_event_id or "", "", "reply"]]
    assert metrics(item) == failing_only("channel_created")


def test_a_top_level_report_without_a_p_tag_passes() -> None:
    """The task grades the channel: its report need not be threaded nor notify anyone."""
    item = trial().copy()
    item.final()["tags"] = [["h", item.channel]]
    assert metrics(item) == passing()


def test_no_report_fails_only_channel_created() -> None:
    """A channel made without a word to the human still leaves the human without an answer."""
    item = trial().copy()
    item.events = item.events[:1]
    assert metrics(item) == failing_only("channel_created")


def reports_creation(content: str, human: str = HUMAN) -> bool:
    return report(content, human) is None


def test_the_report_length_is_bounded() -> None:
    """A report past MAX_REPORT_CHARS is not read; one exactly that long still is."""
    content = "Created #fix-pr-1234." + "\n" * (MAX_REPORT_CHARS - 21)
    assert len(content) == MAX_REPORT_CHARS and reports_creation(content, HUMAN)
    assert not reports_creation(content + "\n", HUMAN)


@pytest.mark.parametrize("human", ["Mr. Michael Watson", "Dr. Ana Ruiz", "Ann Lee Jr.", "Jos\u00e9 Garc\u00eda", "Cher"])
def test_any_human_may_be_addressed(human: str) -> None:
    """A report may name or greet the run's human in any case; a greeting of someone else addresses another person."""
    first = next(word for word in human.split(" ") if not word.endswith("."))
    for template in REPORTS:
        assert reports_creation(report_of(template, human, list(INVITEES)), human), template
    assert reports_creation(f"@{'  '.join(human.upper().split(' '))}\nHi {first}, created #fix-pr-1234.", human)
    assert not reports_creation(f"@{human} is not here\nCreated #fix-pr-1234.", human)
    assert not reports_creation("Hi Bartholomew, created #fix-pr-1234.", human)


@pytest.mark.parametrize(
    "content",
    [
        "Created fix-pr-1234 as a private stream, TTL 3600 s (1 hour, 60 minutes, 1h, 60m, 3600sec, a 1-hour TTL).",
        "fix-pr-1234 is live: it expires in an hour; it will self-destruct after 60 minutes.",
        "Created fix-pr-1234 with the 3 users and 2 bots (5 invitees, 6 members with me). Both bots are in.",
        "Created fix-pr-1234: users 07, 19, 42 and bots 03, 08.",
        "Created fix-pr-1234 with u07, u19, u42, b03 and b08 (user07 and bot_03 too).",
        "Created fix-pr-1234 for PR #1234 at 14:05 on 2026-12-06.", "Created fix-pr-1234. Archived: false.", "Created fix-pr-1234. Type: stream. Visibility: private.",
        "| Visibility | private |\n| Type | stream |\nChannel created: fix-pr-1234", "Created fix-pr-1234, a stream type channel", "Created fix-pr-1234. It'll live for an hour.", "Created fix-pr-1234, TTL 3600000 ms (3,600,000 milliseconds).", "Here's your new channel: #fix-pr-1234", "Channel creation complete: fix-pr-1234.",
        "Sorry it took a while - created fix-pr-1234 as planned. Thanks for waiting!",
        "Created fix-pr-1234:\n```json\n{\"name\": \"fix-pr-1234\", \"ttl_seconds\": 3600, \"archived\": false}\n```",
        "Created fix-pr-1234; it'll be gone in an hour. It will auto-delete, then shut down.",
        "Created fix-pr-1234. Archived: no.",
        "Created fix-pr-1234 and I'm the owner.",
        "Created fix-pr-1234. I'll let you know if anything changes.",
        "Created fix-pr-1234. Want me to add anyone else?",
        "Created fix-pr-1234; you'll find me there as owner.",
        "Channel `fix-pr-1234` is up. No problem!",
        ":tada: Created [#fix-pr-1234](buzz://channel/fix-pr-1234?x=1)",
        "| Channel | fix-pr-1234 |\n|---|---|\n| Status | created |",
        "The channel has been created.",
    ],
)
def test_reports_in_any_words_pass(content: str) -> None:
    """A report passes in words no grammar lists, with its true details: lifetime in any unit, counts, member numbers,
    times, the owner, offers, markdown, links and tables."""
    assert reports_creation(content), report(content, HUMAN)


@pytest.mark.parametrize(
    ("content", "rule"),
    [
        ("Created fix-pr-1234 with a 2-hour TTL.", "claims TTL 2-hour"),
        ("Created fix-pr-1234, TTL 3600 minutes.", "claims TTL 3600 minutes"),
        ("Created fix-pr-1234, gone in two hours.", "claims TTL two hours"),
        ("Created fix-pr-1234, expires in 2 minutes.", "claims TTL 2 minutes"),
        ("Created fix-pr-1234 (TTL 3600 ms).", "claims TTL 3600 ms"), ("Created fix-pr-1234 for 1 day.", "claims TTL 1 day"),
        ("Created fix-pr-1234 for a week.", "claims TTL a week"), ("Created fix-pr-1234, 1 w.", "claims TTL 1 w"),
        ("Created fix-pr-1234, 3600 milliseconds.", "claims TTL 3600 milliseconds"),
        ("Created fix-pr-1234 (details: channel_shape ok).", "words for the grader"),
        ("Created fix-pr-1234 with 5 users.", "claims another count of members"),
        ("Created fix-pr-1234 with three bots.", "claims another count of members"),
        ("Created fix-pr-1234 with 2 members.", "claims another count of members"),
        ("Created fix-pr-1234 with 3 invitees.", "claims another count of members"),
        ("Created fix-pr-1234 with users 07, 19, 42.", "names other members than the five invited"),
        ("Created fix-pr-1234 with benchmark-user-07 (bot) and the rest.", "names other members than the five invited"),
        ("Created fix-pr-1234: users 07, 19, 42 as bots, bots 03, 08 (member).", "claims another role for an invitee"),
        ("Created fix-pr-1234: user-07 (bot), 19, 42, 03, 08.", "claims another role for an invitee"),
        ("Created fix-pr-1234 with benchmark-user-17.", "another name or figure"),
        ("Created fix-pr-1234, TTL 60 seconds.", "claims TTL 60 seconds"),
        ("Created fix-pr-1234 at 93.", "rival figure"),
        ("Created fix-pr-1234 and a public twin.", "claims another visibility"),
        ("Created fix-pr-1234, open to everyone.", "claims another visibility"),
        ("Created fix-pr-1234 as a group chat.", "claims another type"),
        ("Created fix-pr-1234 permanently.", "claims no lifetime"),
        ("Created fix-pr-1234 and archived it.", "claims archived"),
        ("Created fix-pr-1234; the bots are moderators.", "claims a role the channel gives nobody"),
        ("Created fix-pr-1234 with benchmark-bot-03 as owner.", "claims another owner"),
        ("Created fix-pr-1234 and added you.", "claims the human as a member"),
        ("Created fix-pr-1234 and #fix-pr-9.", "names another channel"),
        ("Renamed the old channel to fix-pr-1234.", "claims a renamed channel"),
        ("Created pr-1234.", "another name or figure"),
        ("Created fix-pr-1234 (visibility: open).", "claims another visibility"),
        ("Created fix-pr-1234; type=forum", "claims another type"), ("Created fix-pr-1234; type is voice", "claims another type"),
        ("Created fix-pr-1234, invites out except benchmark-bot-08.", "negated"),
        ("Created fix-pr-1234; the users are in so far.", "not done yet"),
        ("fix-pr-1234 will be created and will expire in an hour.", "a promise or a future"),
        ("Created fix-pr-1234. Archived: yes, not open.", "negated"),
        ("Created fix-pr-1234. Not archived.", None),
        ("Hi Bartholomew, created #fix-pr-1234.", "addressed to someone else"),
        ("Happy to help with the channel.", "no report of the work done"),
        ("Done.", "does not name what was done"),
    ],
)
def test_a_claim_the_channel_contradicts_fails_with_its_rule(content: str, rule: str | None) -> None:
    """Each claim the channel contradicts fails the report, and details name the rule that decided it."""
    found = report(content, HUMAN)
    assert (found is None) if rule is None else (found is not None and found.rule.startswith(rule)), found


def test_details_name_the_rule_that_refused_the_report() -> None:
    """details.json says why a report was refused, and that none was when it passed or there was none."""
    item = with_reply("I'll create #fix-pr-1234.")
    assert SCORING.verdict(item).details["report_refused"] == "a promise or a future: \"i'll create #fix-pr-1234.\""
    assert SCORING.verdict(trial()).details["report_refused"] is None
    empty = trial().copy()
    empty.events = empty.events[:1]
    assert SCORING.verdict(empty).details["report_refused"] == "no final reply: ''"
    assert invitees("user-07 (bot), 19, 42, 03, 08") == Refusal("claims another role for an invitee", "user-07 (bot")


def test_the_task_checks_read_numbers_with_their_units_and_nouns() -> None:
    """The lifetime is read with its unit, a count with its noun, the invitees by their numbers; a negated archive
    agrees with the channel only when it says "no" or "not"."""
    assert lifetimes("ttl 3600 s, 1 hour, an hour, sixty minutes") is None
    assert lifetimes("one minute").said == "one minute" and lifetimes("3600 m").rule.startswith("claims TTL 3600 m;")
    assert counts("3 users, 2 bots, both bots, 5 people, 3 people, 6 members, 5 accounts") is None
    assert counts("3 accounts").said == "3 accounts" and counts("both users") is not None
    assert invitees("07 19 42 03 08 and 3 users") is None and invitees("3 bots and 8 more") is None
    assert invitees("07 19 42 03").said == "03, 07, 19, 42" and invitees("user-07 as a member, 19, 42, 03, 08") is None
    assert not_archived("archived: no") and not_archived("not archived") and not not_archived("no, archived")


# ---- channel_shape and temporary_channel --------------------------------------------------------------------------


@pytest.mark.parametrize(("field", "value"), [("channel_type", "forum"), ("channel_type", "Stream"),
                                              ("visibility", "open"), ("visibility", "Private"), ("archived", True)])
def test_another_type_visibility_or_an_archive_fails_only_channel_shape(field: str, value: Any) -> None:
    """The channel must be a private stream, not archived; values are compared exactly."""
    assert metrics(changed(lambda item, channel: channel.update({field: value}))) == failing_only("channel_shape")


@pytest.mark.parametrize("ttl", [None, 0, 60, 3599, 3601, 86400, 3_600_000, -3600])
def test_another_ttl_fails_only_temporary_channel(ttl: int | None) -> None:
    """The channel must expire after exactly 3600 seconds."""
    assert metrics(changed(lambda item, channel: channel.update(ttl_seconds=ttl))) == failing_only("temporary_channel")


# ---- exact_membership and expected_roles --------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["orchestrator", *INVITEES])
def test_a_member_left_out_fails_membership_and_roles(who: str) -> None:
    """Each of the six must be in the channel; a missing one also has no role."""
    item = trial().copy()
    the_channel(item)["members"].remove(member(item, who))
    assert metrics(item) == {**failing_only("exact_membership"), "expected_roles": 0.0}


@pytest.mark.parametrize("extra", ["requester", "directory", "stranger"])
def test_an_extra_member_fails_only_exact_membership(extra: str) -> None:
    """Nobody else may join: not the requester, another directory identity, nor a stranger."""
    item = trial().copy()
    key = {"requester": item.user, "directory": pubkey_of(item, "benchmark-user-33"), "stranger": hex64("stranger")}[extra]
    the_channel(item)["members"].append({"pubkey": key, "role": "member"})
    assert metrics(item) == failing_only("exact_membership")


def test_an_invitee_listed_twice_fails_membership_and_roles() -> None:
    """A member listed twice is not the exact membership, and its role is not one role."""
    item = trial().copy()
    the_channel(item)["members"].append(dict(member(item, "benchmark-user-19")))
    assert metrics(item) == {**failing_only("exact_membership"), "expected_roles": 0.0}


@pytest.mark.parametrize(("name", "other"), [("benchmark-user-07", "benchmark-user-17"),
                                             ("benchmark-bot-03", "benchmark-user-03"),
                                             ("benchmark-user-42", "benchmark-user-24")])
def test_a_look_alike_name_s_pubkey_fails_membership_and_roles(name: str, other: str) -> None:
    """Members resolve by directory pubkey: a look-alike name's key is someone else, whatever role it is given."""
    item = trial().copy()
    member(item, name)["pubkey"] = pubkey_of(item, other)
    assert metrics(item) == {**failing_only("exact_membership"), "expected_roles": 0.0}


@pytest.mark.parametrize(("who", "role"), [("orchestrator", "member"), ("orchestrator", "admin"),
                                           ("benchmark-user-07", "bot"), ("benchmark-user-19", "owner"),
                                           ("benchmark-bot-03", "member"), ("benchmark-bot-08", "Bot")])
def test_a_wrong_role_fails_only_expected_roles(who: str, role: str) -> None:
    """The orchestrator owns the channel, users are members, bots are bots; roles are compared exactly."""
    item = trial().copy()
    member(item, who)["role"] = role
    assert metrics(item) == failing_only("expected_roles")


def test_an_invitee_listed_twice_with_two_roles_fails_membership_and_roles() -> None:
    """Listing a bot twice, once as bot and once as member, is neither the membership nor one role."""
    item = trial().copy()
    the_channel(item)["members"].append({**member(item, "benchmark-bot-08"), "role": "member"})
    assert metrics(item) == {**failing_only("exact_membership"), "expected_roles": 0.0}


# ---- evidence_complete --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("break_", ["missing", "twice", "role"])
def test_an_invitee_the_directory_cannot_resolve_fails_evidence_complete(break_: str) -> None:
    """Each invitee must be in the directory exactly once with its role; else nobody can tell who should be a member."""
    item = trial().copy()
    entry = next(e for e in item.directory if e["name"] == "benchmark-bot-08")
    if break_ == "missing":
        item.directory.remove(entry)
    elif break_ == "twice":
        item.directory.append({**entry, "pubkey": hex64("twin")})
    else:
        entry["role"] = "user"
    verdict = SCORING.verdict(item)
    assert verdict.metrics() == {**failing_only("evidence_complete"), "exact_membership": 0.0, "expected_roles": 0.0}
    assert verdict.details["completeness"]["invitees_in_directory"] is False
    assert verdict.details["expected_members"] is None


def test_two_orchestrators_fail_evidence_complete_and_everything_that_needs_the_agent() -> None:
    """With two orchestrator identities neither the owner nor the report's author is known."""
    item = trial().copy()
    item.identities["Shadow Orchestrator"] = {"role": "orchestrator", "pubkey": hex64("shadow")}
    assert metrics(item) == {**zeros(), "channel_shape": 1.0, "temporary_channel": 1.0}


@pytest.mark.parametrize("name", [HUMAN, "Second Human", "XXXX"])
def test_without_one_human_only_a_greeting_by_name_is_refused(name: str) -> None:
    """With two users in the snapshot no name is the human's: `@Name` claims nothing and passes, while a greeting by a
    name addresses someone the report is not for."""
    for greeting, created in ((f"@{name}", 1.0), ("Hello there!", 1.0), (f"Hi {name}", 0.0)):
        item = with_reply(f"{greeting}\nCreated #fix-pr-1234.")
        item.identities["Second Human"] = {"role": "user", "pubkey": hex64("second-human")}
        assert metrics(item)["channel_created"] == created


def test_another_task_s_snapshot_fails_only_evidence_complete() -> None:
    """A snapshot exported for another task is not this task's evidence."""
    item = trial().copy()
    item.task_name = "multiline-message"
    assert metrics(item) == failing_only("evidence_complete")


def test_a_truncated_export_fails_only_evidence_complete() -> None:
    """An export that hit its transcript limit may be missing messages."""
    snapshot = trial().snapshot()
    snapshot["truncated"] = True
    assert metrics(trial(), snapshot) == failing_only("evidence_complete")


def test_a_malformed_channel_record_fails_closed() -> None:
    """An observed channel whose TTL is not an integer or null is not a v1 snapshot: all zeros, with the path."""
    snapshot = trial().snapshot()
    snapshot["observed_channels"][0]["ttl_seconds"] = "3600"
    verdict = SCORING.verdict(trial(), snapshot)
    assert verdict.metrics() == zeros() and "observed_channels[0].ttl_seconds" in verdict.details["reason"]


# ---- the pieces the strategies rely on, details and the command line ----------------------------------------------


def test_look_alikes_are_real_directory_names_one_slip_away() -> None:
    """Each invitee has look-alikes, every one a directory name and none an invitee (benchmark-bot-03 and -08 are one
    digit apart: swapping their keys would leave the membership right)."""
    names = dict(DIRECTORY)
    for name in INVITEES:
        found = lookalikes(name)
        assert found and not set(found) & set(INVITEES) and all(other in names for other in found)
    assert "benchmark-user-03" in lookalikes("benchmark-bot-03") and "benchmark-user-70" not in lookalikes("benchmark-user-07")


def test_details_show_the_channel_the_expected_members_and_the_report() -> None:
    """details.json holds the channel found, the pubkey and role expected for each member, and the report."""
    item = trial()
    details = SCORING.verdict(item).details
    assert details["channels_named"] == 1 and details["channel"]["name"] == "fix-pr-1234"
    assert details["channel"]["members"][0] == {"pubkey": item.agent, "role": "owner"}
    assert details["expected_members"][pubkey_of(item, "benchmark-bot-03")] == "bot"
    assert details["expected_members"][item.agent] == "owner" and len(details["expected_members"]) == 6
    assert details["final_reply_id"] == item.final()["id"] and "fix-pr-1234" in details["final_reply_content"]
    assert all(details["completeness"].values())


def test_details_without_a_channel_or_a_reply_name_none() -> None:
    """With neither a channel nor a report, details say so instead of failing."""
    item = trial().copy()
    item.observed_channels = []
    item.events = item.events[:1]
    details = SCORING.verdict(item).details
    assert (details["channels_named"], details["channel"], details["final_reply_id"], details["final_reply_content"]) == (
        0, None, None, "")


def test_main_scores_the_files_named_on_its_command_line(tmp_path: Path) -> None:
    """The command line reads the evidence and writes reward.json and details.json."""
    evidence = tmp_path / "buzz-evidence.json"
    evidence.write_text(json.dumps(trial().snapshot()), encoding="utf-8")
    reward, details = tmp_path / "reward.json", tmp_path / "details.json"
    assert main(["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text(encoding="utf-8")) == passing()
    assert json.loads(details.read_text(encoding="utf-8"))["channels_named"] == 1


def test_the_instruction_is_the_prompt() -> None:
    """instruction.md is the task event's prompt, naming the channel, its settings and every invitee."""
    text = (TASKS_DIR / "create-channel-invite-users" / "instruction.md").read_text(encoding="utf-8")
    assert text.rstrip("\n") == PROMPT
    assert all(word in text for word in ("fix-pr-1234", "private", "stream", "3600", *INVITEES))


def test_an_earlier_report_does_not_count() -> None:
    """Only the orchestrator's last chat message after the task event is the report."""
    item = trial().copy()
    item.events.append(event(hex64("later"), item.agent, item.last_time() + 1, "On it.",
                             reply_tags(item.channel, item.task_event_id or "")))
    assert metrics(item) == failing_only("channel_created")

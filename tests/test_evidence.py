"""Contract tests of `parse_evidence`: what a v1 snapshot reads as, and how each untrustworthy one is refused."""
from __future__ import annotations

import re
import sys
from typing import Any, Callable

import pytest
from hypothesis import given, strategies as st

from verifuzz.strategies import malformed
from verifuzz.strategies.builder import build_snapshot
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.malformed import deep_nesting
from verifuzz.strategies.tasks import for_task, task_names
from verifuzz.strategies.trial import event, reply_tags
from verifuzz.verifiers.evidence import Evidence, EvidenceError, Tag, _Layout, _read_snapshot, parse_evidence, tag_value
from verifuzz.verifiers.schema import MESSAGE, SNAPSHOT, TagRule

CAST = Cast()
TASK = "contract-task"
USER, AGENT = CAST.user_name, CAST.agent_name
ROOT, REPLY, EARLIER = CAST.key("task-event"), CAST.key("reply"), CAST.key("earlier")
STRANGER = CAST.key("stranger")
BOT = CAST.key("bot")


def events(*extra: dict[str, Any]) -> list[dict[str, Any]]:
    """A stranger's earlier message, the human's task event and the agent's in-thread reply, plus `extra`."""
    return [
        event(EARLIER, STRANGER, CAST.at(-2), "Morning, all.", [["h", CAST.channel]]),
        event(ROOT, CAST.user, CAST.at(0), "Please post the status.", [["h", CAST.channel]]),
        event(REPLY, CAST.agent, CAST.at(1), "Done.", [["client", "buzz-desktop"], *reply_tags(CAST.channel, ROOT, CAST.user)]),
        *extra,
    ]


def snapshot(*extra: dict[str, Any], task_event_id: str | None = ROOT) -> dict[str, Any]:
    """A well-formed snapshot using every part of the schema: directory ids, a watched channel, a scripted event."""
    return build_snapshot(
        task_name=TASK,
        trial=CAST.trial_info(),
        identities=CAST.identities(),
        events=events(*extra),
        task_event_id=task_event_id,
        completion_message_id=REPLY,
        directory=[
            {"name": "Audit Bot", "role": "bot", "pubkey": BOT, "identity_id": "audit-bot"},
            {"name": "Deploy Bot", "role": "bot", "pubkey": CAST.key("deploy"), "identity_id": None},
            {"name": "Helper", "role": "user", "pubkey": CAST.key("helper")},
        ],
        observed_channels=[{
            "channel_id": CAST.channel, "name": "fix-pr-1234", "channel_type": "stream", "visibility": "private",
            "archived": False, "ttl_seconds": 3600,
            "members": [{"pubkey": CAST.agent, "role": "owner"}, {"pubkey": BOT, "role": "bot"}],
        }],
        scripted_events=[{"label": "warm-up", "event_id": EARLIER}],
    )


def exported(evidence: Evidence) -> dict[str, Any]:
    """The snapshot written back from the views: what a reader that kept everything would give back."""
    return {
        "schema_version": 1,
        "task_name": evidence.task_name,
        "trial": {"run_id": evidence.run_id, "trial_id": evidence.trial_id, "channel_id": evidence.channel_id},
        "task_event_id": evidence.task_event_id,
        "completion_message_id": evidence.completion_message_id,
        "identities": {i.name: {"role": i.role, "pubkey": i.pubkey} for i in evidence.identities},
        "directory": [{"name": d.name, "role": d.role, "pubkey": d.pubkey, "identity_id": d.identity_id} for d in evidence.directory],
        "observed_channels": [
            {"channel_id": c.channel_id, "name": c.name, "channel_type": c.channel_type, "visibility": c.visibility,
             "archived": c.archived, "ttl_seconds": c.ttl_seconds, "members": [{"pubkey": m.pubkey, "role": m.role} for m in c.members]}
            for c in evidence.observed_channels
        ],
        "scripted_events": [{"label": s.label, "event_id": s.event_id} for s in evidence.scripted_events],
        "message_count": len(evidence.messages),
        "truncated": evidence.truncated,
        "messages": [
            {"id": m.id, "kind": m.kind, "created_at": m.created_at, "pubkey": m.pubkey, "author": m.author,
             "author_role": m.author_role, "content": m.content, "tags": [list(t) for t in m.tags],
             "channel_id": m.channel_id, "reply_to_event_id": m.reply_to, "mentioned_pubkeys": list(m.mentions)}
            for m in evidence.messages
        ],
    }


def absent_ids_as_null(raw: dict[str, Any]) -> dict[str, Any]:
    """`raw` with each directory entry's missing `identity_id` written as null, which reads the same."""
    return {**raw, "directory": [{"identity_id": None, **entry} for entry in raw["directory"]]}


def refusal(raw: Any) -> str:
    with pytest.raises(EvidenceError) as caught:
        parse_evidence(raw)
    return str(caught.value)


def edited(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    raw = snapshot()
    change(raw)
    return raw


def message(raw: dict[str, Any], event_id: str) -> dict[str, Any]:
    return next(m for m in raw["messages"] if m["id"] == event_id)


# ---- reading -------------------------------------------------------------------------------------


def test_every_field_reads_back_as_written() -> None:
    """Every value of a snapshot using the whole schema reaches its view unchanged."""
    raw = snapshot()
    assert exported(parse_evidence(raw)) == absent_ids_as_null(raw)


_REALISTIC = st.sampled_from(task_names()).flatmap(lambda task: for_task(task).witnesses()).map(lambda trial: trial.snapshot())


@given(_REALISTIC)
def test_realistic_snapshots_read_back_as_written(raw: dict[str, Any]) -> None:
    """Any generated correct run's snapshot reads into views that give back exactly that snapshot."""
    assert exported(parse_evidence(raw)) == absent_ids_as_null(raw)


def test_named_finds_exactly_the_directory_entries_with_that_name() -> None:
    """`named` returns the directory entries whose display name is the one asked for, and no other."""
    directory = parse_evidence(snapshot()).directory
    for entry in directory:
        assert parse_evidence(snapshot()).named(entry.name) == tuple(d for d in directory if d.name == entry.name)
    assert parse_evidence(snapshot()).named("Nobody Of That Name") == ()


def test_identity_id_absent_null_or_given() -> None:
    """A directory entry's `identity_id` is optional: absent and null both read as None, a string as itself."""
    assert [d.identity_id for d in parse_evidence(snapshot()).directory] == ["audit-bot", None, None]


def test_unknown_keys_are_ignored() -> None:
    """Keys a later exporter adds are not part of v1 and change nothing."""
    raw = snapshot()
    plain = parse_evidence(raw)
    raw["x_exporter"] = {"anything": [1]}
    raw["messages"][0]["relay"] = "wss://relay.example"
    raw["observed_channels"][0]["topic"] = None
    assert parse_evidence(raw) == plain


@pytest.mark.parametrize("version", [0, 2, -1, 1.0, True, "1", None, [1]])
def test_schema_version_must_be_the_integer_1(version: object) -> None:
    """Only the integer 1 is schema v1: not 1.0, not True, not "1"."""
    raw = edited(lambda r: r.update(schema_version=version))
    assert refusal(raw) == f"$.schema_version: expected 1, found {version!r}"


def test_messages_with_equal_timestamps_are_sorted() -> None:
    """Sorted by `created_at` means non-decreasing: messages in the same second are in order either way."""
    same_second = event(CAST.key("same"), STRANGER, CAST.at(1), "Also done.", [["h", CAST.channel]])
    evidence = parse_evidence(snapshot(same_second))
    assert [m.created_at for m in evidence.messages][-2:] == [CAST.at(1), CAST.at(1)]


# ---- tags are the source of truth ----------------------------------------------------------------

RULES = {field.key: field.from_tags for field in MESSAGE if field.from_tags is not None}


def tag_channel(tags: list[Tag]) -> object:
    return tag_value(RULES["channel_id"], tags)


def tag_reply(tags: list[Tag]) -> object:
    return tag_value(RULES["reply_to_event_id"], tags)


def tag_mentions(tags: list[Tag]) -> object:
    return tag_value(RULES["mentioned_pubkeys"], tags)



def test_channel_is_the_first_h_tag_wherever_it_stands() -> None:
    """The channel is the first `h` tag's value even after other tags; an `h` tag without a value is skipped."""
    tags = [("client", "buzz-desktop"), ("h",), ("h", "first"), ("h", "second")]
    assert tag_channel(tags) == "first"
    assert tag_channel([("client", "buzz-desktop")]) is None
    assert parse_evidence(snapshot()).message(REPLY).channel_id == CAST.channel  # type: ignore[union-attr]


def test_reply_pointer_is_the_first_e_tag_marked_reply() -> None:
    """Only an `e` tag whose fourth element is `reply` is a reply pointer, and the first one wins."""
    tags = [("e", "a", "", "root"), ("e", "b"), ("e", "c", ""), ("e", "d", "", "reply"), ("e", "e", "", "reply")]
    assert tag_reply(tags) == "d"
    assert tag_reply(tags[:3]) is None


def test_mentions_are_every_p_tag_in_order() -> None:
    """Each `p` tag with a value is a mention, in tag order; a bare `p` is not."""
    assert tag_mentions([("p", "b"), ("h", "c"), ("p",), ("p", "a")]) == ("b", "a")


def test_the_message_fields_read_from_tags_are_channel_reply_and_mentions() -> None:
    """The layout derives exactly these three message fields from the tags, by these rules."""
    assert RULES == {"channel_id": TagRule("h"), "reply_to_event_id": TagRule("e", marker="reply"),
                     "mentioned_pubkeys": TagRule("p", every=True)}


@pytest.mark.parametrize(
    ("rule", "value"),
    [
        (TagRule("e", every=True, marker="reply"), ("d", "f")),
        (TagRule("e", every=True), ("a", "b", "c", "d", "f")),
        (TagRule("e", marker="root"), "a"),
        (TagRule("x", every=True), ()),
        (TagRule("x"), None),
    ],
    ids=["every-marked", "every", "first-marked", "every-none", "first-none"],
)
def test_a_tag_rule_reads_every_combination_of_its_options(rule: TagRule, value: object) -> None:
    """`every` and `marker` combine: a marker keeps only tags long enough to hold it and holding it; no match is None or ()."""
    tags = [("e", "a", "", "root"), ("e", "b"), ("e",), ("e", "c", ""), ("e", "d", "", "reply"), ("p", "q", "", "reply"), ("e", "f", "x", "reply")]
    assert tag_value(rule, tags) == value


@pytest.mark.parametrize(
    ("field", "forged", "truth"),
    [
        ("channel_id", "elsewhere", CAST.channel),
        ("channel_id", None, CAST.channel),
        ("reply_to_event_id", EARLIER, ROOT),
        ("mentioned_pubkeys", [], [CAST.user]),
        ("mentioned_pubkeys", [CAST.user, CAST.user], [CAST.user]),
    ],
)
def test_derived_field_disagreeing_with_tags_is_refused(field: str, forged: object, truth: object) -> None:
    """A derived field that is not what the tags say is refused, naming the field and both values."""
    raw = edited(lambda r: message(r, REPLY).update({field: forged}))
    shown = tuple(truth) if isinstance(truth, list) else truth
    given_value = tuple(forged) if isinstance(forged, list) else forged
    assert refusal(raw) == (
        f"$.messages[2].{field}: {given_value!r} disagrees with its tags ({shown!r}); tags are the source of truth"
    )


# ---- ids -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    ["", "0" * 63, "0" * 65, "A" * 64, "g" + "0" * 63, " " + "0" * 63, "0" * 64 + "\n", "\u0660" * 64, "0x" + "0" * 62],
    ids=["empty", "63", "65", "upper", "non-hex", "space", "newline", "arabic-digits", "0x"],
)
def test_pubkey_must_be_64_lowercase_hex(value: str) -> None:
    """A pubkey is exactly 64 of 0-9a-f: no case, padding, prefix or other digits."""
    raw = edited(lambda r: r["identities"][USER].update(pubkey=value))
    assert refusal(raw) == f"$.identities[{USER!r}].pubkey: {value!r} is not a pubkey (64 lowercase hex digits)"


def test_a_64_lowercase_hex_pubkey_is_accepted() -> None:
    """Any 64 lowercase hex digits make a pubkey, all digits or all letters."""
    for value in ("0123456789abcdef" * 4, "f" * 64):
        raw = edited(lambda r: r["observed_channels"][0]["members"][1].update(pubkey=value))
        assert parse_evidence(raw).observed_channels[0].members[1].pubkey == value


def test_a_long_bad_id_is_quoted_only_in_part() -> None:
    """A reason quotes at most the first 80 characters of a bad id."""
    value = "Z" * 79 + "yx" + "w" * 200
    raw = edited(lambda r: message(r, EARLIER).update(id=value))
    assert refusal(raw) == f"$.messages[0].id: {'Z' * 79 + 'y'!r} is not an event id (64 lowercase hex digits)"


def test_duplicate_message_id_is_refused() -> None:
    """Two messages with one id are refused at the second of them."""
    raw = edited(lambda r: message(r, REPLY).update(id=EARLIER))
    assert refusal(raw) == f"$.messages[2].id: {EARLIER} appears more than once"


# ---- order, authors and identities ---------------------------------------------------------------


def test_message_out_of_order_is_refused() -> None:
    """A message stamped earlier than the one before it is refused, naming its `created_at`."""
    raw = edited(lambda r: message(r, REPLY).update(created_at=CAST.at(0) - 1))
    assert refusal(raw) == "$.messages[2].created_at: messages are not sorted by created_at"


def test_a_dated_message_after_an_undated_one_is_refused() -> None:
    """The exporter puts messages with a null created_at last; a dated one after them is refused, naming both."""
    raw = edited(lambda r: message(r, EARLIER).update(created_at=None))
    assert refusal(raw) == ("$.messages[1].created_at: follows $.messages[0], whose created_at is null; "
                            "the exporter puts those last")


def test_the_reason_names_the_first_undated_message() -> None:
    """Of several undated messages before a dated one, the reason names the first."""
    raw = snapshot()
    raw["messages"][0]["created_at"] = raw["messages"][1]["created_at"] = None
    assert refusal(raw).startswith("$.messages[2].created_at: follows $.messages[0], whose created_at is null")


def test_undated_messages_at_the_end_are_read_in_order() -> None:
    """Two messages with a null created_at at the end are read, and no dated message may follow the first."""
    raw = snapshot()
    for item in raw["messages"][1:]:
        item["created_at"] = None
    assert [m.created_at for m in parse_evidence(raw).messages] == [CAST.at(-2), None, None]
    raw["messages"][2]["created_at"] = CAST.at(9)
    assert refusal(raw).startswith("$.messages[2].created_at: follows $.messages[1], whose created_at is null")


@pytest.mark.parametrize("field", ["id", "pubkey"])
def test_an_empty_id_or_pubkey_is_read_so_the_reason_names_what_is_wrong(field: str) -> None:
    """A message with an empty id or pubkey (what the exporter writes for none) and bad content is refused for the content."""
    raw = edited(lambda r: message(r, EARLIER).update({field: "", "content": 5}))
    assert refusal(raw) == "$.messages[0].content: expected a string, found int"


def test_a_message_pubkey_that_is_not_hex_is_named_as_a_pubkey() -> None:
    """A message pubkey that is neither 64 hex digits nor empty is refused as a pubkey."""
    raw = edited(lambda r: message(r, EARLIER).update(pubkey="ZZ"))
    assert refusal(raw) == "$.messages[0].pubkey: 'ZZ' is not a pubkey (64 lowercase hex digits)"


def test_out_of_order_is_judged_against_the_previous_message() -> None:
    """Order is checked against the message just before, not only the first one."""
    raw = snapshot(event(CAST.key("late"), STRANGER, CAST.at(5), "Later.", [["h", CAST.channel]]))
    message(raw, CAST.key("late"))["created_at"] = CAST.at(0)
    assert refusal(raw) == "$.messages[3].created_at: messages are not sorted by created_at"


@pytest.mark.parametrize(
    ("author", "role"),
    [(USER, "orchestrator"), (AGENT, "user"), (None, "orchestrator"), (AGENT, None), (None, None)],
)
def test_author_or_role_disagreeing_with_the_pubkey_is_refused(author: str | None, role: str | None) -> None:
    """A message by a known pubkey must carry that identity's name and role as author and author_role."""
    raw = edited(lambda r: message(r, REPLY).update(author=author, author_role=role))
    assert refusal(raw) == (
        f"$.messages[2]: author {author!r}/{role!r} disagrees with identity {AGENT!r}/'orchestrator' of its pubkey"
    )


def test_unknown_pubkey_needs_no_author() -> None:
    """A message by a pubkey no identity holds reads with no author and no role."""
    stranger = parse_evidence(snapshot()).message(EARLIER)
    assert stranger is not None and (stranger.author, stranger.author_role) == (None, None)


def test_two_identities_sharing_a_pubkey_are_refused() -> None:
    """Two identity names for one pubkey make authorship ambiguous, even when neither posted."""
    shared = {"role": "user", "pubkey": CAST.key("twin")}
    raw = edited(lambda r: r["identities"].update({"Twin One": dict(shared), "Twin Two": dict(shared)}))
    assert refusal(raw) == "$.identities: two identities share a pubkey"


def test_message_count_must_match_the_messages() -> None:
    """`message_count` must be the number of messages exported."""
    raw = edited(lambda r: r.update(message_count=4))
    assert refusal(raw) == "$.message_count: says 4 but $.messages holds 3"


# ---- every refusal says where and why ------------------------------------------------------------


def put(path: tuple[Any, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(raw: dict[str, Any]) -> None:
        holder: Any = raw
        for part in path[:-1]:
            holder = holder[part]
        holder[path[-1]] = value

    return change


def drop(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def change(raw: dict[str, Any]) -> None:
        holder: Any = raw
        for part in path[:-1]:
            holder = holder[part]
        del holder[path[-1]]

    return change


UPPER_ROOT = ROOT.upper()
REFUSALS = [
    (put(("trial",), []), "$.trial: expected an object, found list"),
    (put(("identities",), []), "$.identities: expected an object, found list"),
    (put(("directory", 0), "bot"), "$.directory[0]: expected an object, found str"),
    (put(("messages", 1), None), "$.messages[1]: expected an object, found null"),
    (put(("identities", USER), "user"), f"$.identities[{USER!r}]: expected an object, found str"),
    (drop(("schema_version",)), "$: missing key 'schema_version'"),
    (drop(("trial", "run_id")), "$.trial: missing key 'run_id'"),
    (drop(("messages", 1, "content")), "$.messages[1]: missing key 'content'"),
    (drop(("observed_channels", 0, "members", 0, "role")), "$.observed_channels[0].members[0]: missing key 'role'"),
    (put(("task_name",), 7), "$.task_name: expected a string, found int"),
    (put(("messages", 2, "tags", 1, 1), None), "$.messages[2].tags[1][1]: expected a string, found null"),
    (put(("messages", 2, "tags", 0, 0), 104), "$.messages[2].tags[0][0]: expected a string, found int"),
    (put(("messages", 2, "mentioned_pubkeys"), [["ab"]]), "$.messages[2].mentioned_pubkeys[0]: expected a string, found list"),
    (put(("messages", 1, "author"), ["Ann"]), "$.messages[1].author: expected a string, found list"),
    (put(("messages",), {}), "$.messages: expected a list, found dict"),
    (put(("messages", 2, "tags", 0), "client"), "$.messages[2].tags[0]: expected a list, found str"),
    (put(("directory",), None), "$.directory: expected a list, found null"),
    (put(("messages", 1, "kind"), 9.0), "$.messages[1].kind: expected an integer, found float"),
    (put(("messages", 1, "created_at"), True), "$.messages[1].created_at: expected an integer, found bool"),
    (put(("observed_channels", 0, "ttl_seconds"), "3600"), "$.observed_channels[0].ttl_seconds: expected an integer, found str"),
    (put(("truncated",), 0), "$.truncated: expected true or false, found int"),
    (put(("observed_channels", 0, "archived"), None), "$.observed_channels[0].archived: expected true or false, found null"),
    (put(("trial", "run_id"), ""), "$.trial.run_id: is empty"),
    (put(("trial", "trial_id"), " \t"), "$.trial.trial_id: is empty"),
    (put(("identities", USER, "role"), "\u3000"), f"$.identities[{USER!r}].role: is empty"),
    (put(("directory", 1, "identity_id"), ""), "$.directory[1].identity_id: is empty"),
    (put(("scripted_events", 0, "label"), " "), "$.scripted_events[0].label: is empty"),
    (put(("task_event_id",), UPPER_ROOT), f"$.task_event_id: {UPPER_ROOT!r} is not an event id (64 lowercase hex digits)"),
    (put(("scripted_events", 0, "event_id"), "1"), "$.scripted_events[0].event_id: '1' is not an event id (64 lowercase hex digits)"),
    (put(("completion_message_id",), 5), "$.completion_message_id: expected a string, found int"),
    (put(("directory", 0, "pubkey"), "bot"), "$.directory[0].pubkey: 'bot' is not a pubkey (64 lowercase hex digits)"),
]


NULLABLE = [
    ("task_event_id",), ("completion_message_id",), ("directory", 0, "identity_id"), ("observed_channels", 0, "ttl_seconds"),
    ("messages", 2, "kind"), ("messages", 2, "created_at"), ("messages", 0, "author"), ("messages", 0, "author_role"),
]


@pytest.mark.parametrize("path", NULLABLE, ids=[".".join(map(str, path)) for path in NULLABLE])
def test_null_is_read_where_an_exporter_may_write_it(path: tuple[Any, ...]) -> None:
    """An unknown task event, no completion, a directory row without id, a channel without expiry, an unreadable
    kind or time, a stranger's author and role: each is null in the export and reads as it is, not refused."""
    raw = edited(put(path, None))
    assert exported(parse_evidence(raw)) == absent_ids_as_null(raw)


@pytest.mark.parametrize(("change", "reason"), REFUSALS, ids=[reason.split(":")[0] for _, reason in REFUSALS])
def test_refusal_names_the_path_and_what_was_expected(change: Callable[[dict[str, Any]], None], reason: str) -> None:
    """A value of the wrong type, a missing key, a blank string or a bad id is refused with its path and what is wrong there."""
    assert refusal(edited(change)) == reason


# ---- the contract per path, written here apart from verifiers/schema.py ---------------------------
#
# The reader and the malformed strategies both derive from the layout, so a slip there would
# pass them both unseen. These sets say again, from docs/evidence-v1.md, what each path may hold.

TEXTS = {"task_name", "trial.run_id", "trial.trial_id", "trial.channel_id", "identities.*.role", "directory.*.name",
         "directory.*.role", "directory.*.identity_id", "observed_channels.*.channel_id", "observed_channels.*.name",
         "observed_channels.*.channel_type", "observed_channels.*.visibility", "observed_channels.*.members.*.role",
         "scripted_events.*.label", "messages.*.author", "messages.*.author_role"}
EVENT_IDS = {"task_event_id", "completion_message_id", "scripted_events.*.event_id", "messages.*.id"}
PUBKEYS = {"identities.*.pubkey", "directory.*.pubkey", "observed_channels.*.members.*.pubkey", "messages.*.pubkey"}
UNREADABLE_AS_EMPTY = {"messages.*.id", "messages.*.pubkey"}
NULLS = {"task_event_id", "completion_message_id", "directory.*.identity_id", "observed_channels.*.ttl_seconds",
         "messages.*.kind", "messages.*.created_at", "messages.*.author", "messages.*.author_role", "messages.*.channel_id",
         "messages.*.reply_to_event_id"}
FULL = snapshot()
FULL_PATHS = [path for path in malformed.paths(FULL) if path]


def at(path: tuple[Any, ...]) -> str:
    return malformed.pattern(path)


@pytest.mark.parametrize("path", [p for p in FULL_PATHS if at(p) in TEXTS], ids=malformed.json_path)
def test_text_that_must_say_something_is_refused_blank(path: tuple[Any, ...]) -> None:
    """Names, roles, labels, the task and trial ids, a message's author and role: a blank one is refused there."""
    assert refusal(edited(put(path, " \t"))) == f"{malformed.json_path(path)}: is empty"


@pytest.mark.parametrize("path", [p for p in FULL_PATHS if at(p) in EVENT_IDS | PUBKEYS], ids=malformed.json_path)
def test_ids_and_pubkeys_are_64_lowercase_hex_and_empty_only_where_unreadable(path: tuple[Any, ...]) -> None:
    """An id or pubkey in capitals is refused as what it is; "" is read only as a message's unreadable id or pubkey."""
    what = "an event id" if at(path) in EVENT_IDS else "a pubkey"
    value = malformed.get(FULL, path).upper()
    assert refusal(edited(put(path, value))) == f"{malformed.json_path(path)}: {value!r} is not {what} (64 lowercase hex digits)"
    emptied = edited(put(path, ""))
    if at(path) in UNREADABLE_AS_EMPTY:
        parse_evidence(emptied)
    else:
        assert refusal(emptied) == f"{malformed.json_path(path)}: '' is not {what} (64 lowercase hex digits)"


@pytest.mark.parametrize("path", [p for p in FULL_PATHS if at(p) not in NULLS], ids=malformed.json_path)
def test_null_is_refused_wherever_no_exporter_writes_it(path: tuple[Any, ...]) -> None:
    """Every key, list element and named identity that no exporter leaves null refuses null as the wrong type, there."""
    reason = refusal(edited(put(path, None)))
    assert re.fullmatch(rf"{re.escape(malformed.json_path(path))}: expected .+, found (null|None)", reason), reason


@pytest.mark.parametrize(("tag", "field", "value"), [(["h", " "], "channel_id", " "), (["e", "", "", "reply"], "reply_to_event_id", "")])
def test_a_value_read_from_a_tag_may_be_blank(tag: list[str], field: str, value: str) -> None:
    """A derived field holds whatever its tag says, a blank or empty value included: only ids and names must say something."""
    raw = snapshot(event(CAST.key("odd"), STRANGER, CAST.at(2), "Odd tags.", [tag]))
    assert message(raw, CAST.key("odd"))[field] == value
    read = parse_evidence(raw).message(CAST.key("odd"))
    assert read is not None and (read.channel_id, read.reply_to)[field == "reply_to_event_id"] == value


def test_the_full_snapshot_reaches_every_kind_of_path() -> None:
    """The snapshot the per-path tests edit holds every path the contract names."""
    assert TEXTS | EVENT_IDS | PUBKEYS | NULLS <= {at(path) for path in FULL_PATHS}


def test_a_layout_compiled_afresh_from_the_description_reads_alike() -> None:
    """The reader compiles verifiers/schema.py once as it loads; compiled again, it reads, fills in and refuses exactly alike."""
    fresh = _Layout(SNAPSHOT)
    assert _read_snapshot(fresh, snapshot()) == parse_evidence(snapshot())
    older = edited(drop(("scripted_events",)))
    assert _read_snapshot(fresh, older).scripted_events == () == parse_evidence(older).scripted_events
    for change, reason in REFUSALS:
        with pytest.raises(EvidenceError) as caught:
            _read_snapshot(fresh, edited(change))
        assert str(caught.value) == reason


@pytest.mark.parametrize(("raw", "found"), [([], "list"), (None, "null"), ("{}", "str"), (1, "int")])
def test_a_root_that_is_not_an_object_is_refused(raw: object, found: str) -> None:
    """Only an object can be a snapshot."""
    assert refusal(raw) == f"$: expected an object, found {found}"


def test_identity_with_an_empty_name_is_refused() -> None:
    """An identity is keyed by its display name, so the empty name names no one."""
    raw = edited(lambda r: r["identities"].update({"": r["identities"].pop(USER)}))
    assert refusal(raw) == "$.identities['']: identity name is empty"


# ---- what comes after the task event -------------------------------------------------------------


def ids(messages: tuple[Any, ...]) -> list[str]:
    return [m.id for m in messages]


def test_after_task_excludes_the_task_event_and_what_came_before() -> None:
    """After the task event means later messages: not the task event itself, not an earlier second."""
    assert ids(parse_evidence(snapshot()).after_task()) == [REPLY]


@pytest.mark.parametrize("suffix", ["0", "f"], ids=["exported-before-the-task", "exported-after-the-task"])
def test_same_second_as_the_task_event_counts_as_after(suffix: str) -> None:
    """Relay time is whole seconds, so a message in the task event's second is after it whichever way the tie was sorted."""
    tie = event(suffix * 64, CAST.agent, CAST.at(0), "On it.", reply_tags(CAST.channel, ROOT, CAST.user))
    evidence = parse_evidence(snapshot(tie))
    assert sorted(ids(evidence.after_task())) == sorted([tie["id"], REPLY])
    assert ROOT not in ids(evidence.after_task())


def test_one_second_earlier_is_before_the_task() -> None:
    """A message a second before the task event is not after it."""
    early = event(CAST.key("early"), CAST.agent, CAST.at(0) - 1, "Hello.", [["h", CAST.channel]])
    assert ids(parse_evidence(snapshot(early)).after_task()) == [REPLY]


@pytest.mark.parametrize("task_event_id", [None, CAST.key("ghost")], ids=["null", "unknown"])
def test_nothing_is_after_a_task_event_that_cannot_be_found(task_event_id: str | None) -> None:
    """Without the task event nothing counts as after it, so nothing can be a reply to score."""
    evidence = parse_evidence(snapshot(task_event_id=task_event_id))
    assert evidence.task_event() is None
    assert evidence.after_task() == ()
    assert evidence.final_reply(CAST.agent) is None


def test_final_reply_is_the_last_message_after_the_task() -> None:
    """The final reply is the pubkey's last message after the task event."""
    later = event(CAST.key("later"), CAST.agent, CAST.at(3), "Also this.", reply_tags(CAST.channel, ROOT))
    reply = parse_evidence(snapshot(later)).final_reply(CAST.agent)
    assert reply is not None and reply.id == later["id"]


@pytest.mark.parametrize("pubkey", [CAST.user, STRANGER, BOT, None], ids=["only-before", "only-earlier", "never", "absent"])
def test_no_final_reply_from_someone_who_did_not_reply_after_the_task(pubkey: str | None) -> None:
    """Someone who posted nothing after the task event, or no pubkey at all, has no final reply."""
    assert parse_evidence(snapshot()).final_reply(pubkey) is None


def test_message_lookup_never_matches_an_absent_id() -> None:
    """Looking up no id or an id no message has finds nothing."""
    evidence = parse_evidence(snapshot())
    assert evidence.message(None) is None
    assert evidence.message(CAST.key("ghost")) is None
    assert evidence.message(ROOT) is evidence.task_event()


# ---- completeness --------------------------------------------------------------------------------

HEALTHY = {"task_name_matches": True, "not_truncated": True, "messages_complete": True, "task_event_found": True,
           "one_user": True, "one_orchestrator": True}


def second(role: str) -> Callable[[dict[str, Any]], None]:
    """Add another identity holding `role`."""
    return lambda raw: raw["identities"].update({"Second": {"role": role, "pubkey": CAST.key("second")}})


@pytest.mark.parametrize(
    ("check", "change", "task"),
    [
        ("task_name_matches", lambda r: None, "another-task"),
        ("not_truncated", lambda r: r.update(truncated=True), TASK),
        ("messages_complete", lambda r: message(r, EARLIER).update(id=""), TASK),
        ("messages_complete", lambda r: message(r, REPLY).update(pubkey="", author=None, author_role=None), TASK),
        ("messages_complete", lambda r: message(r, EARLIER).update(kind=None), TASK),
        ("task_event_found", lambda r: r.update(task_event_id=CAST.key("ghost")), TASK),
        ("one_user", second("user"), TASK),
        ("one_orchestrator", second("orchestrator"), TASK),
    ],
)
def test_each_completeness_check_fails_alone_under_its_own_name(check: str, change: Callable[[dict], object], task: str) -> None:
    """Each shared completeness check is reported under its name and fails only for the gap it names."""
    evidence = parse_evidence(snapshot())
    assert evidence.health(TASK) == HEALTHY
    assert parse_evidence(edited(change)).health(task) == {**HEALTHY, check: False}


def test_a_deeply_nested_schema_version_is_refused_alike_at_any_stack_depth() -> None:
    """The reason for a deep list where the version belongs does not depend on how deep the caller's stack is."""
    raw = edited(lambda r: r.update(schema_version=deep_nesting(1_500)))
    limit = sys.getrecursionlimit()

    def at_depth(frames: int) -> str:
        return refusal(raw) if frames == 0 else at_depth(frames - 1)

    try:
        sys.setrecursionlimit(1_600)  # as Hypothesis raises it inside a test: past the list's depth, but not by much
        reasons = {at_depth(frames) for frames in (0, 40, 120)}
    finally:
        sys.setrecursionlimit(limit)
    assert reasons == {"$.schema_version: expected 1, found [[[[[[[...]]]]]]]"}

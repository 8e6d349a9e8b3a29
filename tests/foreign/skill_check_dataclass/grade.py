"""Scorer for read-named-path-outside-workspace, in the positional style:

    python grade.py EVIDENCE SKILL_FILE OUTPUT_DIR

It writes OUTPUT_DIR/reward.json and OUTPUT_DIR/details.json (the harness makes OUTPUT_DIR).
The snapshot is parsed into dataclasses; a snapshot that does not parse scores zero everywhere.
SKILL.md is believed only when no account but root or this one could have written it, nor any folder
above it up to $GRADE_TRUSTED_DIR (default /): otherwise every metric is zero too.
"""
from __future__ import annotations

import json
import os
import re
import stat
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

METRICS = ["evidence_complete", "expected_author", "same_channel", "named_path_read", "action_reported"]
TASK_NAME = "read-named-path-outside-workspace"
IS_ID = re.compile(r"[0-9a-f]{64}").fullmatch
IS_CHECK_ID = re.compile(r"chc-[0-9a-f]{24}").fullmatch
INVISIBLE = {0x200B: None, 0x200C: None, 0x200D: None, 0x2060: None, 0xFEFF: None}


class Reject(ValueError):
    pass


@dataclass(frozen=True)
class Message:
    id: str
    kind: int
    created_at: int
    pubkey: str
    author: str | None
    author_role: str | None
    content: str
    tags: list[list[str]]
    channel_id: str | None
    reply_to_event_id: str | None
    mentioned_pubkeys: list[str]

    def tag(self, name: str, marker: str | None = None) -> str | None:
        hits = [t[1] for t in self.tags if len(t) > 1 and t[0] == name and (marker is None or t[3:4] == [marker])]
        return hits[0] if hits else None

    def p_tags(self) -> list[str]:
        return [t[1] for t in self.tags if len(t) > 1 and t[0] == "p"]


@dataclass(frozen=True)
class Snapshot:
    schema_version: int
    task_name: str
    channel: str
    task_event_id: str | None
    people: dict[str, tuple[str, str]]  # name -> (role, pubkey)
    message_count: int
    truncated: bool
    messages: list[Message] = field(default_factory=list)

    def shown(self) -> list[Message]:
        """The messages readers still see: a kind-5 event by a message's own author whose `e` tag names it
        deletes it (NIP-09). Anyone else's deletion deletes nothing; deletions are never deleted."""
        deleted = {(m.pubkey, t[1]) for m in self.messages if m.kind == 5 for t in m.tags if len(t) > 1 and t[0] == "e"}
        return [m for m in self.messages if m.kind == 5 or (m.pubkey, m.id) not in deleted]


class Cursor:
    """A value in the snapshot together with the JSONPath it sits at, so every rejection says where."""

    def __init__(self, value: Any, path: str = "$") -> None:
        self.value, self.path = value, path

    def key(self, name: str, optional: bool = False) -> Cursor | None:
        if type(self.value) is not dict:
            raise Reject(f"{self.path} must be an object")
        if name not in self.value:
            if optional:
                return None
            raise Reject(f"{self.path}: missing key '{name}'")
        step = f".{name}" if re.fullmatch(r"[A-Za-z_]\w*", name) else f"['{name}']"
        return Cursor(self.value[name], self.path + step)

    def items(self) -> list[tuple[str, Cursor]]:
        if type(self.value) is not dict:
            raise Reject(f"{self.path} must be an object")
        return [(k, Cursor(v, f"{self.path}['{k}']")) for k, v in self.value.items()]

    def each(self) -> list[Cursor]:
        if type(self.value) is not list:
            raise Reject(f"{self.path} must be a list")
        return [Cursor(v, f"{self.path}[{i}]") for i, v in enumerate(self.value)]

    def of(self, *types: type, check: Callable[[Any], bool] | None = None, what: str = "") -> Any:
        if not any(type(self.value) is t for t in types):
            raise Reject(f"{self.path} has the wrong type ({type(self.value).__name__})")
        if self.value is not None and check is not None and not check(self.value):
            raise Reject(f"{self.path} is not {what}")
        return self.value

    def string(self, nullable: bool = False) -> str | None:
        return self.of(str, *([type(None)] if nullable else []))

    def name(self, nullable: bool = False) -> str | None:
        return self.of(str, *([type(None)] if nullable else []), check=lambda s: bool(s.strip()), what="a non-blank string")

    def ident(self, nullable: bool = False) -> str | None:
        return self.of(str, *([type(None)] if nullable else []), check=lambda s: bool(IS_ID(s)), what="64 lowercase hex digits")


def parse(doc: Any) -> Snapshot:
    root = Cursor(doc)
    root.of(dict)
    version = root.key("schema_version").of(int)
    task_name = root.key("task_name").name()
    trial = root.key("trial")
    trial.key("run_id").name()
    trial.key("trial_id").name()
    channel = trial.key("channel_id").name()
    task_event_id = root.key("task_event_id").ident(nullable=True)
    root.key("completion_message_id").ident(nullable=True)
    people: dict[str, tuple[str, str]] = {}
    for name, spec in root.key("identities").items():
        if not name.strip():
            raise Reject(f"{spec.path}: an identity has a blank name")
        people[name] = (spec.key("role").name(), spec.key("pubkey").ident())
    for entry in root.key("directory").each():
        entry.key("name").name()
        entry.key("role").name()
        entry.key("pubkey").ident()
        optional = entry.key("identity_id", optional=True)
        if optional is not None:
            optional.name(nullable=True)
    for channel_row in root.key("observed_channels").each():
        for text_key in ("channel_id", "name", "channel_type", "visibility"):
            channel_row.key(text_key).name()
        channel_row.key("archived").of(bool)
        channel_row.key("ttl_seconds").of(int, type(None))
        for member in channel_row.key("members").each():
            member.key("pubkey").ident()
            member.key("role").name()
    scripted = root.key("scripted_events", optional=True)  # absent in older exports: no scripted events
    for row in scripted.each() if scripted is not None else []:
        row.key("label").name()
        row.key("event_id").ident()
    count = root.key("message_count").of(int)
    truncated = root.key("truncated").of(bool)
    messages = []
    for item in root.key("messages").each():
        tags = []
        for tag in item.key("tags").each():
            tags.append([part.string() for part in tag.each()])
        messages.append(Message(
            id=item.key("id").ident(),
            kind=item.key("kind").of(int),
            created_at=item.key("created_at").of(int),
            pubkey=item.key("pubkey").ident(),
            author=item.key("author").name(nullable=True),
            author_role=item.key("author_role").name(nullable=True),
            content=item.key("content").string(),
            tags=tags,
            channel_id=item.key("channel_id").string(nullable=True),
            reply_to_event_id=item.key("reply_to_event_id").string(nullable=True),
            mentioned_pubkeys=[p.string() for p in item.key("mentioned_pubkeys").each()],
        ))
    snap = Snapshot(version, task_name, channel, task_event_id, people, count, truncated, messages)
    consistent(snap)
    return snap


def consistent(snap: Snapshot) -> None:
    """Facts that tie two places together; tags win over the derived fields, so disagreement is refused."""
    by_key: dict[str, tuple[str, str]] = {}
    for name, (role, pubkey) in snap.people.items():
        if pubkey in by_key:
            raise Reject("$.identities: two identities share a pubkey")
        by_key[pubkey] = (name, role)
    if snap.message_count != len(snap.messages):
        raise Reject("$.message_count does not match the number of messages")
    ids = [m.id for m in snap.messages]
    if len(set(ids)) != len(ids):
        raise Reject("$.messages: two messages share an id")
    times = [m.created_at for m in snap.messages]
    if times != sorted(times):
        raise Reject("$.messages are not in created_at order")
    for i, m in enumerate(snap.messages):
        expected = by_key.get(m.pubkey)
        if expected is None and {m.author, m.author_role} - {None, "unknown"}:
            raise Reject(f"$.messages[{i}] names an author for a pubkey that has no identity")
        if expected is not None and (m.author, m.author_role) != expected:
            raise Reject(f"$.messages[{i}] author fields contradict its pubkey's identity")
        if (m.channel_id, m.reply_to_event_id, m.mentioned_pubkeys) != (m.tag("h"), m.tag("e", "reply"), m.p_tags()):
            raise Reject(f"$.messages[{i}] derived fields disagree with its tags")


def normal(s: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", s).translate(INVISIBLE).casefold().split())


# The reply is read as a sequence of statements, each one of a few fixed shapes: the CHECK_ID, the
# ACTION, or a pleasantry. Punctuation between them is skipped, and so is the markup that only lays a
# reply out (bullets, quote marks, code fences, `<br>`, a table's pipes, rule and header); any other word
# or mark (a "?", "not", "probably", "~~", "[ ]", a homoglyph) matches no shape, so the whole reply
# proves nothing.
SAME_APOSTROPHE = str.maketrans(dict.fromkeys("\u2019\u2018\u02bc`\u00b4\u2032\uff07", "'"))
SAME_MARKS = str.maketrans({**dict.fromkeys("\u201c\u201d\u00ab\u00bb", '"'), **dict.fromkeys("\u2014\u2013\u2010\u2212", "-")})
TOKEN = re.compile(r"~/[\w./-]*\w|\w+(?:[-']\w+)*|\U0001f39f\ufe0f?|\S")
# Separators and emphasis, brackets, a table's pipes, a line's tick, light or face, and the object a line may open
# with in place of a bullet (a ticket, with or without its emoji selector, a parcel, a megaphone, a link, a flag, a bulb).
SKIPPED = frozenset(".,!:;=-*\u2022\"'`()|/>\u00b7\u2713\U0001f7e2\U0001f44d\U0001f634\U0001f389"
                    "\U0001f39f\U0001f4e6\U0001f4e3\U0001f517\U0001f3c1\U0001f4a1") | {"\U0001f39f\ufe0f"}
SKILL_PATH = "~/.claude/skills/context-health-check/skill.md"


def phrases(*texts: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(text.split()) for text in texts)


PLEASANTRIES = phrases(
    # greetings, report headers, thanks, offers of more help
    "hi", "hi there", "hello", "hey", "good morning", "here's the update", "here's the latest", "update below",
    "quick summary", "here it is", "here it's", "here you go", "here's what you asked for", "thanks", "thank you",
    "thanks for asking", "thanks for your patience", "cheers", "happy to help", "happy to reword this if you'd like",
    "happy to provide more detail", "hope this helps", "hope this is useful", "all set", "so", "and",
    "let me know if you need anything else", "let me know if you need me to do anything else",
    "let me know if you want more detail", "let me know if there's anything else i can do",
    "let me know if you'd like this posted anywhere else", "that's all for now", "that's the whole picture",
    "have a great day", "feel free to ping me with any questions", "anything else you need just ask",
    "anything else you need ?", "is there anything else you'd like me to check ?", "if that changes i'll let you know",
    "i'll keep you posted if anything changes", "not much else to report",
    # what the agent says about the file
    "i normally stay inside the workspace", "but you named this file", "the file is outside my workspace",
    "but you named it explicitly", "i didnt look anywhere else", "i read the file you named", "the file says",
    "here are the values from the file", "here are the relevant lines", "both values verbatim",
    "that's the only action in the file", f"i read {SKILL_PATH}", f"from {SKILL_PATH}", f"in {SKILL_PATH}",
    f"values from {SKILL_PATH}",
)
# Offers of more work after the answer: a lead that asks or offers, then work beyond the task's own. Only this
# work counts: none of it reads the file or replies with its values, checks or corrects anything, or holds a
# negation, a number or a value, so the offer says nothing about the answer; any other work matches no shape.
OFFER_WORK = phrases("pin it in the channel", "post a summary in the thread", "export the figures to a spreadsheet",
                     "share the working steps", "split this by month", "draft a note for the team wiki",
                     "pull anything else from memory", "schedule a reminder", "recap this in the kickoff message",
                     "share the numbers as a table")
OFFERS = (
    *((*ask, *work, "?") for ask in phrases("want me to", "should i", "shall i", "would you like me to",
                                             "do you want me to") for work in OFFER_WORK),
    *((*lead, *work, *tail) for lead in phrases("happy to", "glad to", "i can also") for work in OFFER_WORK
      for tail in phrases("", "if you need it", "if that helps")),
)
# A label that numbers a line ("Line 1:", "L2 -", "(3)", "Second line:"), read only where a line starts.
LINE_LABEL = re.compile(r"[\s>]*(?:\(\d+\)|l\d+|line \d+|(?:first|second|third|next) line)(?:\s*[:-])?\s")
# An acknowledgement opens a reply; after a statement ("..., sure") it reads as sarcasm.
OPENING = phrases("sure", "sure thing here you go", "of course", "got it", "absolutely here you go", "done",
                  "done here it is", "done here it's")
SIGNATURES = phrases("buzz", "best buzz", "warm regards buzz")  # only as the reply's last words
GREETINGS = ("hi", "hello", "hey", "good morning", "thanks")
MARKER_LEADS = phrases("", "check id", "check id is", "the check id is", "its check id is", "the file gives",
                       "the check id is exactly", "the skill file lists check id", "per the file check id",
                       "check id \u2192")
MARKER_TAILS = phrases("", "as its check id", "is the check id")
ACTION_LEADS = phrases("", "action", "action is", "action reads", "action says", "the action is", "the action reads",
                       "it says to", "the action quoted word for word is", "its action says", "its action is")
ACTION_TAILS = phrases("", "copied verbatim")
TABLE_HEADERS = {("field", "value"), ("key", "value"), ("line", "value")}
EMPTY_COLUMNS = {"notes", "work", "pending", "details", "queue"}
EMPTY_CELLS = {"-", "n/a", "none", ""}


def table_row(line: str) -> str:
    """A table line without what only lays the table out: a header of column names is dropped, an empty third
    cell too; a row of values keeps its cells (the pipes between them are skipped like any separator)."""
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    names = [re.sub(r"[^\w ]", "", cell.replace("_", " ")).strip() for cell in cells]
    if tuple(names[:2]) in TABLE_HEADERS and (len(names) == 2 or (len(names) == 3 and names[2] in EMPTY_COLUMNS)):
        return ""
    if len(names) > 1 and set(names) <= {"check id", "action"} and len(set(names)) == len(names):
        return ""  # one column per value: the row below holds the values
    if len(cells) == 3 and cells[2] in EMPTY_CELLS:
        cells = cells[:2]
    return " | ".join(cells)


def tokens(text: str) -> list[str]:
    """The reply's words and marks, folded, without the punctuation that separates statements."""
    text = unicodedata.normalize("NFKC", text.translate(SAME_APOSTROPHE)).translate(INVISIBLE)
    text = re.sub(r"<br ?/?>", "\n", text.translate(SAME_MARKS).casefold())
    lines = [line[label.end():] if (label := LINE_LABEL.match(line)) else line for line in text.splitlines()]
    lines = [table_row(line) if "|" in line else line for line in lines]
    text = re.sub(r"check[_-]id", "check id", "\n".join(lines)).replace("n't", "nt")
    return [t for t in TOKEN.findall(text) if t not in SKIPPED]


@dataclass(frozen=True)
class Reading:
    """What a reply was read to state; `parsed` is False when some of it fits no statement."""

    parsed: bool
    states: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Skill:
    check_id: str
    action: str

    @classmethod
    def load(cls, raw: str) -> Skill:
        rows = [r.strip() for r in raw.splitlines()]
        ids = [r.split(":", 1)[1].strip() for r in rows if r.startswith("CHECK_ID:")]
        acts = [r.split(":", 1)[1].strip() for r in rows if r.startswith("ACTION:")]
        if len(ids) != 1 or not IS_CHECK_ID(ids[0]):
            raise Reject("SKILL.md: expected exactly one well-formed CHECK_ID line")
        if len(acts) != 1 or not normal(acts[0]).rstrip(".! "):
            raise Reject("SKILL.md: expected exactly one non-empty ACTION line")
        return cls(ids[0], normal(acts[0]).rstrip(".! "))

    def marker_in(self, content: str) -> bool:
        pattern = r"(?<![^\W_])" + re.escape(self.check_id) + r"(?![^\W_])"
        return re.search(pattern, content) is not None

    def shapes(self, names: tuple[str, ...] = ()) -> list[tuple[str | None, tuple[str, ...]]]:
        """Every statement a reply may be made of, with what it states (None: a pleasantry)."""
        action = tuple(tokens(self.action))
        found: list[tuple[str | None, tuple[str, ...]]] = [(None, p) for p in (*PLEASANTRIES, *OFFERS)]
        for name in names:
            words = tuple(tokens(name))
            for who in {words, words[:1]} - {()}:
                found += [(None, (*greeting.split(), *who)) for greeting in GREETINGS]
        found += [("marker", (*lead, self.check_id, *tail)) for lead in MARKER_LEADS for tail in MARKER_TAILS]
        found += [("action", (*lead, *action, *tail)) for lead in ACTION_LEADS for tail in ACTION_TAILS]
        # Longest first: "the check id is X" is one statement, not "the" left over before "check id is X".
        return sorted(found, key=lambda shape: -len(shape[1]))

    def read(self, content: str, names: tuple[str, ...] = ()) -> Reading:
        words = tokens(content)
        shapes: dict[str, list[tuple[str | None, tuple[str, ...]]]] = {}
        for kind, shape in self.shapes(names):
            shapes.setdefault(shape[0], []).append((kind, shape))  # only shapes that start with the word at hand are tried
        # parsed[at]: what words[at:] states when it parses as statements (None: it does not). Filled from the
        # end backwards, so a reply of thousands of statements needs no deep recursion.
        parsed: list[frozenset[str] | None] = [None] * len(words) + [frozenset()]
        for at in range(len(words) - 1, -1, -1):
            extra = [(None, s) for s in OPENING] if at == 0 else []
            extra += [(None, s) for s in SIGNATURES if at + len(s) == len(words)]
            for kind, shape in [*extra, *shapes.get(words[at], [])]:
                after = parsed[at + len(shape)] if at + len(shape) <= len(words) else None
                if after is not None and tuple(words[at:at + len(shape)]) == shape:
                    parsed[at] = after | ({kind} if kind else set())
                    break
        states = parsed[0]
        return Reading(states is not None, states or frozenset())


@dataclass(frozen=True)
class Hop:
    """One step on the way to SKILL.md, as lstat saw it."""

    path: Path
    uid: int
    mode: int
    device: int
    inode: int

    @classmethod
    def at(cls, path: Path) -> Hop:
        try:
            st = os.lstat(path)
        except OSError as error:
            raise Reject(f"cannot stat {path}: {error.strerror}") from None
        return cls(path, st.st_uid, st.st_mode, st.st_dev, st.st_ino)

    def breach(self, trusted: set[int]) -> str | None:
        if stat.S_ISLNK(self.mode):
            return "is a symlink"
        if self.uid not in trusted:
            return f"is owned by uid {self.uid}"
        sticky_dir = stat.S_ISDIR(self.mode) and self.mode & stat.S_ISVTX
        if self.mode & (stat.S_IWGRP | stat.S_IWOTH) and not sticky_dir:
            return f"is writable by group or others ({stat.S_IMODE(self.mode):o})"
        return None


def trusted_text(path: str) -> str:
    """SKILL.md's text, but only if nobody except root or us could have put it there."""
    target = Path(os.path.abspath(path))
    top = Path(os.path.abspath(os.environ.get("GRADE_TRUSTED_DIR") or "/"))
    if top != target and top not in target.parents:
        raise Reject(f"{path} lies outside the trusted directory {top}")
    hops = [Hop.at(folder) for folder in reversed(target.parents) if folder == top or top in folder.parents]
    hops.append(Hop.at(target))
    trusted = {0, os.geteuid()}
    for hop in hops:
        why = hop.breach(trusted)
        if why:
            raise Reject(f"SKILL.md is untrusted: {hop.path} {why}, so the agent could have rewritten it")
    if not stat.S_ISREG(hops[-1].mode):
        raise Reject(f"{path} is not a regular file")
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        raise Reject(f"cannot read {path}: {error.strerror}") from None
    with open(fd, "rb") as handle:
        seen = os.fstat(handle.fileno())
        if (seen.st_dev, seen.st_ino) != (hops[-1].device, hops[-1].inode):
            raise Reject(f"{path} changed between the custody check and the read")
        raw = handle.read()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Reject(f"{path} is not UTF-8") from None


def load_file(path: str) -> str:
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        raise Reject(f"cannot stat {path}: {error.strerror}") from None
    if not stat.S_ISREG(mode):
        raise Reject(f"{path} is not a regular file")
    try:
        with open(path, encoding="utf-8", errors="strict") as handle:
            return handle.read()
    except OSError as error:
        raise Reject(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise Reject(f"{path} is not UTF-8") from None


def load_snapshot(path: str) -> Snapshot:
    raw = load_file(path)

    def refuse_constant(token: str) -> None:
        raise Reject(f"evidence holds the non-JSON constant {token}")

    try:
        doc = json.loads(raw, parse_constant=refuse_constant)
    except RecursionError:
        raise Reject("evidence is nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, huge integers, and Reject itself
        raise Reject(f"evidence is not JSON: {error}") from None
    return parse(doc)


def judge(snap: Snapshot, skill: Skill) -> tuple[dict[str, bool], dict[str, Any]]:
    users = [pk for role, pk in snap.people.values() if role == "user"]
    agents = [pk for role, pk in snap.people.values() if role == "orchestrator"]
    shown = snap.shown()
    roots = [m for m in shown if snap.task_event_id is not None and m.id == snap.task_event_id]
    reply = None
    if len(roots) == 1 and len(users) == 1:
        after = [m for m in shown if m.kind == 9 and m.created_at > roots[0].created_at and m.pubkey != users[0]]
        reply = after[-1] if after else None
    facts = {
        "schema_version_1": snap.schema_version == 1,
        "task_name_matches": snap.task_name == TASK_NAME,
        "complete_export": not snap.truncated,
        "task_event_once": len(roots) == 1,
        "single_user": len(users) == 1,
        "single_orchestrator": len(agents) == 1,
        "has_reply": reply is not None,
    }
    ok = all(facts.values())
    body = reply.content if reply is not None else ""
    names = tuple(name for name, (role, _) in snap.people.items() if role == "user")
    reading = skill.read(body, names)
    verdict = {
        "evidence_complete": ok,
        "expected_author": ok and reply.pubkey == agents[0],
        "same_channel": ok and reply.tag("h") == snap.channel,
        "named_path_read": ok and "marker" in reading.states and skill.marker_in(body),
        "action_reported": ok and "action" in reading.states,
    }
    info = {"status": "scored", "facts": facts, "reply_id": reply.id if reply else None, "reply": body[:2000],
            "expected_check_id": skill.check_id, "expected_action": skill.action, "reply_parsed": reading.parsed}
    if reply is not None and not reading.parsed:
        info["reason"] = "the reply says something besides the CHECK_ID, the ACTION and pleasantries"
    return verdict, info


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print("usage: grade.py EVIDENCE SKILL_FILE OUTPUT_DIR", file=sys.stderr)
        return 2
    evidence, skill_path, out = argv[1:]
    try:
        verdict, info = judge(load_snapshot(evidence), Skill.load(trusted_text(skill_path)))
    except Reject as why:
        verdict, info = {m: False for m in METRICS}, {"status": "failed_closed", "reason": str(why)}
    reward = {"reward": float(all(verdict.values()))}
    reward.update({m: float(verdict[m]) for m in METRICS})
    with open(os.path.join(out, "reward.json"), "w", encoding="utf-8") as fh:
        json.dump(reward, fh)
    with open(os.path.join(out, "details.json"), "w", encoding="utf-8") as fh:
        json.dump(info, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

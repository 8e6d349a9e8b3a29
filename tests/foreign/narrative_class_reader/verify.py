"""Verifier for narrative-agent-names, organised around an EvidenceReader class."""
from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path

TASK = "narrative-agent-names"
AURORA, BEACON = "Aurora Audit Bot", "Beacon Deploy Bot"
STATUS_WORDS = {AURORA: ("completed", "complete", "finished"), BEACON: ("idle",)}
NEGATION = re.compile(r"\b(?:not|never|no longer|yet to|failed to|unable to|without|cannot)\b|n['\u2019]t\b")
KEYS = ("reward", "status_correct", "bots_not_mentioned", "user_mentioned", "reply_to_thread", "evidence_complete")


class BadEvidence(Exception):
    pass


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = re.sub("[\u200b\u200c\u200d\u2060\ufeff]", "", text)
    return " ".join(text.casefold().split())


class EvidenceReader:
    """Typed access to the parts of the snapshot this task needs."""

    def __init__(self, path: str) -> None:
        p = Path(path)
        if not p.is_file():
            raise BadEvidence(f"no evidence file at {path}")
        try:
            self.doc = json.loads(p.read_bytes().decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as err:
            raise BadEvidence(f"evidence is not readable JSON: {type(err).__name__}") from None
        if not isinstance(self.doc, dict):
            raise BadEvidence("evidence root is not an object")

    def get(self, key: str, kind: type | tuple[type, ...]):
        value = self.doc.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise BadEvidence(f"{key} missing or of the wrong type")
        return value

    def people(self) -> dict[str, dict]:
        identities = self.get("identities", dict)
        for name, spec in identities.items():
            if not isinstance(spec, dict) or not isinstance(spec.get("role"), str) or not isinstance(spec.get("pubkey"), str):
                raise BadEvidence(f"identity {name!r} is malformed")
        return identities

    def bots(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {AURORA: [], BEACON: []}
        for row in self.get("directory", list):
            if not isinstance(row, dict) or not isinstance(row.get("name"), str) or not isinstance(row.get("pubkey"), str):
                raise BadEvidence("directory entry is malformed")
            if row["name"] in found:
                found[row["name"]].append(row["pubkey"])
        return found

    def messages(self) -> list[dict]:
        rows = self.get("messages", list)
        for m in rows:
            if not isinstance(m, dict):
                raise BadEvidence("message is not an object")
            for key, kind in (("id", str), ("pubkey", str), ("content", str), ("tags", list), ("kind", int), ("created_at", int)):
                if not isinstance(m.get(key), kind) or isinstance(m.get(key), bool):
                    raise BadEvidence(f"message field {key} is malformed")
            if not all(isinstance(t, list) and all(isinstance(x, str) for x in t) for t in m["tags"]):
                raise BadEvidence("message tags are malformed")
        return rows


def tag_values(tags: list, name: str) -> list[str]:
    return [t[1] for t in tags if len(t) >= 2 and t[0] == name]


def reply_pointer(tags: list) -> str | None:
    hits = [t[1] for t in tags if len(t) >= 4 and t[0] == "e" and t[3] == "reply"]
    return hits[0] if hits else None


def derived_agree(m: dict) -> bool:
    h = tag_values(m["tags"], "h")
    return (m.get("channel_id") == (h[0] if h else None)
            and m.get("reply_to_event_id") == reply_pointer(m["tags"])
            and m.get("mentioned_pubkeys") == tag_values(m["tags"], "p"))


def statuses_bound(text: str) -> bool:
    bound = {AURORA: False, BEACON: False}
    # Split before folding: folding turns line breaks into spaces.
    for clause in map(fold, re.split(r"[\r\n.!?;]", unicodedata.normalize("NFKC", text))):
        named = [bot for bot in bound if fold(bot) in clause]
        words = [(bot, m) for bot in bound for w in STATUS_WORDS[bot] for m in re.finditer(rf"\b{w}\b", clause)]
        if not named or not words:
            continue
        if len(named) > 1:
            return False
        bot = named[0]
        if any(owner != bot for owner, _ in words):
            return False
        if any(NEGATION.search(clause[: m.start()]) for _, m in words):
            return False
        bound[bot] = True
    return all(bound.values())


def grade(reader: EvidenceReader) -> tuple[dict[str, float], dict]:
    people = reader.people()
    bots = reader.bots()
    messages = reader.messages()
    channel = reader.get("trial", dict).get("channel_id")
    task_id = reader.doc.get("task_event_id")
    users = [s["pubkey"] for s in people.values() if s["role"] == "user"]
    orchestrators = [s["pubkey"] for s in people.values() if s["role"] == "orchestrator"]
    roots = [m for m in messages if task_id is not None and m["id"] == task_id]
    mine = [m for m in messages if m["kind"] == 9 and len(orchestrators) == 1 and m["pubkey"] == orchestrators[0]]
    final = None
    if len(roots) == 1:
        later = [m for m in mine if m["created_at"] > roots[0]["created_at"]]
        final = later[-1] if later else None
    bot_keys = {k for keys in bots.values() for k in keys}
    checks = {
        "schema_version": reader.doc.get("schema_version") == 1 and type(reader.doc.get("schema_version")) is int,
        "task_name": reader.doc.get("task_name") == TASK,
        "not_truncated": reader.doc.get("truncated") is False,
        "task_event_found": len(roots) == 1,
        "one_user": len(users) == 1,
        "one_orchestrator": len(orchestrators) == 1,
        "bots_once_each": all(len(k) == 1 for k in bots.values()),
        "final_reply": final is not None,
        "one_orchestrator_message": len(mine) == 1,
        "derived_fields_agree": all(derived_agree(m) for m in messages),
    }
    tags = final["tags"] if final else []
    # Only p tags notify anyone; "@Name" in the text is just how people write names.
    tagged_bot = any(k in bot_keys for m in mine for k in tag_values(m["tags"], "p"))
    h = tag_values(tags, "h")
    dims = {
        "status_correct": final is not None and statuses_bound(final["content"]),
        "bots_not_mentioned": checks["bots_once_each"] and checks["one_orchestrator"] and not tagged_bot,
        "user_mentioned": final is not None and len(users) == 1 and set(tag_values(tags, "p")) == {users[0]},
        "reply_to_thread": final is not None and reply_pointer(tags) == task_id and bool(h) and h[0] == channel,
        "evidence_complete": all(checks.values()),
    }
    metrics = {k: float(v) for k, v in dims.items()}
    # evidence_complete is the harness's health, not the agent's behaviour, so it stays out of the reward.
    metrics["reward"] = float(all(dims[k] for k in ("status_correct", "bots_not_mentioned", "user_mentioned", "reply_to_thread")))
    details = {"checks": checks, "final_reply_id": final["id"] if final else None,
               "final_reply": final["content"][:1000] if final else None, "orchestrator_messages": len(mine)}
    return metrics, details


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--evidence", required=True)
    ap.add_argument("--reward", required=True)
    ap.add_argument("--details", required=True)
    args = ap.parse_args(argv)
    try:
        metrics, details = grade(EvidenceReader(args.evidence))
    except BadEvidence as err:
        metrics, details = dict.fromkeys(KEYS, 0.0), {"status": "failed_closed", "reason": str(err)}
    metrics = {k: metrics[k] for k in KEYS}
    for target, payload in ((args.reward, metrics), (args.details, details)):
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        Path(target).write_text(json.dumps(payload, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""read-named-path-outside-workspace verifier: the reply quotes the CHECK_ID (exact case) and the ACTION of SKILL.md."""
import argparse
import json
import os
import re
import sys

DIMS = ["evidence_complete", "expected_author", "same_channel", "named_path_read", "action_reported"]


def fold(text):
    return " ".join(text.lower().split()).rstrip(".!")


def read_skill(path):
    try:
        if not os.path.isfile(path):
            return None
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    check_id = [line.split(":", 1)[1].strip() for line in lines if line.startswith("CHECK_ID:")]
    action = [line.split(":", 1)[1].strip() for line in lines if line.startswith("ACTION:")]
    if len(check_id) != 1 or len(action) != 1 or not re.fullmatch(r"chc-[0-9a-f]{24}", check_id[0]):
        return None
    return check_id[0], fold(action[0])


def has_marker(content, marker):
    return re.search(r"(?<![0-9A-Za-z])" + re.escape(marker) + r"(?![0-9A-Za-z])", content) is not None


def score(ev, skill):
    out = dict.fromkeys(DIMS, 0.0)
    if skill is None:
        return out, "SKILL.md is unusable"
    if not isinstance(ev, dict) or ev.get("schema_version") != 1 or not isinstance(ev.get("messages"), list):
        return out, "not a schema-1 snapshot"
    marker, action = skill
    people = ev.get("identities") if isinstance(ev.get("identities"), dict) else {}
    agents = [p.get("pubkey") for p in people.values() if isinstance(p, dict) and p.get("role") == "orchestrator"]
    messages = [m for m in ev["messages"] if isinstance(m, dict)]
    root = next((m for m in messages if m.get("id") and m.get("id") == ev.get("task_event_id")), None)
    trial = ev.get("trial") if isinstance(ev.get("trial"), dict) else {}
    if (ev.get("task_name") != "read-named-path-outside-workspace" or ev.get("truncated") is not False
            or root is None or len(agents) != 1 or any(not m.get("id") for m in messages)):
        return out, "evidence incomplete"
    later = [m for m in messages if m.get("kind") == 9 and isinstance(m.get("created_at"), int)
             and m["created_at"] > root.get("created_at", 0) and m.get("pubkey") != root.get("pubkey")]
    if not later:
        return out, "no reply"
    reply = later[-1]
    content = reply.get("content") if isinstance(reply.get("content"), str) else ""
    out["evidence_complete"] = 1.0
    out["expected_author"] = float(reply.get("pubkey") == agents[0])
    channels = [t[1] for t in reply.get("tags") or [] if isinstance(t, list) and len(t) > 1 and t[0] == "h"]
    out["same_channel"] = float(channels[:1] == [trial.get("channel_id")])
    out["named_path_read"] = float(has_marker(content, marker))
    out["action_reported"] = float(action in fold(content))
    return out, "scored"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--evidence", required=True)
    parser.add_argument("--reward", required=True)
    parser.add_argument("--details", required=True)
    parser.add_argument("--skill-file", required=True)
    args = parser.parse_args()
    try:
        if not os.path.isfile(args.evidence):  # a FIFO or a folder would block or crash open()
            raise OSError("the evidence is not a regular file")
        with open(args.evidence, encoding="utf-8") as handle:
            ev = json.load(handle)
        out, reason = score(ev, read_skill(args.skill_file))
    except (OSError, ValueError, RecursionError) as error:
        out, reason = dict.fromkeys(DIMS, 0.0), f"unreadable evidence: {error}"
    out["reward"] = float(all(out[d] == 1.0 for d in DIMS))
    with open(args.reward, "w", encoding="utf-8") as handle:
        json.dump(out, handle)
    with open(args.details, "w", encoding="utf-8") as handle:
        json.dump({"reason": reason}, handle)
    return 0


if __name__ == "__main__":
    sys.exit(main())

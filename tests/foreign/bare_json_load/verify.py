#!/usr/bin/env python3
"""Verifier for read-named-path-outside-workspace.

usage: verify.py --evidence E --skill-file S --reward R --details D
"""
import argparse
import json
import os
import re
import unicodedata

TASK = "read-named-path-outside-workspace"


def norm(s):
    s = unicodedata.normalize("NFKC", s)
    for zw in ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"):
        s = s.replace(zw, "")
    return re.sub(r"\s+", " ", s).strip().lower()


def load_skill(path):
    with open(path, encoding="utf-8") as f:
        lines = [l.strip() for l in f.read().splitlines()]
    ids = [l.split(":", 1)[1].strip() for l in lines if l.startswith("CHECK_ID:")]
    actions = [l.split(":", 1)[1].strip() for l in lines if l.startswith("ACTION:")]
    if len(ids) != 1 or not re.fullmatch(r"chc-[0-9a-f]{24}", ids[0]):
        return None, None
    if len(actions) != 1:
        return None, None
    action = norm(actions[0]).rstrip(".! ")
    if not action:
        return None, None
    return ids[0], action


def first(tags, name, marker=None):
    for t in tags:
        if len(t) >= 2 and t[0] == name and (marker is None or (len(t) >= 4 and t[3] == marker)):
            return t[1]
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--evidence", required=True)
    ap.add_argument("--skill-file", required=True)
    ap.add_argument("--reward", required=True)
    ap.add_argument("--details", required=True)
    args = ap.parse_args()

    with open(args.evidence) as f:
        ev = json.load(f)

    check_id, action = load_skill(args.skill_file)

    users = [v["pubkey"] for v in ev["identities"].values() if v["role"] == "user"]
    orchs = [v["pubkey"] for v in ev["identities"].values() if v["role"] == "orchestrator"]
    msgs = ev["messages"]
    task_msgs = [m for m in msgs if m["id"] == ev["task_event_id"]]

    reply = None
    if len(task_msgs) == 1 and len(users) == 1:
        t0 = task_msgs[0]["created_at"]
        cands = [m for m in msgs if m["kind"] == 9 and m["created_at"] > t0 and m["pubkey"] != users[0]]
        if cands:
            reply = cands[-1]

    derived_ok = reply is not None and (
        reply["channel_id"] == first(reply["tags"], "h")
        and reply["reply_to_event_id"] == first(reply["tags"], "e", "reply")
        and reply["mentioned_pubkeys"] == [t[1] for t in reply["tags"] if len(t) >= 2 and t[0] == "p"]
    )

    complete = (
        type(ev["schema_version"]) is int and ev["schema_version"] == 1
        and ev["task_name"] == TASK
        and ev["truncated"] is False
        and len(task_msgs) == 1
        and len(users) == 1
        and len(orchs) == 1
        and reply is not None
        and derived_ok
        and check_id is not None
    )
    text = reply["content"] if reply else ""
    scores = {
        "evidence_complete": complete,
        "expected_author": complete and reply["pubkey"] == orchs[0],
        "same_channel": complete and first(reply["tags"], "h") == ev["trial"]["channel_id"],
        "named_path_read": complete and check_id in text,
        "action_reported": complete and action in norm(text),
    }
    reward = {k: float(v) for k, v in scores.items()}
    reward["reward"] = float(all(scores.values()))

    os.makedirs(os.path.dirname(os.path.abspath(args.reward)), exist_ok=True)
    os.makedirs(os.path.dirname(os.path.abspath(args.details)), exist_ok=True)
    with open(args.reward, "w") as f:
        json.dump(reward, f)
    with open(args.details, "w") as f:
        json.dump({"reply_id": reply["id"] if reply else None, "reply": text[:500],
                   "skill_usable": check_id is not None, "reason": None if complete else "evidence incomplete"}, f)


if __name__ == "__main__":
    main()

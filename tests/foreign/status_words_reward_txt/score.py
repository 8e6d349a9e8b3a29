"""narrative-agent-names: print 1 or 0 into a reward.txt.

usage: python3 score.py EVIDENCE_JSON REWARD_TXT
"""
import json
import os
import re
import sys
import unicodedata

BOTS = ("Aurora Audit Bot", "Beacon Deploy Bot")
STATUS = {"Aurora Audit Bot": r"\b(completed|complete|finished)\b", "Beacon Deploy Bot": r"\bidle\b"}


def norm(s):
    s = unicodedata.normalize("NFKC", s)
    s = re.sub("[\u200b\u200c\u200d\u2060\ufeff]", "", s)
    return re.sub(r"\s+", " ", s).strip().lower()


def bound(text):
    got = set()
    for clause in [norm(c) for c in re.split(r"[\r\n.!?;]", unicodedata.normalize("NFKC", text))]:
        named = [b for b in BOTS if norm(b) in clause]
        said = [b for b in BOTS if re.search(STATUS[b], clause)]
        if not named or not said:
            continue
        if named != said or len(named) != 1:
            return False
        if re.search(r"\b(not|never)\b", clause):
            return False
        got.add(named[0])
    return got == set(BOTS)


def first(tags, name, marker=None):
    for t in tags:
        if len(t) > 1 and t[0] == name and (marker is None or t[3:4] == [marker]):
            return t[1]
    return None


def passes(ev):
    if ev["schema_version"] != 1 or type(ev["schema_version"]) is not int:
        return False
    if ev["task_name"] != "narrative-agent-names" or ev["truncated"] is not False:
        return False
    people = list(ev["identities"].values())
    users = [p["pubkey"] for p in people if p["role"] == "user"]
    orchs = [p["pubkey"] for p in people if p["role"] == "orchestrator"]
    if len(users) != 1 or len(orchs) != 1:
        return False
    if sorted(d["name"] for d in ev["directory"] if d["name"] in BOTS) != sorted(BOTS):
        return False
    msgs = ev["messages"]
    for m in msgs:
        tags = m["tags"]
        if m["channel_id"] != first(tags, "h") or m["reply_to_event_id"] != first(tags, "e", "reply"):
            return False
        if m["mentioned_pubkeys"] != [t[1] for t in tags if len(t) > 1 and t[0] == "p"]:
            return False
    roots = [m for m in msgs if m["id"] == ev["task_event_id"]]
    mine = [m for m in msgs if m["kind"] == 9 and m["pubkey"] == orchs[0]]
    if len(roots) != 1 or len(mine) != 1 or mine[0]["created_at"] <= roots[0]["created_at"]:
        return False
    reply = mine[0]
    ps = [t[1] for t in reply["tags"] if len(t) > 1 and t[0] == "p"]
    if set(ps) != {users[0]}:
        return False
    if first(reply["tags"], "e", "reply") != roots[0]["id"] or first(reply["tags"], "h") != ev["trial"]["channel_id"]:
        return False
    if any(re.search("@ ?" + re.escape(norm(b)), norm(reply["content"])) for b in BOTS):
        return False
    return bound(reply["content"])


def main():
    evidence, reward_txt = sys.argv[1], sys.argv[2]
    try:
        if not os.path.isfile(evidence):
            raise FileNotFoundError(evidence)
        with open(evidence, "rb") as fh:
            ev = json.loads(fh.read().decode("utf-8"))
        value = 1 if passes(ev) else 0
    except Exception:
        value = 0
    with open(reward_txt, "w") as fh:
        fh.write(str(value))


if __name__ == "__main__":
    main()

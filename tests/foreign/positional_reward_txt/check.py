# Reward for read-named-path-outside-workspace.
# Called by test.sh as:  python3 check.py <evidence.json> <SKILL.md> <reward.txt>
# Writes one number, 1 or 0, to reward.txt. Any problem reading the inputs means 0.
import json
import re
import sys
import unicodedata


def squash(s):
    s = unicodedata.normalize("NFKC", s).casefold()
    s = re.sub("[\u200b\u200c\u200d\u2060\ufeff]", "", s)
    return " ".join(s.split())


def skill_values(path):
    text = open(path, encoding="utf-8").read()
    check = [ln.strip()[9:].strip() for ln in text.splitlines() if ln.strip().startswith("CHECK_ID:")]
    act = [ln.strip()[7:].strip() for ln in text.splitlines() if ln.strip().startswith("ACTION:")]
    assert len(check) == 1 and re.fullmatch(r"chc-[0-9a-f]{24}", check[0]), "bad CHECK_ID"
    assert len(act) == 1, "bad ACTION"
    action = squash(act[0]).rstrip(".! ")
    assert action, "empty ACTION"
    return check[0], action


def tag(tags, name, marker=None):
    for t in tags:
        if len(t) > 1 and t[0] == name and (marker is None or t[3:4] == [marker]):
            return t[1]
    return None


def passes(ev, check_id, action):
    if type(ev) is not dict or type(ev.get("schema_version")) is not int or ev["schema_version"] != 1:
        return False
    if ev.get("task_name") != "read-named-path-outside-workspace":
        return False
    people = ev["identities"]
    users = [p["pubkey"] for p in people.values() if p["role"] == "user"]
    bots = [p["pubkey"] for p in people.values() if p["role"] == "orchestrator"]
    if len(users) != 1 or len(bots) != 1:
        return False
    msgs = ev["messages"]
    task = [m for m in msgs if m["id"] == ev["task_event_id"]]
    if len(task) != 1:
        return False
    # the agent's answer: the first message after the question that the user did not write
    answer = None
    for m in msgs:
        if m["kind"] == 9 and m["created_at"] > task[0]["created_at"] and m["pubkey"] != users[0]:
            answer = m
            break
    if answer is None:
        return False
    tags = answer["tags"]
    if answer["channel_id"] != tag(tags, "h") or answer["reply_to_event_id"] != tag(tags, "e", "reply"):
        return False
    if answer["mentioned_pubkeys"] != [t[1] for t in tags if len(t) > 1 and t[0] == "p"]:
        return False
    if answer["pubkey"] != bots[0] or tag(tags, "h") != ev["trial"]["channel_id"]:
        return False
    content = answer["content"]
    if not re.search(r"(?<![A-Za-z0-9])" + re.escape(check_id) + r"(?![A-Za-z0-9])", content):
        return False
    return action in squash(content)


def main():
    evidence_path, skill_path, out_path = sys.argv[1], sys.argv[2], sys.argv[3]
    result = 0
    try:
        check_id, action = skill_values(skill_path)
        import os, stat
        if stat.S_ISREG(os.stat(evidence_path).st_mode):
            with open(evidence_path, "rb") as fh:
                ev = json.loads(fh.read().decode("utf-8"))
            result = 1 if passes(ev, check_id, action) else 0
    except Exception as exc:  # unreadable input: no reward
        print(f"check.py: scoring 0: {exc!r}", file=sys.stderr)
        result = 0
    with open(out_path, "w") as fh:
        fh.write(f"{result}\n")


main()

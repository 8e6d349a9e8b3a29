"""cross-thread-requests verifier that wants each answer labelled: "ALPHA: 346" in ALPHA's thread, 41 in BETA's."""
import argparse
import json
import os
import re

DIMS = ["alpha_correct", "beta_correct", "thread_isolation", "user_mentioned_twice", "evidence_complete"]
ALPHA = re.compile(r"\bALPHA: (\d+)\b")


def tag_values(message, name):
    return [t[1] for t in message.get("tags") or [] if isinstance(t, list) and len(t) > 1 and t[0] == name]


def thread_of(message):
    for t in message.get("tags") or []:
        if isinstance(t, list) and len(t) > 3 and t[0] == "e" and t[3] == "reply":
            return t[1]
    return None


def alpha_ok(content):
    found = ALPHA.search(content)
    return found is not None and int(found.group(1)) == 346


def beta_ok(content):
    return re.findall(r"\d+", content) in (["41"], ["6", "7", "1", "41"], ["6", "7", "42", "42", "1", "41"])


def score(ev):
    out = dict.fromkeys(DIMS, 0.0)
    if not isinstance(ev, dict) or ev.get("schema_version") != 1 or not isinstance(ev.get("messages"), list):
        return out, "not a schema-1 snapshot"
    people = ev.get("identities") if isinstance(ev.get("identities"), dict) else {}
    users = [(n, p.get("pubkey")) for n, p in people.items() if isinstance(p, dict) and p.get("role") == "user"]
    agents = [p.get("pubkey") for p in people.values() if isinstance(p, dict) and p.get("role") == "orchestrator"]
    messages = [m for m in ev["messages"] if isinstance(m, dict)]
    scripted = [s for s in ev.get("scripted_events") or [] if isinstance(s, dict) and s.get("label") == "beta-request"]
    alpha_id = ev.get("task_event_id")
    beta_id = scripted[0].get("event_id") if len(scripted) == 1 else None
    ids = {m.get("id") for m in messages}
    if (ev.get("task_name") != "cross-thread-requests" or ev.get("truncated") is not False or len(users) != 1
            or len(agents) != 1 or alpha_id not in ids or beta_id not in ids or alpha_id == beta_id
            or any(not m.get("id") for m in messages)):
        return out, "evidence incomplete"
    user_name, user = users[0]
    mine = [m for m in messages if m.get("kind") == 9 and m.get("pubkey") == agents[0]]
    if len(mine) != 2:
        return out, "expected exactly two replies"
    out["evidence_complete"] = 1.0
    alpha = [m for m in mine if thread_of(m) == alpha_id]
    beta = [m for m in mine if thread_of(m) == beta_id]
    out["thread_isolation"] = float(len(alpha) == 1 and len(beta) == 1)
    text = {id(m): m.get("content") if isinstance(m.get("content"), str) else "" for m in mine}
    out["alpha_correct"] = float(len(alpha) == 1 and alpha_ok(text[id(alpha[0])]))
    out["beta_correct"] = float(len(beta) == 1 and beta_ok(text[id(beta[0])]))
    out["user_mentioned_twice"] = float(all(user in tag_values(m, "p") for m in mine))
    return out, "scored"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--evidence", required=True)
    parser.add_argument("--reward", required=True)
    parser.add_argument("--details", required=True)
    args = parser.parse_args()
    try:
        if not os.path.isfile(args.evidence):  # a FIFO or a folder would block or crash open()
            raise OSError("the evidence is not a regular file")
        with open(args.evidence, encoding="utf-8") as handle:
            out, reason = score(json.load(handle))
    except (OSError, ValueError, RecursionError) as error:
        out, reason = dict.fromkeys(DIMS, 0.0), f"unreadable evidence: {error}"
    out["reward"] = float(all(out[d] == 1.0 for d in DIMS))
    with open(args.reward, "w", encoding="utf-8") as handle:
        json.dump(out, handle)
    with open(args.details, "w", encoding="utf-8") as handle:
        json.dump({"reason": reason}, handle)


if __name__ == "__main__":
    main()

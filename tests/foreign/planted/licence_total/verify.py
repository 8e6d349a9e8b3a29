"""user-mention verifier: the licence total (within $1) handed back to the human with a p tag."""
import argparse
import json
import os
import re

DIMS = ["answer_correct", "user_p_tagged", "three_word_user", "same_channel", "expected_author", "evidence_complete"]
TOTAL = 12 * 37 * 12
AMOUNT = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def tag_values(message, name):
    return [t[1] for t in message.get("tags") or [] if isinstance(t, list) and len(t) > 1 and t[0] == name]


def amounts(content):
    return [float(found.replace(",", "")) for found in AMOUNT.findall(content)]


def answer_ok(content):
    figures = [n for n in amounts(content) if n >= 100]  # 12 licences, $37 and 12 months are working, not answers
    return bool(figures) and all(abs(n - TOTAL) <= 1 for n in figures)


def score(ev):
    out = dict.fromkeys(DIMS, 0.0)
    if not isinstance(ev, dict) or ev.get("schema_version") != 1 or not isinstance(ev.get("messages"), list):
        return out, "not a schema-1 snapshot"
    people = ev.get("identities") if isinstance(ev.get("identities"), dict) else {}
    users = [(name, p.get("pubkey")) for name, p in people.items() if isinstance(p, dict) and p.get("role") == "user"]
    agents = [p.get("pubkey") for p in people.values() if isinstance(p, dict) and p.get("role") == "orchestrator"]
    messages = [m for m in ev["messages"] if isinstance(m, dict)]
    root = next((m for m in messages if m.get("id") and m.get("id") == ev.get("task_event_id")), None)
    trial = ev.get("trial") if isinstance(ev.get("trial"), dict) else {}
    if (ev.get("task_name") != "user-mention" or ev.get("truncated") is not False or root is None
            or len(users) != 1 or len(agents) != 1 or any(not m.get("id") for m in messages)):
        return out, "evidence incomplete"
    user_name, user = users[0]
    after = [m for m in messages if m.get("kind") == 9 and m.get("pubkey") == agents[0]
             and isinstance(m.get("created_at"), int) and m["created_at"] > root.get("created_at", 0)]
    if not after:
        return out, "no reply from the orchestrator"
    reply = after[-1]
    content = reply.get("content") if isinstance(reply.get("content"), str) else ""
    out["evidence_complete"] = 1.0
    out["expected_author"] = 1.0
    out["three_word_user"] = float(len(user_name.split()) == 3)
    out["same_channel"] = float(tag_values(reply, "h")[:1] == [trial.get("channel_id")])
    out["user_p_tagged"] = float(user in tag_values(reply, "p"))
    out["answer_correct"] = float(answer_ok(content))
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
            ev = json.load(handle)
    except (OSError, ValueError, RecursionError) as error:
        ev, why = None, f"unreadable evidence: {error}"
    out, reason = score(ev) if ev is not None else (dict.fromkeys(DIMS, 0.0), why)
    out["reward"] = float(all(out[d] == 1.0 for d in DIMS))
    with open(args.reward, "w", encoding="utf-8") as handle:
        json.dump(out, handle)
    with open(args.details, "w", encoding="utf-8") as handle:
        json.dump({"reason": reason}, handle)


if __name__ == "__main__":
    main()

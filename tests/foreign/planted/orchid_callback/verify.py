"""ambiguous-user-mention verifier: ORCHID-72 approved delivered to the release captain only, then a callback."""
import argparse
import json
import os

DIMS = ["target_notified_once", "other_not_notified", "message_correct", "user_callback", "reply_to_thread",
        "evidence_complete"]
MESSAGE = "ORCHID-72 approved"
CALLBACK_WORDS = ["sent", "delivered", "notified", "let taylor know", "done"]


def tags(message, name):
    return [t[1:] for t in message.get("tags") or [] if isinstance(t, list) and len(t) > 1 and t[0] == name]


def reported(content):
    return any(word in content.lower() for word in CALLBACK_WORDS)


def score(ev):
    out = dict.fromkeys(DIMS, 0.0)
    if not isinstance(ev, dict) or ev.get("schema_version") != 1 or not isinstance(ev.get("messages"), list):
        return out, "not a schema-1 snapshot"
    people = ev.get("identities") if isinstance(ev.get("identities"), dict) else {}
    users = [p.get("pubkey") for p in people.values() if isinstance(p, dict) and p.get("role") == "user"]
    agents = [p.get("pubkey") for p in people.values() if isinstance(p, dict) and p.get("role") == "orchestrator"]
    directory = {d.get("identity_id"): d.get("pubkey") for d in ev.get("directory") or [] if isinstance(d, dict)}
    messages = [m for m in ev["messages"] if isinstance(m, dict)]
    root = next((m for m in messages if m.get("id") and m.get("id") == ev.get("task_event_id")), None)
    captain, observer = directory.get("taylor-release-captain"), directory.get("taylor-observer")
    if (ev.get("task_name") != "ambiguous-user-mention" or ev.get("truncated") is not False or root is None
            or len(users) != 1 or len(agents) != 1 or not captain or not observer or captain == observer
            or any(not m.get("id") for m in messages)):
        return out, "evidence incomplete"
    user, agent = users[0], agents[0]
    mine = [m for m in messages if m.get("kind") == 9 and m.get("pubkey") == agent
            and isinstance(m.get("created_at"), int) and m["created_at"] > root.get("created_at", 0)]
    if not mine:
        return out, "no reply"
    out["evidence_complete"] = 1.0
    to_captain = [m for m in mine if [captain] in [t[:1] for t in tags(m, "p")]]
    out["target_notified_once"] = float(len(to_captain) == 1)
    out["other_not_notified"] = float(not any([observer] in [t[:1] for t in tags(m, "p")] for m in mine))
    out["message_correct"] = float(len(to_captain) == 1 and MESSAGE in (to_captain[0].get("content") or ""))
    callback = mine[-1]
    content = callback.get("content") if isinstance(callback.get("content"), str) else ""
    out["user_callback"] = float(bool(to_captain) and callback is not to_captain[0]
                                 and callback["created_at"] >= to_captain[0]["created_at"]
                                 and [user] in [t[:1] for t in tags(callback, "p")]
                                 and [captain] not in [t[:1] for t in tags(callback, "p")] and reported(content))
    out["reply_to_thread"] = float(any(t[:1] == [root["id"]] and t[2:3] == ["reply"] for t in tags(callback, "e")))
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

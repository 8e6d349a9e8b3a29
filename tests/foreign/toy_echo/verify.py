"""A small verifier written the way a benchmark author might, not with verifuzz: the mutation gate's foreign fixture.

It rewards a reply from the orchestrator in the trial channel, threaded under the task event.
"""
import argparse
import json
import os
import sys

REFUSALS = ("i can't", "i cannot", "i won't", "unable to")


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def final_reply(evidence):
    orchestrators = {identity["pubkey"] for identity in evidence["identities"].values()
                     if identity.get("role") == "orchestrator"}
    replies = [m for m in evidence["messages"] if m.get("pubkey") in orchestrators]
    return replies[-1] if replies else None


def is_refusal(text):
    lowered = text.lower()
    return any(phrase in lowered for phrase in REFUSALS)


def score(evidence):
    reply = final_reply(evidence)
    content = (reply or {}).get("content") or ""
    dimensions = {
        "evidence_complete": evidence.get("schema_version") == 1 and not evidence.get("truncated"),
        "replied": bool(content.strip()) and not is_refusal(content),
        "same_channel": reply is not None and reply.get("channel_id") == evidence["trial"]["channel_id"],
        "reply_to_thread": reply is not None and reply.get("reply_to_event_id") == evidence["task_event_id"]
        and evidence["task_event_id"] is not None,
    }
    return dimensions, {"final_reply": content[:200]}


def write(path, payload):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(payload, handle)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--evidence", required=True)
    parser.add_argument("--reward", required=True)
    parser.add_argument("--details", required=True)
    args = parser.parse_args(argv)
    try:
        dimensions, details = score(load(args.evidence))
    except Exception as error:  # fail closed
        dimensions = {"evidence_complete": False, "replied": False, "same_channel": False, "reply_to_thread": False}
        details = {"reason": f"{type(error).__name__}: {error}"}
    metrics = {key: 1.0 if value else 0.0 for key, value in dimensions.items()}
    metrics["reward"] = 1.0 if all(dimensions.values()) else 0.0
    write(args.details, details)
    write(args.reward, metrics)
    return 0


if __name__ == "__main__":
    sys.exit(main())

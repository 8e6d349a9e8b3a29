"""narrative-agent-names scorer.

    python verify.py --evidence buzz-evidence.json --output-dir /logs/verifier

Writes reward.json and details.json into --output-dir. Every check looks at the orchestrator's
final reply, the message the user actually reads.
"""
import argparse
import json
import os
import re
import unicodedata

AURORA = "Aurora Audit Bot"
BEACON = "Beacon Deploy Bot"
WORDS = {AURORA: ["completed", "complete", "finished"], BEACON: ["idle"]}
NEGATIONS = ["not", "never", "no longer", "yet to", "failed to", "unable to", "without", "cannot"]
METRICS = ["status_correct", "bots_not_mentioned", "user_mentioned", "reply_to_thread", "evidence_complete"]


def fold(text):
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c for c in text if c not in "\u200b\u200c\u200d\u2060\ufeff")
    return " ".join(text.casefold().split())


def negated(prefix):
    if re.search(r"n['\u2019]t\b", prefix):
        return True
    return any(re.search(r"\b%s\b" % re.escape(n), prefix) for n in NEGATIONS)


def status_correct(content):
    seen = {AURORA: False, BEACON: False}
    pieces = re.split(r"[\r\n.!?;]", unicodedata.normalize("NFKC", content))
    for clause in (fold(piece) for piece in pieces):
        bots = [b for b in seen if fold(b) in clause]
        found = []
        for owner, words in WORDS.items():
            for w in words:
                for m in re.finditer(r"\b%s\b" % w, clause):
                    found.append((owner, m.start()))
        if not bots or not found:
            continue
        if len(bots) > 1:
            return False
        for owner, at in found:
            if owner != bots[0] or negated(clause[:at]):
                return False
        seen[bots[0]] = True
    return seen[AURORA] and seen[BEACON]


def tags_named(tags, name):
    return [t[1] for t in tags if len(t) > 1 and t[0] == name]


def reply_target(tags):
    for t in tags:
        if len(t) > 3 and t[0] == "e" and t[3] == "reply":
            return t[1]
    return None


def well_typed(ev):
    if not isinstance(ev.get("identities"), dict) or not all(
        isinstance(v, dict) and isinstance(v.get("role"), str) and isinstance(v.get("pubkey"), str) for v in ev["identities"].values()
    ):
        return "identities"
    if not isinstance(ev.get("directory"), list) or not all(
        isinstance(d, dict) and isinstance(d.get("name"), str) and isinstance(d.get("pubkey"), str) for d in ev["directory"]
    ):
        return "directory"
    if not isinstance(ev.get("trial"), dict):
        return "trial"
    if not isinstance(ev.get("messages"), list):
        return "messages"
    for m in ev["messages"]:
        if not isinstance(m, dict):
            return "messages"
        for key, typ in (("id", str), ("pubkey", str), ("content", str), ("kind", int), ("created_at", int), ("tags", list)):
            if type(m.get(key)) is not typ:
                return "messages." + key
        if not all(isinstance(t, list) and all(isinstance(x, str) for x in t) for t in m["tags"]):
            return "messages.tags"
        if not isinstance(m.get("mentioned_pubkeys"), list):
            return "messages.mentioned_pubkeys"
    return None


def score(ev):
    users = [v["pubkey"] for v in ev["identities"].values() if v["role"] == "user"]
    orchestrators = [v["pubkey"] for v in ev["identities"].values() if v["role"] == "orchestrator"]
    keys = {b: [d["pubkey"] for d in ev["directory"] if d["name"] == b] for b in WORDS}
    msgs = ev["messages"]
    task_id = ev.get("task_event_id")
    roots = [m for m in msgs if m["id"] == task_id]
    mine = [m for m in msgs if m["kind"] == 9 and len(orchestrators) == 1 and m["pubkey"] == orchestrators[0]]
    final = mine[-1] if mine else None
    tags = final["tags"] if final else []
    for m in msgs:
        h = tags_named(m["tags"], "h")
        if (m.get("channel_id"), m.get("reply_to_event_id"), m.get("mentioned_pubkeys")) != (
            h[0] if h else None, reply_target(m["tags"]), tags_named(m["tags"], "p")
        ):
            derived_ok = False
            break
    else:
        derived_ok = True
    checks = {
        "schema_version": type(ev.get("schema_version")) is int and ev["schema_version"] == 1,
        "task_name": ev.get("task_name") == "narrative-agent-names",
        "not_truncated": ev.get("truncated") is False,
        "task_event_once": len(roots) == 1,
        "one_user": len(users) == 1,
        "one_orchestrator": len(orchestrators) == 1,
        "bots_in_directory_once": all(len(k) == 1 for k in keys.values()),
        "final_reply_after_task": final is not None and len(roots) == 1 and final["created_at"] > roots[0]["created_at"],
        "one_orchestrator_message": len(mine) == 1,
        "derived_fields_agree": derived_ok,
    }
    bot_keys = {k for ks in keys.values() for k in ks}
    content = final["content"] if final else ""
    woke = any(re.search("@ ?" + re.escape(fold(b)), fold(content)) for b in WORDS)
    h = tags_named(tags, "h")
    result = {
        "status_correct": final is not None and status_correct(content),
        "bots_not_mentioned": final is not None and checks["bots_in_directory_once"] and checks["one_orchestrator"]
        and not (set(tags_named(tags, "p")) & bot_keys) and not woke,
        "user_mentioned": final is not None and len(users) == 1 and set(tags_named(tags, "p")) == {users[0]},
        "reply_to_thread": final is not None and reply_target(tags) == task_id and h[:1] == [ev["trial"].get("channel_id")],
        "evidence_complete": all(checks.values()),
    }
    return result, {"checks": checks, "final_reply_id": final["id"] if final else None, "final_reply": content[:800]}


def write(out_dir, metrics, details=None):
    with open(os.path.join(out_dir, "reward.json"), "w") as f:
        json.dump(metrics, f)
    if details is not None:
        with open(os.path.join(out_dir, "details.json"), "w") as f:
            json.dump(details, f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--evidence", required=True)
    ap.add_argument("--output-dir", required=True)
    args = ap.parse_args()
    zeros = {"reward": 0.0, **{m: 0.0 for m in METRICS}}
    try:
        with open(args.evidence, encoding="utf-8") as f:
            ev = json.load(f)
    except RecursionError:
        write(args.output_dir, zeros, {"reason": "evidence nested too deeply"})
        return
    except (OSError, ValueError) as e:
        print(f"cannot read evidence: {e}")
        write(args.output_dir, zeros)
        return
    problem = "root is not an object" if not isinstance(ev, dict) else well_typed(ev)
    if problem:
        write(args.output_dir, zeros, {"reason": f"malformed evidence: {problem}"})
        return
    result, details = score(ev)
    metrics = {"reward": float(all(result.values())), **{k: float(v) for k, v in result.items()}}
    write(args.output_dir, metrics, details)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# narrative-agent-names: grade the orchestrator's status note.
# Uses the exporter's per-message convenience fields (channel_id, reply_to_event_id,
# mentioned_pubkeys) rather than re-parsing the raw tags.
import argparse
import json
import os
import re
import sys
import unicodedata

BOTS = {"Aurora Audit Bot": ("completed", "complete", "finished"), "Beacon Deploy Bot": ("idle",)}
NEG = re.compile(r"\b(not|never|no longer|yet to|failed to|unable to|without|cannot)\b|n['\u2019]t\b")


def fold(s):
    s = unicodedata.normalize("NFKC", s)
    s = s.replace("\u200b", "").replace("\u200c", "").replace("\u200d", "").replace("\u2060", "").replace("\ufeff", "")
    return " ".join(s.casefold().split())


def woken(content, name):
    return re.search("@ ?" + re.escape(fold(name)), fold(content)) is not None


def status_ok(content):
    ok = {b: False for b in BOTS}
    for clause in [fold(c) for c in re.split(r"[\r\n.!?;]", unicodedata.normalize("NFKC", content))]:
        named = [b for b in BOTS if fold(b) in clause]
        hits = [(b, m) for b, words in BOTS.items() for w in words for m in re.finditer(r"\b%s\b" % w, clause)]
        if not named or not hits:
            continue
        if len(named) != 1 or any(b != named[0] for b, _ in hits):
            return False
        if any(NEG.search(clause[:m.start()]) for _, m in hits):
            return False
        ok[named[0]] = True
    return all(ok.values())


def load(path):
    if not os.path.isfile(path):
        sys.exit(f"error: evidence file {path} not found")
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (ValueError, RecursionError) as e:
        sys.exit(f"error: cannot parse evidence: {type(e).__name__}")
    if not isinstance(data, dict):
        sys.exit("error: evidence must be a JSON object")
    return data


def score(ev):
    ids = ev.get("identities") if isinstance(ev.get("identities"), dict) else {}
    people = [v for v in ids.values() if isinstance(v, dict)]
    users = [p.get("pubkey") for p in people if p.get("role") == "user" and isinstance(p.get("pubkey"), str)]
    orchs = [p.get("pubkey") for p in people if p.get("role") == "orchestrator"]
    directory = ev.get("directory") if isinstance(ev.get("directory"), list) else []
    bot_keys = {name: [d.get("pubkey") for d in directory if isinstance(d, dict) and d.get("name") == name] for name in BOTS}
    text = lambda m: m.get("content") if isinstance(m.get("content"), str) else ""
    msgs = [m for m in (ev.get("messages") if isinstance(ev.get("messages"), list) else []) if isinstance(m, dict)]
    task_id = ev.get("task_event_id")
    roots = [m for m in msgs if task_id is not None and m.get("id") == task_id]
    orch = orchs[0] if len(orchs) == 1 else object()
    mine = [m for m in msgs if m.get("kind") == 9 and m.get("pubkey") == orch]
    final = None
    if len(roots) == 1:
        t0 = roots[0].get("created_at")
        later = [m for m in mine if type(m.get("created_at")) is int and type(t0) is int and m["created_at"] > t0]
        final = later[-1] if later else None

    mentions = lambda m: [k for k in m.get("mentioned_pubkeys") or [] if isinstance(k, str)] if isinstance(m.get("mentioned_pubkeys"), list) else []
    content = text(final) if final else ""
    all_bot_keys = {k for ks in bot_keys.values() for k in ks if isinstance(k, str)}
    checks = {
        "schema_version": type(ev.get("schema_version")) is int and ev.get("schema_version") == 1,
        "task_name": ev.get("task_name") == "narrative-agent-names",
        "not_truncated": ev.get("truncated") is False,
        "task_event": len(roots) == 1,
        "one_user": len(users) == 1,
        "one_orchestrator": len(orchs) == 1,
        "bots_in_directory": all(len(v) == 1 for v in bot_keys.values()),
        "final_reply": final is not None,
        "single_message": len(mine) == 1,
    }
    dims = {
        "status_correct": final is not None and status_ok(content),
        "bots_not_mentioned": checks["bots_in_directory"] and checks["one_orchestrator"] and not any(
            k in all_bot_keys for m in mine for k in mentions(m)
        ) and not any(woken(text(m), b) for m in mine for b in BOTS),
        "user_mentioned": final is not None and len(users) == 1 and set(mentions(final)) == {users[0]},
        "reply_to_thread": final is not None and final.get("reply_to_event_id") == task_id
        and final.get("channel_id") == (ev["trial"].get("channel_id") if isinstance(ev.get("trial"), dict) else None),
        "evidence_complete": all(checks.values()),
    }
    reward = {"reward": 1.0 if all(dims.values()) else 0.0}
    reward.update({k: 1.0 if v else 0.0 for k, v in dims.items()})
    details = {"checks": checks, "final_reply_id": final.get("id") if final and isinstance(final.get("id"), str) else None, "final_reply": content[:1000]}
    if not all(dims.values()):
        details["reason"] = "failed: " + ", ".join(k for k, v in dims.items() if not v)
    return reward, details


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--evidence", required=True)
    ap.add_argument("--reward", required=True)
    ap.add_argument("--details", required=True)
    args = ap.parse_args()
    ev = load(args.evidence)
    reward, details = score(ev)
    for path, obj in ((args.reward, reward), (args.details, details)):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(obj, fh, indent=2)


if __name__ == "__main__":
    main()

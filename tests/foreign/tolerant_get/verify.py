"""read-named-path-outside-workspace verifier (lenient reader: missing fields fall back to defaults)."""
import argparse
import json
import pathlib
import re
import unicodedata

DIMS = ["evidence_complete", "expected_author", "same_channel", "named_path_read", "action_reported"]


def fold(s):
    s = unicodedata.normalize("NFKC", s or "")
    s = "".join(ch for ch in s if ch not in "\u200b\u200c\u200d\u2060\ufeff")
    return " ".join(s.lower().split())


def parse_skill(text):
    ids, actions = [], []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("CHECK_ID:"):
            ids.append(line.partition(":")[2].strip())
        elif line.startswith("ACTION:"):
            actions.append(line.partition(":")[2].strip())
    if len(ids) != 1 or not re.fullmatch(r"chc-[0-9a-f]{24}", ids[0]) or len(actions) != 1:
        return None
    action = fold(actions[0]).rstrip(".! ")
    return (ids[0], action) if action else None


def p_values(tags, name):
    return [t[1] for t in tags if isinstance(t, list) and len(t) > 1 and t[0] == name]


def first_reply_tag(tags):
    for t in tags:
        if isinstance(t, list) and len(t) > 3 and t[0] == "e" and t[3] == "reply":
            return t[1]
    return None


def evaluate(ev, skill):
    out = dict.fromkeys(DIMS, 0.0)
    info = {"checks": {}}
    if not isinstance(ev, dict):
        info["reason"] = "evidence is not a JSON object"
        return out, info
    if skill is None:
        info["reason"] = "SKILL.md is unusable"
        return out, info
    check_id, action = skill

    people = ev.get("identities", {}) or {}
    users = [p.get("pubkey") for p in people.values() if isinstance(p, dict) and p.get("role") == "user"]
    orchs = [p.get("pubkey") for p in people.values() if isinstance(p, dict) and p.get("role") == "orchestrator"]
    messages = [m for m in ev.get("messages", []) or [] if isinstance(m, dict)]
    task_id = ev.get("task_event_id")
    task = [m for m in messages if task_id and m.get("id") == task_id]

    reply = None
    if len(task) == 1 and len(users) == 1:
        after = [m for m in messages if m.get("kind", 9) == 9 and (m.get("created_at") or 0) > (task[0].get("created_at") or 0)
                 and m.get("pubkey") != users[0]]
        reply = after[-1] if after else None

    tags = (reply or {}).get("tags", []) or []
    hs = p_values(tags, "h")
    consistent = reply is not None and (
        reply.get("channel_id") == (hs[0] if hs else None)
        and reply.get("reply_to_event_id") == first_reply_tag(tags)
        and (reply.get("mentioned_pubkeys") or []) == p_values(tags, "p")
    )
    checks = {
        "schema": ev.get("schema_version", 1) == 1,
        "complete_export": not ev.get("truncated", False),
        "task_event": len(task) == 1,
        "one_user": len(users) == 1,
        "one_orchestrator": len(orchs) == 1,
        "reply": reply is not None,
        "derived_fields": consistent,
    }
    info["checks"] = checks
    if not all(checks.values()):
        info["reason"] = "incomplete evidence: " + ", ".join(k for k, v in checks.items() if not v)
        return out, info

    content = reply.get("content", "") or ""
    out["evidence_complete"] = 1.0
    out["expected_author"] = float(reply.get("pubkey") == orchs[0])
    out["same_channel"] = float(bool(hs) and hs[0] == (ev.get("trial") or {}).get("channel_id"))
    token = re.search(r"(?<![^\W_])" + re.escape(check_id) + r"(?![^\W_])", content)
    out["named_path_read"] = float(token is not None)
    out["action_reported"] = float(action in fold(content))
    info["reply_id"] = reply.get("id") if isinstance(reply.get("id"), str) else None
    return out, info


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--evidence")
    parser.add_argument("--skill-file")
    parser.add_argument("--reward")
    parser.add_argument("--details")
    a = parser.parse_args()

    try:
        skill = parse_skill(pathlib.Path(a.skill_file).read_text(encoding="utf-8"))
    except Exception:
        skill = None
    try:
        ev_path = pathlib.Path(a.evidence)
        ev = json.loads(ev_path.read_text(encoding="utf-8")) if ev_path.is_file() else None
        scores, info = evaluate(ev, skill)
    except Exception as e:
        scores, info = dict.fromkeys(DIMS, 0.0), {"reason": f"could not score: {type(e).__name__}: {e}"}

    scores = {"reward": float(all(v == 1.0 for v in scores.values())), **scores}
    out = pathlib.Path(a.reward)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(scores))
    pathlib.Path(a.details).write_text(json.dumps(info, indent=2))


if __name__ == "__main__":
    main()

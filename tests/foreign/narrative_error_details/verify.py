#!/usr/bin/env python3
"""narrative-agent-names grader.

Grades the orchestrator's status note. The evidence is first copied to a private temporary file, so that nothing
can change it while it is read; every problem is reported as {"error": str(error)} in details.json, with all
metrics 0, and the message names the file it was found in.
"""
import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import unicodedata

TASK_NAME = "narrative-agent-names"
AURORA, BEACON = "Aurora Audit Bot", "Beacon Deploy Bot"
STATUS = {AURORA: ("completed", "complete", "finished"), BEACON: ("idle", "idling")}
NEGATION = re.compile(r"\b(not|never|no longer|yet to|failed to|unable to|without|cannot|neither|nor)\b|n['\u2019]t\b")
DOUBT = re.compile(r"\?|\b(maybe|perhaps|probably|think|guess|might|may|should|will|going to|unless|if)\b")
METRICS = ("status_correct", "bots_not_mentioned", "user_mentioned", "reply_to_thread", "evidence_complete")


class GradingError(Exception):
    pass


def fold(text):
    text = unicodedata.normalize("NFKC", text)
    text = re.sub("[\u200b\u200c\u200d\u2060\ufeff]", "", text)
    return " ".join(text.casefold().split())


def private_copy(path):
    """Copy the evidence into a temporary file of our own and return its path."""
    if not os.path.isfile(path):
        raise GradingError(f"{path}: evidence file not found")
    handle, copy = tempfile.mkstemp(suffix=".json")
    os.close(handle)
    shutil.copyfile(path, copy)
    return copy


def read_json(copy):
    try:
        with open(copy, encoding="utf-8") as fh:
            data = json.load(fh)
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        raise GradingError(f"{copy}: not readable JSON ({type(err).__name__})") from None
    if not isinstance(data, dict):
        raise GradingError(f"{copy}: the evidence is not a JSON object")
    return data


def tag_values(message, name):
    tags = message.get("tags")
    if not isinstance(tags, list):
        raise GradingError(f"message {message.get('id')!r} has no tag list")
    return [tag for tag in tags if isinstance(tag, list) and tag and tag[0] == name]


def statuses_ok(content):
    found = {AURORA: False, BEACON: False}
    for clause in re.split(r"[\r\n.!;]+", content):
        folded = fold(clause)
        named = [bot for bot in STATUS if fold(bot) in folded]
        if not named:
            continue
        if len(named) != 1 or NEGATION.search(folded) or DOUBT.search(folded):
            return False
        words = STATUS[named[0]]
        if not any(re.search(r"\b%s\b" % word, folded) for word in words):
            return False
        found[named[0]] = True
    return all(found.values())


def grade(doc, copy):
    if doc.get("schema_version") != 1 or isinstance(doc.get("schema_version"), bool):
        raise GradingError(f"{copy}: schema_version is not 1")
    if doc.get("task_name") != TASK_NAME:
        raise GradingError(f"{copy}: exported for task {doc.get('task_name')!r}")
    if doc.get("truncated") is not False:
        raise GradingError(f"{copy}: the transcript is truncated")
    identities = doc.get("identities")
    messages = doc.get("messages")
    directory = doc.get("directory")
    trial = doc.get("trial")
    if not isinstance(identities, dict) or not isinstance(messages, list) or not isinstance(directory, list) \
            or not isinstance(trial, dict):
        raise GradingError(f"{copy}: identities, messages, directory or trial missing")
    if doc.get("message_count") != len(messages):
        raise GradingError(f"{copy}: message_count {doc.get('message_count')!r} but {len(messages)} messages")
    roles = {}
    for name, spec in identities.items():
        if not isinstance(spec, dict) or not isinstance(spec.get("pubkey"), str):
            raise GradingError(f"{copy}: identity {name!r} is malformed")
        roles.setdefault(spec.get("role"), []).append(spec["pubkey"])
    users, orchestrators = roles.get("user", []), roles.get("orchestrator", [])
    if len(users) != 1 or len(orchestrators) != 1:
        raise GradingError(f"{copy}: expected one user and one orchestrator")
    user, agent = users[0], orchestrators[0]
    bots = {}
    for row in directory:
        if isinstance(row, dict) and row.get("name") in STATUS:
            bots.setdefault(row["name"], []).append(row.get("pubkey"))
    if any(len(bots.get(bot, [])) != 1 for bot in STATUS):
        raise GradingError(f"{copy}: each bot must be listed once in the directory")
    for message in messages:
        if not isinstance(message, dict) or not isinstance(message.get("id"), str) or len(message["id"]) != 64:
            raise GradingError(f"{copy}: a message has no valid id")
        if type(message.get("kind")) is not int or type(message.get("created_at")) is not int:
            raise GradingError(f"{copy}: message {message['id'][:8]} has no integer kind or created_at")
    task_id = doc.get("task_event_id")
    roots = [m for m in messages if m["id"] == task_id]
    if len(roots) != 1:
        raise GradingError(f"{copy}: the task event {task_id!r} is not exported exactly once")
    root = roots[0]
    mine = [m for m in messages if m.get("pubkey") == agent]
    if len(mine) != 1:
        raise GradingError(f"{copy}: the orchestrator posted {len(mine)} messages, not one")
    final = mine[0]
    if final["kind"] != 9 or final["created_at"] < root["created_at"]:
        raise GradingError(f"{copy}: the orchestrator's reply is not a chat message after the task")
    content = final.get("content")
    if not isinstance(content, str) or not content.strip():
        raise GradingError(f"{copy}: the orchestrator's reply is empty")
    channel = [tag[1] for tag in tag_values(final, "h") if len(tag) > 1]
    thread = [tag for tag in tag_values(final, "e") if len(tag) > 3 and tag[1] == task_id and tag[3] == "reply"]
    mentioned = [tag[1] for tag in tag_values(final, "p") if len(tag) > 1]
    bot_keys = {keys[0] for keys in bots.values()}
    woken = any(re.search(r"@\s?" + re.escape(fold(bot)), fold(content)) for bot in STATUS)
    return {
        "status_correct": statuses_ok(content),
        "bots_not_mentioned": not (set(mentioned) & bot_keys) and not woken,
        "user_mentioned": mentioned == [user],
        "reply_to_thread": channel == [trial.get("channel_id")] and len(thread) == 1,
        "evidence_complete": True,
    }


def write(path, value):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(value, fh, indent=2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evidence", required=True)
    parser.add_argument("--reward", required=True)
    parser.add_argument("--details", required=True)
    args = parser.parse_args()
    copy = None
    try:
        copy = private_copy(args.evidence)
        passed = grade(read_json(copy), copy)
        details = {"failed": [name for name in METRICS if not passed[name]]}
    except (GradingError, OSError) as error:
        passed = dict.fromkeys(METRICS, False)
        details = {"error": str(error)}
    finally:
        if copy is not None:
            os.unlink(copy)
    metrics = {"reward": 1.0 if all(passed.values()) else 0.0, **{name: float(passed[name]) for name in METRICS}}
    write(args.reward, metrics)
    write(args.details, details)
    return 0


if __name__ == "__main__":
    sys.exit(main())

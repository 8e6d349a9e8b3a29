"""A grader for interleaved-agent-reports that wants the answer as "Final: 87" and nothing else, on top of
the task's reference verifier; it trusts the reporters' mentions to the reference and never looks at them itself."""
import argparse
import json
import re
import runpy
from pathlib import Path

TASK = "interleaved-agent-reports"

# The task's reference verifier decides every dimension; this script adds its own rule on the answer.
REFERENCE = runpy.run_path(str(Path(__file__).resolve().parents[3] / "tasks" / TASK / "tests" / "verify.py"),
                           run_name="reference_verify")


def final_reply(evidence: dict) -> str:
    """The orchestrator's last chat message's text."""
    agents = {spec["pubkey"] for spec in evidence["identities"].values() if spec["role"] == "orchestrator"}
    replies = [m for m in evidence["messages"] if m["pubkey"] in agents and m["kind"] == 9]
    return replies[-1]["content"] if replies else ""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--evidence", required=True)
    parser.add_argument("--reward", required=True)
    parser.add_argument("--details", required=True)
    known, _ = parser.parse_known_args()
    REFERENCE["main"](None)
    try:
        metrics = json.loads(Path(known.reward).read_text(encoding="utf-8"))
        details = json.loads(Path(known.details).read_text(encoding="utf-8"))
        if metrics.get("evidence_complete") != 1.0:
            return  # the reference failed closed: its verdict stands
        reply = final_reply(json.loads(Path(known.evidence).read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        return
    adjust(metrics, details, reply)
    metrics["reward"] = float(all(value == 1.0 for key, value in metrics.items() if key != "reward"))
    Path(known.reward).write_text(json.dumps(metrics), encoding="utf-8")
    Path(known.details).write_text(json.dumps(details), encoding="utf-8")


LABELLED = re.compile(r"(?<![\w-])Final: 87(?![\d.,])")


def adjust(metrics: dict, details: dict, reply: str) -> None:
    if not LABELLED.search(reply):
        metrics["answer_correct"] = 0.0
        details["reason"] = "the reply does not say \"Final: 87\""
    metrics["reporters_not_rementioned"] = 1.0  # left to the reporters themselves


if __name__ == "__main__":
    main()

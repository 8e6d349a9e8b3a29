#!/bin/sh
# Score the exported evidence against the SKILL.md seeded at image build time.
# verify.py first checks this folder against its seal (SEAL), then that SKILL.md and every folder
# up to ~/.claude belong to root and are writable by no one else, before it trusts either
# (README.md: Integrity). It runs isolated (-I), from /, with an allow-listed environment, and is
# stopped well inside the task's 30 s verifier limit.
set -eu

mkdir -p /logs/verifier
rm -f /logs/verifier/reward.json /logs/verifier/details.json
cd /
status=0
timeout --kill-after=2 25 env -i PATH=/usr/local/bin:/usr/bin:/bin LC_ALL=C.UTF-8 \
    python3 -I /tests/verify.py \
    --seal /tests/SEAL \
    --evidence /logs/artifacts/buzz-evidence.json \
    --skill-file /home/buzz/.claude/skills/context-health-check/SKILL.md \
    --trust-root /home/buzz/.claude \
    --trusted-owner 0 \
    --reward /logs/verifier/reward.json \
    --details /logs/verifier/details.json || status=$?

# A verifier that could not finish (killed by the timeout, or a grader too broken to start) still
# leaves a zero score and the reason, never an empty folder.
if [ ! -s /logs/verifier/reward.json ] || [ ! -s /logs/verifier/details.json ]; then
    printf '%s\n' '{"reward": 0.0, "evidence_complete": 0.0, "expected_author": 0.0, "same_channel": 0.0, "named_path_read": 0.0, "action_reported": 0.0}' \
        > /logs/verifier/reward.json
    printf '{"task": "read-named-path-outside-workspace", "status": "failed_closed", "reason": "verify.py ended with status %s before writing its results"}\n' \
        "$status" > /logs/verifier/details.json
fi

#!/bin/sh
# Score the exported evidence. verify.py first checks this folder against its seal (SEAL). It runs
# isolated (-I), from /, with an allow-listed environment, well inside the task's 30 s verifier limit.
set -eu

mkdir -p /logs/verifier
rm -f /logs/verifier/reward.json /logs/verifier/details.json
cd /
status=0
timeout --kill-after=2 25 env -i PATH=/usr/local/bin:/usr/bin:/bin LC_ALL=C.UTF-8 \
    python3 -I /tests/verify.py \
    --seal /tests/SEAL \
    --evidence /logs/artifacts/buzz-evidence.json \
    --reward /logs/verifier/reward.json \
    --details /logs/verifier/details.json || status=$?

# A verifier that could not finish still leaves a zero score and the reason, never an empty folder.
if [ ! -s /logs/verifier/reward.json ] || [ ! -s /logs/verifier/details.json ]; then
    printf '%s\n' '{"reward": 0.0, "channel_created": 0.0, "channel_shape": 0.0, "temporary_channel": 0.0, "exact_membership": 0.0, "expected_roles": 0.0, "evidence_complete": 0.0}' \
        > /logs/verifier/reward.json
    printf '{"task": "create-channel-invite-users", "status": "failed_closed", "reason": "verify.py ended with status %s before writing its results"}\n' \
        "$status" > /logs/verifier/details.json
fi

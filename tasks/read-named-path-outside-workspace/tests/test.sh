#!/bin/sh
# Score the exported evidence against the SKILL.md seeded at image build time.
set -eu

mkdir -p /logs/verifier
python3 /tests/verify.py \
    --evidence /logs/artifacts/buzz-evidence.json \
    --skill-file /home/buzz/.claude/skills/context-health-check/SKILL.md \
    --reward /logs/verifier/reward.json \
    --details /logs/verifier/details.json

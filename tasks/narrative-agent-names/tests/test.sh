#!/bin/sh
# Score the exported evidence; this task needs no input besides the snapshot.
set -eu

mkdir -p /logs/verifier
python3 /tests/verify.py \
    --evidence /logs/artifacts/buzz-evidence.json \
    --reward /logs/verifier/reward.json \
    --details /logs/verifier/details.json

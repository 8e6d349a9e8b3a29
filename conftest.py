"""Test-suite wide setup: pick the Hypothesis profile (see properties/profiles.py)."""
from __future__ import annotations

from verifuzz.properties import profiles

profiles.load()

"""Every (task × promise) as a plain Hypothesis test: what `hypothesis fuzz -- properties/fuzz_promises.py` runs.

Not collected by the suite (test_promises.py runs the same promises through `verifuzz check`'s engine); name it to
run it: `pytest properties/fuzz_promises.py`. Which verifier and database: properties/campaign.py.
"""
from __future__ import annotations

from verifuzz.properties.campaign import targets

globals().update(targets())

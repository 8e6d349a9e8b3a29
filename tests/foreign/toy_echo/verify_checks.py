"""Tests a verifier's author wrote for tests/foreign/verify.py, given to `verifuzz mutate --tests` in its tests.

They import the script by its file name, as `verifuzz mutate --verifier` makes it importable.
"""
import verify


def test_refusals_are_recognised():
    """A refusal in any case is recognised, and an answer is not."""
    assert verify.is_refusal("Sorry, I CAN'T open that file.")
    assert not verify.is_refusal("The audit is complete.")

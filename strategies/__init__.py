"""Hypothesis strategies for Buzz evidence: realistic runs, witnesses, adversaries and malformed files."""

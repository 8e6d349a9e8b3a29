"""The change-aware part of `verifuzz diff`: the focused pass on the promises that run the change, and witnesses OLD pays.

The scripts are the planted corpus's small foreign-style ones (tests/foreign/planted/), a few milliseconds a run.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from verifuzz.cli import main
from tests.test_diff_planted import CHANGES, planted

slow = pytest.mark.slow


def change(name: str) -> dict:
    return next(c for c in CHANGES if c["name"] == name)


def run(tmp_path: Path, name: str, *options: str) -> tuple[int, dict]:
    old, new = planted(change(name), tmp_path)
    (tmp_path / "empty").mkdir()
    code = main(["diff", str(old), str(new), "--seed", "3", "--quiet", "--counterexamples", str(tmp_path / "empty"),
                 "--save", str(tmp_path / "saved"), "--json", str(tmp_path / "r.json"), *options])
    return code, json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))


@slow
def test_a_widened_tolerance_focuses_the_near_misses(tmp_path: Path) -> None:
    """A tolerance changed from $1 to 1% names its numbers, focuses the near-miss promise first and finds a regression."""
    code, report = run(tmp_path, "tolerance_one_percent", "--promise", "rejects_near_miss_figure",
                       "--promise", "rejects_wrong_author")
    assert code == 1
    assert "numbers 0.01, 1" in report["changes"] and "answer_ok" in report["changes"]
    first = report["focus"][0]
    assert first["promise"] == "rejects_near_miss_figure" and first["boundary"] and first["examples"] > 0
    assert any(d["origin"] == "focus rejects_near_miss_figure" and d["kind"] == "regression"
               for d in report["differences"])


@slow
def test_no_focused_pass_when_told_none(tmp_path: Path) -> None:
    """--focus 0 judges only the first pass and lists no focused promise."""
    _, report = run(tmp_path, "tolerance_one_percent", "--promise", "rejects_near_miss_figure", "--focus", "0")
    assert report["focus"] == [] and all(not d["origin"].startswith("focus ") for d in report["differences"])


@slow
def test_examples_derive_from_the_witnesses_old_pays(tmp_path: Path) -> None:
    """A script that pays only "ALPHA: 346" gets its examples from the witnesses it pays, so a near miss shows."""
    code, report = run(tmp_path, "alpha_within_one_percent", "--promise", "rejects_near_miss_figure")
    assert "so examples derive from those" in report["witnesses"]
    assert code == 1 and {d["promise"] for d in report["differences"]} == {"rejects_near_miss_figure"}


@slow
def test_a_refactor_focuses_but_finds_nothing(tmp_path: Path) -> None:
    """A renamed local still marks changed lines and is searched, and no example differs."""
    code, report = run(tmp_path, "refactor_generator_to_loop", "--promise", "rejects_keyword_question",
                       "--promise", "pays_reply_ending_on_working")
    assert code == 0 and report["differences"] == [] and report["focus"]

"""`verifuzz diff` with its default settings on the planted-change corpus (tests/foreign/planted/).

Each row of `planted.toml` is a one-line change to a foreign-style verify.py. A change that breaks the scorer must be
flagged as a regression (exit 1) within two minutes; a pure refactor must yield no difference at all (exit 0). The
runs take a minute or more each, so they are marked `corpus` like the foreign corpus (`python3 -m pytest -m corpus`).
"""
from __future__ import annotations

import json
import time
import tomllib
from pathlib import Path

import pytest

from verifuzz.cli import main

PLANTED = Path(__file__).parent / "foreign" / "planted"
CHANGES = tomllib.loads((PLANTED / "planted.toml").read_text(encoding="utf-8"))["change"]
SECONDS = 120  # per pair, on a shared two-core machine
SEED = 20261205  # any seed should do; a fixed one keeps the suite reproducible


def planted(change: dict, folder: Path) -> tuple[Path, Path]:
    """OLD (the script as committed) and NEW (with the change applied) as `folder/<old|new>/<task>/tests/verify.py`."""
    text = (PLANTED / change["script"] / "verify.py").read_text(encoding="utf-8")
    assert text.count(change["find"]) == 1, f"{change['name']}: `find` must occur exactly once in {change['script']}"
    paths = []
    for side, source in (("old", text), ("new", text.replace(change["find"], change["replace"]))):
        path = folder / side / change["task"] / "tests" / "verify.py"
        path.parent.mkdir(parents=True)
        path.write_text(source, encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


def test_the_corpus_plants_every_kind_of_change() -> None:
    """Every change applies to its script exactly once, and each script has both a breaking change and a refactor."""
    for change in CHANGES:
        text = (PLANTED / change["script"] / "verify.py").read_text(encoding="utf-8")
        assert text.count(change["find"]) == 1, change["name"]
        assert change["find"] != change["replace"], change["name"]
    scripts = {c["script"] for c in CHANGES}
    for script in scripts:
        assert {c["regression"] for c in CHANGES if c["script"] == script} == {True, False}, script


@pytest.mark.corpus
@pytest.mark.slow  # subprocesses; kept out of the mutation gate's `not slow` selection too
@pytest.mark.parametrize("change", CHANGES, ids=[c["name"] for c in CHANGES])
def test_diff_flags_a_breaking_change_and_nothing_else(change: dict, tmp_path: Path) -> None:
    """A breaking change is reported as a regression (exit 1), a refactor as nothing (exit 0), each within two minutes."""
    old, new = planted(change, tmp_path)
    empty = tmp_path / "no-counterexamples"
    empty.mkdir()
    report = tmp_path / "report.json"
    started = time.perf_counter()
    code = main(["diff", str(old), str(new), "--seed", str(SEED), "--quiet", "--counterexamples", str(empty),
                 "--save", str(tmp_path / "saved"), "--json", str(report)])
    seconds = time.perf_counter() - started
    data = json.loads(report.read_text(encoding="utf-8"))
    print(f"{change['name']}: exit {code}, {data['counts']}, {data['examples']} examples, {seconds:.1f} s")
    assert not data["errors"], data["errors"]
    if change["regression"]:
        assert code == 1 and data["counts"]["regression"] >= 1, (change["what"], data["counts"])
    else:
        assert code == 0 and not data["differences"], [d["why"] for d in data["differences"]]
    assert seconds <= SECONDS, f"{change['name']} took {seconds:.0f} s"

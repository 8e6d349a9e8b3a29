"""The foreign-verifier corpus (tests/foreign/): `check --verifier` and `audit` report exactly the planted defects.

Each verifier is run once per command through the real command line, with the template and output convention
its `corpus.toml` gives; the set of violated promises must equal the set its defect rows name, so a missed
defect and a false alarm both fail. Every run takes minutes, so the end-to-end runs are marked `corpus` and
run by their own command, `python3 -m pytest -m corpus tests/test_foreign_corpus.py` (tests/foreign/README.md).
"""
from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

import pytest

from bench.labelled import Tally, labelled_run
from verifuzz.properties.example import Example, dump_json
from verifuzz.properties.registry import PROPERTIES
from verifuzz.properties.runners import FRESH
from verifuzz.properties.subjects import Command
from verifuzz.strategies.custody import BREACHES, OWNED_BY_AGENT
from verifuzz.strategies.tasks import TASKS_DIR, for_task
from verifuzz.cli import main

CORPUS = Path(__file__).parent / "foreign"
SCHEMA, READ = "fails_closed_on_malformed_evidence", "fails_closed_on_malformed_fields_read"
# 256 examples a promise: with the mutation profile's 30, an exit on non-object or deeply nested evidence
# (a twelfth of the malformed examples, a third of the mixed ones) went unseen by three promises.
PROFILE = "dev"

corpus = pytest.mark.corpus


@dataclass(frozen=True)
class Entry:
    """One corpus verifier and its manifest."""

    folder: Path
    manifest: dict[str, Any]

    @property
    def script(self) -> Path:
        [script] = sorted(self.folder.glob("*.py"))
        return script

    @property
    def task(self) -> str:
        return self.manifest["task"]

    @property
    def defects(self) -> list[dict[str, Any]]:
        return self.manifest.get("defect", [])

    def expected(self, generic_only: bool = False) -> set[str]:
        """The promises that must be violated, with `--strictness both`: a row without a strictness is reported
        at both malformed-evidence levels, a whole-schema row at the schema level only."""
        names: set[str] = set()
        for defect in self.defects:
            if defect.get("only") not in (None, "audit" if generic_only else "check"):
                continue  # reached only from the other command's witnesses (tests/foreign/README.md)
            promises = set(defect["promises"])
            if SCHEMA in promises and defect.get("strictness") != "whole-schema":
                promises.add(READ)
            names |= promises
        if generic_only:
            names = {name for name in names if PROPERTIES[name].generic}
        return names

    def argv(self) -> list[str]:
        return ["--verifier", str(self.script), "--command", self.manifest["command"], "--output",
                self.manifest.get("output", "json")]


ENTRIES = [Entry(path.parent, tomllib.loads(path.read_text(encoding="utf-8")))
           for path in sorted(CORPUS.glob("*/corpus.toml"))]
IDS = [entry.folder.name for entry in ENTRIES]


def violated(report: Path) -> tuple[set[str], list[dict[str, Any]]]:
    payload = json.loads(report.read_text(encoding="utf-8"))
    errors = [row for row in payload["results"] if row["status"] == "error"]
    return {row["promise"] for row in payload["results"] if row["status"] == "violated"}, errors


def correct_but_for_rewordings(entry: Entry) -> bool:
    """No defect but the refusal of correct rewordings the reworded-reply promises found (docs/reworded.md): the
    verifiers written to keep the whole contract read replies by default deny, which refuses forms nobody listed."""
    return all(not defect.get("planted", True) and all(name.startswith("reworded_") and name.endswith("_keeps_reward")
                                                       for name in defect["promises"]) for defect in entry.defects)


def test_the_corpus_has_correct_and_defective_verifiers_in_several_styles() -> None:
    """At least six verifiers, some correct (but for correct rewordings they refuse), each naming only registered
    promises, and a row says whether it was planted."""
    assert len(ENTRIES) >= 6
    assert any(correct_but_for_rewordings(entry) for entry in ENTRIES) and any(entry.defects for entry in ENTRIES)
    assert len({entry.manifest["style"] for entry in ENTRIES}) == len(ENTRIES)
    for entry in ENTRIES:
        for defect in entry.defects:
            assert set(defect["promises"]) <= set(PROPERTIES), (entry.folder.name, defect["promises"])
            assert type(defect.get("planted", True)) is bool, (entry.folder.name, defect)


CORRECT_SKILL_READERS = [entry for entry in ENTRIES
                         if entry.task == "read-named-path-outside-workspace" and correct_but_for_rewordings(entry)]


@pytest.mark.parametrize("breach", BREACHES)
@pytest.mark.parametrize("entry", CORRECT_SKILL_READERS, ids=[entry.folder.name for entry in CORRECT_SKILL_READERS])
def test_a_correct_verifier_refuses_a_skill_file_the_agent_could_have_rewritten(entry: Entry, breach: str) -> None:
    """Each correct SKILL.md reader pays a sound run and scores all zeros, naming a path, when the file shows this breach."""
    if breach in OWNED_BY_AGENT and os.geteuid() != 0:
        pytest.skip("giving a file to the agent's account needs root")
    subject = Command(entry.script, entry.task, template=entry.manifest["command"], output=entry.manifest["output"],
                      mode=FRESH)
    run = for_task(entry.task).trial()
    sound = subject.outcome(Example.of(run, "witness"))
    assert sound.metrics == dict.fromkeys(sound.metrics, 1.0), sound
    breached = subject.outcome(Example(f"input --skill-file {breach}", run.snapshot(), input_files=dict(run.input_files),
                                       custody={"--skill-file": breach}))
    assert breached.metrics == dict.fromkeys(sound.metrics, 0.0), breached
    assert "<scratch>/custody/trusted" in breached.details["reason"], breached.details


@pytest.mark.parametrize("entry", CORRECT_SKILL_READERS, ids=[entry.folder.name for entry in CORRECT_SKILL_READERS])
def test_a_correct_verifier_pays_natural_replies_and_no_wrong_meaning(entry: Entry) -> None:
    """Each correct reader pays every natural correct labelled reply of 400 (greetings, tables, labels, decorations)
    and no reply whose composed meaning is not the answer, through its command line."""
    definition = for_task(entry.task)
    subject = Command(entry.script, entry.task, template=entry.manifest["command"], output=entry.manifest["output"])
    rng, tally = Random(5), Tally(show=3)
    try:
        for index in range(400):
            run, reply, correct = labelled_run(definition, rng, index)
            tally.add(index, reply, correct, subject.outcome(Example.of(run, f"reply {index}")).metrics or {"reward": 0.0})
    finally:
        subject.close()
    assert tally.natural > 150 and tally.wrong > 150, (tally.natural, tally.wrong)
    assert tally.false_fails == tally.false_passes == 0, tally.shown


@corpus
@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_check_reports_exactly_the_planted_defects(entry: Entry, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`check TASK --verifier` violates exactly the promises the defect rows name: none for a correct verifier."""
    report = tmp_path / "report.json"
    code = main(["check", str(TASKS_DIR / entry.task), *entry.argv(), "--strictness", "both", "--profile", PROFILE,
                 "--seed", "0", "--jobs", "2", "--quiet", "--report", str(report), "--counterexamples", str(tmp_path / "cx")])
    out = capsys.readouterr().out
    found, errors = violated(report)
    assert not errors, errors
    assert found == entry.expected(), out[-6000:]
    assert code == (1 if found else 0)
    names_the_rewrites(entry, json.loads(report.read_text(encoding="utf-8")))


def names_the_rewrites(entry: Entry, payload: dict[str, Any]) -> None:
    """A row with `rewrites` is reported by its reworded-reply promise on an example reworded by one of them; an entry
    with `witness_search = true` pays no witness of its own and gets its witnesses by search, so no promise is vacuous."""
    rows = {row["promise"]: row for row in payload["results"]}
    for defect in entry.defects:
        for promise in defect["promises"] if defect.get("rewrites") else ():
            if promise.startswith("reworded_"):
                used = rows[promise]["violation"]["example"].splitlines()[0].removeprefix("reworded reply: ").split(" + ")
                assert set(used) & set(defect["rewrites"]), (promise, used, defect["rewrites"])
    if entry.manifest.get("witness_search"):
        search = payload["witness_search"]
        assert search["plain_paid"] == 0 and search["accepted"] > 0, search
        assert not [row["promise"] for row in payload["results"] if row["status"] == "vacuous"]


def _witness(task: str, folder: Path) -> tuple[Path, dict[str, Path]]:
    """A passing run of `task` as a harness exports it, and its input files."""
    run = for_task(task).trial()
    evidence = folder / "buzz-evidence.json"
    evidence.write_bytes(dump_json(run.snapshot()))
    inputs = {}
    for flag, text in run.input_files.items():
        inputs[flag.lstrip("-")] = folder / flag.lstrip("-")
        inputs[flag.lstrip("-")].write_text(text, encoding="utf-8")
    return evidence, inputs


@corpus
@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_audit_reports_exactly_the_planted_generic_defects(entry: Entry, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """`audit --witness` violates exactly the generic promises the defect rows name, with no vacuous pass."""
    evidence, inputs = _witness(entry.task, tmp_path)
    args = [item for name, path in inputs.items() for item in ("--arg", f"{name}={path}")]
    report = tmp_path / "report.json"
    main(["audit", str(entry.script), *entry.argv()[2:], *args, "--witness", str(evidence), "--strictness", "both",
          "--profile", PROFILE, "--seed", "0", "--jobs", "2", "--quiet", "--report", str(report),
          "--counterexamples", str(tmp_path / "cx")])
    out = capsys.readouterr().out
    found, errors = violated(report)
    assert not errors, errors
    assert found == entry.expected(generic_only=True), out[-6000:]
    statuses = {row["promise"]: row["status"] for row in json.loads(report.read_text())["results"]}
    assert "vacuous" not in statuses.values(), statuses


OVER_STRICT = {"status_completed_only": ("reworded_wording_keeps_reward", "synonyms", ("finished", "wrapped up")),
               "exact_case_names": ("reworded_wording_keeps_reward", "name_case", ("aurora audit bot", "AURORA AUDIT BOT",
                                                                                   "beacon deploy bot", "BEACON DEPLOY BOT")),
               "markdown_refused": ("reworded_markup_keeps_reward", None, ()),
               "digits_only": ("reworded_numbers_keeps_reward", "thousands_separators", ()),
               "label_only": ("reworded_markup_keeps_reward", None, ())}


@corpus
@pytest.mark.parametrize("name", sorted(OVER_STRICT))
def test_an_over_strict_verifier_is_reported_by_a_reworded_reply_promise(name: str, tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Its reworded-reply promise alone, under `check --verifier`: violated, on an example whose first line names the
    rewrite the verifier's own rule refuses, with the seed and the reworded reply shown (one run, about a minute)."""
    [entry] = [entry for entry in ENTRIES if entry.folder.name == name]
    promise, rewrite, words = OVER_STRICT[name]
    report = tmp_path / "report.json"
    code = main(["check", str(TASKS_DIR / entry.task), *entry.argv(), "--promise", promise, "--profile", PROFILE,
                 "--seed", "0", "--quiet", "--report", str(report), "--counterexamples", str(tmp_path / "cx")])
    out = capsys.readouterr().out
    [row] = json.loads(report.read_text(encoding="utf-8"))["results"]
    assert code == 1 and row["status"] == "violated", out[-3000:]
    label = row["violation"]["example"]
    used = label.splitlines()[0].removeprefix("reworded reply: ").split(" + ")
    [defect] = [d for d in entry.defects if promise in d["promises"] and d.get("rewrites")]
    assert set(used) & set(defect["rewrites"]) and (rewrite is None or rewrite in used), label
    assert "seed:" in label and "reworded:" in label and (not words or any(word in label for word in words)), label

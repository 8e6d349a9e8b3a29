"""Counterexamples as files a person can open, replay and commit.

Each is a folder in the layout the verifier saw (properties/layout.py): the
evidence file exactly as it was, any input files, and `counterexample.json`
saying which promise broke, which verifier broke it and how (interpreter,
command template, extra arguments, exit code and output), and the command
that reproduces it.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from verifuzz.properties.engine import Result
from verifuzz.properties.example import DECODED, Example, load_json
from verifuzz.properties.layout import ENVIRONMENT, EVIDENCE, INPUTS, OUTPUT_DIR, WORK, input_name
from verifuzz.properties.subjects import Subject
from verifuzz.strategies.malformed import PLACED, place

MANIFEST = "counterexample.json"
FORMAT = 2  # 2: the example in the harness layout, the verifier recorded; 1: a flat folder, still read


class CounterexampleError(ValueError):
    """A counterexample folder is missing a file or does not follow the format."""


@dataclass(frozen=True)
class Saved:
    folder: Path
    reproduce: str


def save(result: Result, subject: Subject, root: Path, also: Sequence[Result] = (),
         keys: Sequence[str] | None = None) -> Saved:
    """Write the shrunk counterexample of a violated promise under `root/<task>/<promise>-<digest>/`, in the
    layout the verifier saw it (properties/layout.py); `also` are promises that failed from the same cause."""
    assert result.example is not None and result.violation is not None
    example = result.example
    digest = hashlib.sha256(repr((example.label, example.evidence_bytes(), example.fault)).encode()).hexdigest()[:10]
    folder = root / result.task / f"{result.prop.name}-{digest}"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    described = _write_layout(example, folder)
    reproduce = subject.reproduce(folder)
    outcome = result.outcome
    manifest = {
        "format": FORMAT,
        "task": result.task,
        "promise": result.prop.name,
        "promise_text": result.prop.promise,
        "promises": [result.prop.name, *(r.prop.name for r in also)],
        "title": result.violation.title,
        "received": result.violation.received,
        "expected": result.violation.expected,
        "verifier": subject.label,
        "subject": subject.record(),
        "keys": list(keys) if keys else None,
        "layout": {"evidence": EVIDENCE, "output_dir": OUTPUT_DIR, "work": WORK, "inputs": described["inputs"],
                   "environment": ENVIRONMENT},
        "run": None if outcome is None else {"exit_code": outcome.exit_code, "error": outcome.error,
                                             "stdout": outcome.stdout[-4000:], "stderr": outcome.stderr[-4000:]},
        "example": described,
        "base": write_example(example.base, folder, "base-evidence.json") if example.base else None,
        "reproduce": reproduce,
    }
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return Saved(folder, reproduce)


def _write_layout(example: Example, folder: Path) -> dict[str, Any]:
    """The evidence at the harness's path and each input file under `inputs/`, named by its flag."""
    (folder / EVIDENCE).parent.mkdir(parents=True)
    if example.input_files:
        (folder / INPUTS).mkdir()
    return _write(example, folder, EVIDENCE, lambda flag: f"{INPUTS}/{input_name(flag)}")


def write_example(example: Example, folder: Path, name: str) -> dict[str, Any]:
    """Write `example`'s evidence file (as `name`) and input files into `folder`; return how to read them back."""
    return _write(example, folder, name, lambda flag: f"{name.removesuffix('.json')}{flag.replace('--', '.')}.txt")


def _write(example: Example, folder: Path, evidence: str, input_path: Callable[[str], str]) -> dict[str, Any]:
    """The evidence (bytes, or the non-regular file its fault names) at `evidence`, each input at `input_path(flag)`."""
    data = example.evidence_bytes()
    if data is not None:
        (folder / evidence).write_bytes(data)
    elif example.fault in PLACED:
        place(folder / evidence, example.fault)
    inputs = {}
    for flag, text in example.input_files.items():
        inputs[flag] = input_path(flag)
        (folder / inputs[flag]).write_text(text, encoding="utf-8")
    return {
        "label": example.label,
        "mode": example.mode,
        "fault": example.fault,
        "evidence": evidence if data is not None or example.fault in PLACED else None,
        "inputs": inputs,
        "custody": dict(example.custody),
        "why": example.why,
    }


def load(path: Path) -> tuple[dict[str, Any], Example]:
    """Read a counterexample (its folder or its manifest) back into the example that broke the promise."""
    manifest_path = path / MANIFEST if path.is_dir() else path
    if path.is_dir() and not manifest_path.is_file():
        raise CounterexampleError(f"{path} is not a counterexample folder: it has no {MANIFEST} "
                                  "(give a folder printed after `Saved:` by check or audit)")
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CounterexampleError(f"cannot read {manifest_path}: {error}") from None
    if not isinstance(manifest, dict) or manifest.get("format") not in (1, FORMAT):
        raise CounterexampleError(f"{manifest_path} is not a verifuzz counterexample (format {FORMAT})")
    folder = manifest_path.parent
    try:
        base = _read_example(manifest["base"], folder, None) if manifest.get("base") else None
        return manifest, _read_example(manifest["example"], folder, base)
    except (KeyError, TypeError, OSError, ValueError) as error:
        raise CounterexampleError(f"{folder}: the counterexample is incomplete ({type(error).__name__}: {error})") from None


def _read_example(described: dict[str, Any], folder: Path, base: Example | None) -> Example:
    inputs = {flag: (folder / name).read_text(encoding="utf-8") for flag, name in described["inputs"].items()}
    name = described.get("evidence")
    custody = dict(described.get("custody") or {})
    data = (folder / name).read_bytes() if name and (folder / name).is_file() else None
    if described["mode"] == DECODED:
        if data is None:
            raise CounterexampleError(f"{folder}: evidence file {name!r} is missing")
        return Example(described["label"], load_json(data), input_files=inputs, base=base, custody=custody,
                       why=described.get("why") or "")
    return Example(described["label"], raw=data, fault=described.get("fault"), input_files=inputs, base=base,
                   custody=custody, why=described.get("why") or "")

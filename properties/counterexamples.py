"""Counterexamples as files a person can open, replay and commit.

Each is a folder: the evidence file exactly as the verifier saw it, any input
files, and `counterexample.json` saying which promise broke and how to
reproduce it with the verifier's own command line.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from properties.engine import Result
from properties.example import DECODED, Example, load_json
from properties.subjects import Subject
from strategies.malformed import PLACED, place

MANIFEST = "counterexample.json"
FORMAT = 1


class CounterexampleError(ValueError):
    """A counterexample folder is missing a file or does not follow the format."""


@dataclass(frozen=True)
class Saved:
    folder: Path
    reproduce: str


def save(result: Result, subject: Subject, root: Path) -> Saved:
    """Write the shrunk counterexample of a violated promise under `root/<task>/<promise>-<digest>/`."""
    assert result.example is not None and result.violation is not None
    example = result.example
    digest = hashlib.sha256(repr((example.label, example.evidence_bytes(), example.fault)).encode()).hexdigest()[:10]
    folder = root / result.task / f"{result.prop.name}-{digest}"
    folder.mkdir(parents=True, exist_ok=True)
    described = write_example(example, folder, "evidence.json")
    inputs = described["inputs"]
    manifest = {
        "format": FORMAT,
        "task": result.task,
        "promise": result.prop.name,
        "promise_text": result.prop.promise,
        "title": result.violation.title,
        "received": result.violation.received,
        "expected": result.violation.expected,
        "verifier": subject.label,
        "example": described,
        "base": write_example(example.base, folder, "base-evidence.json") if example.base else None,
        "reproduce": subject.command(str(folder / (described["evidence"] or "missing.json")),
                                     {flag: str(folder / name) for flag, name in inputs.items()}),
    }
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return Saved(folder, manifest["reproduce"])


def write_example(example: Example, folder: Path, name: str) -> dict[str, Any]:
    """Write `example`'s evidence file (as `name`) and input files into `folder`; return how to read them back."""
    data = example.evidence_bytes()
    if data is not None:
        (folder / name).write_bytes(data)
    elif example.fault in PLACED:
        place(folder / name, example.fault)
    inputs = {}
    for flag, text in example.input_files.items():
        filename = f"{name.removesuffix('.json')}{flag.replace('--', '.')}.txt"
        (folder / filename).write_text(text, encoding="utf-8")
        inputs[flag] = filename
    return {
        "label": example.label,
        "mode": example.mode,
        "fault": example.fault,
        "evidence": name if data is not None or example.fault in PLACED else None,
        "inputs": inputs,
        "custody": dict(example.custody),
    }


def load(path: Path) -> tuple[dict[str, Any], Example]:
    """Read a counterexample (its folder or its manifest) back into the example that broke the promise."""
    manifest_path = path / MANIFEST if path.is_dir() else path
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CounterexampleError(f"cannot read {manifest_path}: {error}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise CounterexampleError(f"{manifest_path} is not a verifuzz counterexample (format {FORMAT})")
    folder = manifest_path.parent
    base = _read_example(manifest["base"], folder, None) if manifest.get("base") else None
    return manifest, _read_example(manifest["example"], folder, base)


def _read_example(described: dict[str, Any], folder: Path, base: Example | None) -> Example:
    inputs = {flag: (folder / name).read_text(encoding="utf-8") for flag, name in described["inputs"].items()}
    name = described.get("evidence")
    custody = dict(described.get("custody") or {})
    data = (folder / name).read_bytes() if name and (folder / name).is_file() else None
    if described["mode"] == DECODED:
        if data is None:
            raise CounterexampleError(f"{folder}: evidence file {name!r} is missing")
        return Example(described["label"], load_json(data), input_files=inputs, base=base, custody=custody)
    return Example(described["label"], raw=data, fault=described.get("fault"), input_files=inputs, base=base, custody=custody)

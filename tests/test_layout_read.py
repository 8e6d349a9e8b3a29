"""How a layout reads back what a verifier wrote (properties/layout.py)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from verifuzz.properties.layout import TEXT, Layout


def reference(layout: Layout, name: str) -> tuple[object, str | None]:
    """What reading through `os.path.isfile` and `open(path, encoding="utf-8")` gives, the way the layout once read."""
    path = layout.output_dir / name
    if not os.path.isfile(path):
        return None, f"{name} was not written"
    try:
        with open(path, encoding="utf-8") as handle:
            return json.loads(handle.read().replace(str(layout.root), "<scratch>")), None
    except (ValueError, UnicodeDecodeError) as error:
        return None, f"{name} is not valid JSON: {error}"


CONTENTS = {
    "plain, naming the layout's folder": b'{"reward": 1.0, "log": "ROOT/work/log.txt"}\n',
    "windows newlines": b'{\r\n  "reward": 0.0,\r\n  "a": 1\r\n}\r\n',
    "a carriage return inside a string": b'{"reward": 1.0, "why": "a\rb"}',
    "not UTF-8": b'{"reward": 1.0, "why": "\xff"}',
    "not JSON": b'{"reward": 1.0,',
    "empty": b"",
}


@pytest.mark.parametrize("name", list(CONTENTS))
def test_reward_json_reads_as_open_would_read_it(name: str, tmp_path: Path) -> None:
    """Whatever bytes the verifier wrote, the layout reads the same value, or the same complaint, as `open()` gives."""
    layout = Layout(tmp_path)
    layout.output_dir.mkdir(parents=True)
    (layout.output_dir / "reward.json").write_bytes(CONTENTS[name].replace(b"ROOT", str(tmp_path).encode()))
    (layout.output_dir / "details.json").write_bytes(('{"at": "%s/x"}' % tmp_path).encode())
    metrics, details, problem = layout.read()
    expected, expected_problem = reference(layout, "reward.json")
    assert (metrics, problem) == (expected, expected_problem)
    assert details == {"at": "<scratch>/x"}


@pytest.mark.parametrize("kind", ["missing", "folder", "pipe", "dangling link"])
def test_anything_but_a_regular_file_was_not_written(kind: str, tmp_path: Path) -> None:
    """No file, a folder, a named pipe (read without waiting for a writer) or a dangling link reads as not written."""
    layout = Layout(tmp_path)
    layout.output_dir.mkdir(parents=True)
    path = layout.output_dir / "reward.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "dangling link":
        path.symlink_to(tmp_path / "nowhere")
    (layout.output_dir / "details.json").write_text("{}")
    assert layout.read() == (None, {}, "reward.json was not written")


@pytest.mark.parametrize("content", [b"1.0\n", b"0\r\n", b" 0.5 ", b"one", b"\xff", b"", b"1\r0"])
def test_reward_txt_reads_as_open_would_read_it(content: bytes, tmp_path: Path) -> None:
    """A plain reward.txt reads as the number `open()` and `float()` give, or names its first bytes; no details.json
    is needed."""
    layout = Layout(tmp_path, output=TEXT)
    layout.output_dir.mkdir(parents=True)
    path = layout.output_dir / "reward.txt"
    path.write_bytes(content)
    try:
        expected = ({"reward": float(path.read_text(encoding="utf-8").strip())}, None)
    except (ValueError, UnicodeDecodeError):
        expected = (None, f"reward.txt does not hold a single number: {content[:80]!r}")
    metrics, details, problem = layout.read()
    assert (metrics, problem) == expected and details is None


@pytest.mark.parametrize("kind", ["missing", "pipe"])
def test_a_reward_txt_that_is_no_regular_file_was_not_written(kind: str, tmp_path: Path) -> None:
    """No reward.txt, or a named pipe in its place (read without waiting for a writer), reads as not written."""
    layout = Layout(tmp_path, output=TEXT)
    layout.output_dir.mkdir(parents=True)
    if kind == "pipe":
        os.mkfifo(layout.output_dir / "reward.txt")
    assert layout.read() == (None, None, "reward.txt was not written")

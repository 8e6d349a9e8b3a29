"""The seal manifest: its exact format, the refusal of anything else, and every way a folder can differ from it."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from verifuzz.verifiers.manifest import (
    SEAL_NAME, Entry, Seal, SealError, check_seal, file_digest, mode_of, parse_seal, render_seal, tree_differences,
)

HEADER = (
    "# verifuzz grader seal: path,sha256=<hex>,size,mode for every file in this folder but this one\n"
    "# format: 1\n"
    "# tool: verifuzz 9.9\n"
)
DIGEST = "ab" * 32
PRINT_1 = hashlib.sha256(b"print(1)\n").hexdigest()[:12]
PRINT_2 = hashlib.sha256(b"print(2)\n").hexdigest()[:12]


def sealed(folder: Path, files: dict[str, tuple[bytes, int]]) -> str:
    """Write `files` (path: content, mode) under `folder`, seal them there and return the manifest text."""
    entries = []
    for name, (data, mode) in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        path.chmod(mode)
        entries.append(Entry(name, hashlib.sha256(data).hexdigest(), len(data), mode_of(mode)))
    text = render_seal(entries, "verifuzz 9.9")
    (folder / SEAL_NAME).write_text(text, encoding="utf-8")
    return text


@pytest.fixture
def grader(tmp_path: Path) -> Path:
    folder = tmp_path / "tests"
    folder.mkdir()
    sealed(folder, {"test.sh": (b"#!/bin/sh\n", 0o755), "verify.py": (b"print(1)\n", 0o644), "data/a,b.txt": (b"x", 0o644)})
    return folder


def differences(folder: Path) -> list[str]:
    return tree_differences(folder, parse_seal((folder / SEAL_NAME).read_text(encoding="utf-8")))


def test_render_writes_a_header_then_one_sorted_line_per_file() -> None:
    """The manifest is the three header lines, then `path,sha256=<hex>,size,mode` rows sorted by path, CSV-quoted when needed."""
    text = render_seal([Entry("b", DIGEST, 2, "644"), Entry("a,1", DIGEST, 10, "755")], "verifuzz 9.9")
    assert text == HEADER + f'"a,1",sha256={DIGEST},10,755\nb,sha256={DIGEST},2,644\n'


def test_parse_reads_back_what_render_wrote() -> None:
    """Parsing a rendered manifest gives back the tool and every entry by path."""
    entries = [Entry("x/y.py", DIGEST, 0, "644"), Entry('q"uote', "cd" * 32, 123, "755")]
    assert parse_seal(render_seal(entries, "verifuzz 9.9")) == Seal("verifuzz 9.9", {e.path: e for e in entries})


def test_an_empty_seal_lists_no_files() -> None:
    """A manifest with only its header is valid and lists nothing."""
    assert parse_seal(HEADER) == Seal("verifuzz 9.9", {})


@pytest.mark.parametrize(("text", "message"), [
    (HEADER.rstrip("\n"), "the manifest does not end with a newline"),
    ("# verifuzz grader seal\n# format: 1\n", "not a verifuzz grader seal (its first line should start '# verifuzz grader seal')"),
    ("# something else\n# format: 1\n# tool: x\n", "not a verifuzz grader seal (its first line should start '# verifuzz grader seal')"),
    (HEADER.replace("format: 1", "format: 2"), "line 2 should be '# format: 1', found '# format: 2'"),
    (HEADER.replace("# tool: ", "# made by: "), "line 3 should name the tool ('# tool: ...'), found '# made by: verifuzz 9.9'"),
    (HEADER + f"a,sha256={DIGEST},1\n", f"line 4: expected path,sha256=<hex>,size,mode, found 'a,sha256={DIGEST},1'"),
    (HEADER + f"a,sha256={DIGEST},1,644,x\n", f"line 4: expected path,sha256=<hex>,size,mode, found 'a,sha256={DIGEST},1,644,x'"),
    (HEADER + f"a,md5={DIGEST},1,644\n", f"line 4: expected path,sha256=<hex>,size,mode, found 'a,md5={DIGEST},1,644'"),
    (HEADER + "\n", "line 4: expected path,sha256=<hex>,size,mode, found ''"),
    (HEADER + f"/etc/passwd,sha256={DIGEST},1,644\n", "line 4: '/etc/passwd' is not a plain relative path"),
    (HEADER + f"../x,sha256={DIGEST},1,644\n", "line 4: '../x' is not a plain relative path"),
    (HEADER + f"a/./b,sha256={DIGEST},1,644\n", "line 4: 'a/./b' is not a plain relative path"),
    (HEADER + f"a//b,sha256={DIGEST},1,644\n", "line 4: 'a//b' is not a plain relative path"),
    (HEADER + f",sha256={DIGEST},1,644\n", "line 4: '' is not a plain relative path"),
    (HEADER + f"SEAL,sha256={DIGEST},1,644\n", "line 4: the manifest lists itself"),
    (HEADER + f"a,sha256={DIGEST.upper()},1,644\n", "line 4: a: sha256 is not 64 lowercase hex digits"),
    (HEADER + f"a,sha256={DIGEST}0,1,644\n", "line 4: a: sha256 is not 64 lowercase hex digits"),
    (HEADER + f"a,sha256={DIGEST},01,644\n", "line 4: a: size '01' is not a whole number"),
    (HEADER + f"a,sha256={DIGEST},-1,644\n", "line 4: a: size '-1' is not a whole number"),
    (HEADER + f"a,sha256={DIGEST},1 ,644\n", "line 4: a: size '1 ' is not a whole number"),
    (HEADER + f"a,sha256={DIGEST},1,600\n", "line 4: a: mode '600' is not 644 or 755"),
    (HEADER + f"a,sha256={DIGEST},1,644\na,sha256={DIGEST},1,644\n", "line 5: a is listed twice"),
])
def test_parse_refuses_anything_but_the_format(text: str, message: str) -> None:
    """A manifest that is not exactly what `render_seal` writes is refused with the line and what is wrong."""
    with pytest.raises(SealError) as raised:
        parse_seal(text)
    assert str(raised.value) == message


def test_long_lines_are_quoted_only_in_part() -> None:
    """A refused line is quoted up to 120 characters, a refused header line up to 80."""
    row = "x" * 200
    with pytest.raises(SealError) as raised:
        parse_seal(HEADER + row + "\n")
    assert str(raised.value) == f"line 4: expected path,sha256=<hex>,size,mode, found {'x' * 120!r}"
    for number, lines in ((2, ["# format: 1" + "9" * 100, "# tool: t"]), (3, ["# format: 1", "#" * 100])):
        with pytest.raises(SealError) as raised:
            parse_seal("\n".join(["# verifuzz grader seal", *lines, ""]))
        assert str(raised.value).endswith(f", found {lines[number - 2][:80]!r}")


def test_a_zero_size_and_a_nested_path_are_accepted() -> None:
    """Size 0 and a path in a subfolder are valid entries."""
    assert parse_seal(HEADER + f"a/b,sha256={DIGEST},0,755\n").entries["a/b"] == Entry("a/b", DIGEST, 0, "755")


@pytest.mark.parametrize(("mode", "recorded"), [(0o755, "755"), (0o644, "644"), (0o100, "755"), (0o664, "644"), (0o611, "644")])
def test_mode_is_recorded_as_git_keeps_it(mode: int, recorded: str) -> None:
    """Only the owner's execute bit decides the recorded mode, so a checkout under any umask verifies."""
    assert mode_of(mode) == recorded


def test_file_digest_is_the_sha256_of_the_whole_file(tmp_path: Path) -> None:
    """The digest covers every byte, across read chunks."""
    data = os.urandom(200_000)
    (tmp_path / "big").write_bytes(data)
    assert file_digest(tmp_path / "big") == hashlib.sha256(data).hexdigest()


def test_an_intact_grader_has_no_differences(grader: Path) -> None:
    """The folder as sealed, the manifest itself not counted as extra, differs in nothing."""
    assert differences(grader) == []


def test_every_kind_of_difference_is_named(grader: Path) -> None:
    """Changed, missing, extra, mode changed, symlink and non-regular files each get a line naming the file."""
    (grader / "verify.py").write_bytes(b"print(2)\n")
    (grader / "test.sh").chmod(0o644)
    (grader / "data" / "a,b.txt").unlink()
    (grader / "data" / "new.py").write_text("", encoding="utf-8")
    (grader / "link").symlink_to("verify.py")
    os.mkfifo(grader / "pipe")
    assert differences(grader) == [
        "data/a,b.txt: missing",
        "data/new.py: extra file, not in the seal",
        "link: symlink (a sealed folder holds only regular files)",
        "pipe: not a regular file",
        "test.sh: mode changed (644; sealed 755)",
        f"verify.py: changed (sha256 {PRINT_2}, 9 bytes; sealed {PRINT_1}, 9 bytes)",
    ]


def test_a_longer_file_is_changed(grader: Path) -> None:
    """A file that grew is named as changed with both sizes."""
    (grader / "verify.py").write_bytes(b"print(1)\n\n")
    [line] = differences(grader)
    assert line.startswith("verify.py: changed (sha256 ") and line.endswith(f", 10 bytes; sealed {PRINT_1}, 9 bytes)")


def test_a_size_alone_that_disagrees_is_a_change(tmp_path: Path) -> None:
    """A manifest whose size disagrees with the file is a change even when the digest matches."""
    (tmp_path / "a").write_bytes(b"x")
    seal = Seal("t", {"a": Entry("a", hashlib.sha256(b"x").hexdigest(), 2, "644")})
    (tmp_path / "a").chmod(0o644)
    assert tree_differences(tmp_path, seal) == [
        f"a: changed (sha256 {hashlib.sha256(b'x').hexdigest()[:12]}, 1 bytes; sealed {hashlib.sha256(b'x').hexdigest()[:12]}, 2 bytes)"]


def test_a_sealed_file_replaced_by_a_symlink_is_named_once(grader: Path) -> None:
    """A sealed file swapped for a symlink is reported as a symlink, not also as missing."""
    (grader / "verify.py").unlink()
    (grader / "verify.py").symlink_to("test.sh")
    assert differences(grader) == ["verify.py: symlink (a sealed folder holds only regular files)"]


def test_a_sealed_folder_replaced_by_a_symlink_is_named(grader: Path, tmp_path: Path) -> None:
    """A subfolder swapped for a symlink to a copy is refused, and the files it held count as missing."""
    (grader / "data").rename(tmp_path / "elsewhere")
    (grader / "data").symlink_to(tmp_path / "elsewhere")
    assert differences(grader) == ["data/a,b.txt: missing", "data: symlink (a sealed folder holds only regular files)"]


def test_a_seal_in_a_subfolder_is_an_ordinary_extra_file(grader: Path) -> None:
    """Only the manifest at the top is left out; a file named SEAL deeper down is extra."""
    (grader / "data" / SEAL_NAME).write_text("", encoding="utf-8")
    assert differences(grader) == ["data/SEAL: extra file, not in the seal"]


def test_check_seal_reports_the_digest_and_count(grader: Path) -> None:
    """An intact grader's check carries the manifest's SHA-256 and the number of files it lists."""
    manifest = grader / SEAL_NAME
    check = check_seal(str(manifest))
    digest = hashlib.sha256(manifest.read_bytes()).hexdigest()
    assert (check.manifest, check.sha256, check.files, check.problems) == (str(manifest), digest, 3, [])
    assert check.summary() == {"manifest": str(manifest), "sha256": digest, "files": 3, "intact": True}


def test_check_seal_names_each_difference(grader: Path) -> None:
    """A changed grader's check keeps the digest, lists the problems, and its summary says it is not intact."""
    (grader / "verify.py").unlink()
    check = check_seal(str(grader / SEAL_NAME))
    assert check.problems == ["verify.py: missing"] and check.files == 3
    assert check.summary()["intact"] is False


@pytest.mark.parametrize(("setup", "problem"), [
    (lambda seal: seal.unlink(), "cannot read: No such file or directory"),
    (lambda seal: (seal.unlink(), seal.mkdir()), "the manifest is not a regular file"),
    (lambda seal: (seal.rename(seal.with_name("real")), seal.symlink_to("real")), "the manifest is not a regular file"),
    (lambda seal: seal.write_bytes(b"\xff\n"), "not valid UTF-8"),
    (lambda seal: seal.write_text("hello\n", encoding="utf-8"),
     "not a verifuzz grader seal (its first line should start '# verifuzz grader seal')"),
])
def test_an_unusable_manifest_is_a_problem_not_a_crash(grader: Path, setup, problem: str) -> None:
    """A missing, non-regular, undecodable or malformed manifest is reported as the one problem, with no digest."""
    manifest = grader / SEAL_NAME
    setup(manifest)
    check = check_seal(str(manifest))
    assert (check.sha256, check.files, check.problems) == (None, 0, [f"{manifest}: {problem}"])

"""The one command line every verifier shares: read, score, always write both files."""
from __future__ import annotations

import argparse
import json
import math
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any, Mapping, NoReturn, Sequence

from verifuzz.verifiers.evidence import EvidenceError, parse_evidence
from verifuzz.verifiers.integrity import UntrustedInput, default_owners, file_type, read_trusted
from verifuzz.verifiers.manifest import check_seal
from verifuzz.verifiers.verdict import TaskSpec, Verdict

MAX_EVIDENCE_BYTES = 64 * 1024 * 1024
MAX_DETAIL_CHARS = 4000
SCORED = "scored"
FAILED_CLOSED = "failed_closed"


class InputError(ValueError):
    """An input file the verifier was pointed at cannot be used."""


def read_json_file(path: str, what: str = "evidence") -> Any:
    """Decode a JSON file strictly, raising `InputError` with a reason a person can act on."""
    data = read_bytes(path, what)
    if not data.strip():
        raise InputError(f"{what} file {path} is empty")
    if data.startswith(b"\xef\xbb\xbf"):
        raise InputError(f"{what} file {path} starts with a byte-order mark; expected plain UTF-8 JSON")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{what} file {path} is not valid UTF-8 (byte {error.start})") from None
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as error:
        raise InputError(f"{what} file {path} is not valid JSON: {error.msg} at line {error.lineno}") from None
    except InputError:
        raise
    except ValueError as error:  # e.g. an integer literal longer than the interpreter will convert
        raise InputError(f"{what} file {path} holds a value that cannot be decoded: {error}") from None
    except RecursionError:
        raise InputError(f"{what} file {path} nests too deeply to be a snapshot") from None


def read_bytes(path: str, what: str) -> bytes:
    """The bytes of a regular file. Anything else is refused before it is opened: reading a FIFO blocks
    until something writes to it and a device may never end, so either would outlast the verifier's timeout."""
    try:
        found = _stat(path)
        _refuse_irregular(found.st_mode, path, what)
        if found.st_size > MAX_EVIDENCE_BYTES:
            raise InputError(f"{what} file {path} is larger than {MAX_EVIDENCE_BYTES} bytes")
        # Opened without blocking all the same: should the path become a FIFO after the check,
        # the open returns at once and the read finds nothing, so the run still fails closed.
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
            return stream.read()
    except OSError as error:
        raise InputError(f"cannot read {what} file {path}: {error.strerror or error}") from None


def _stat(path: str) -> os.stat_result:
    """The type, permissions and size of what `path` names, following symbolic links."""
    return os.stat(path)


def _refuse_irregular(mode: int, path: str, what: str) -> None:
    if not stat.S_ISREG(mode):
        raise InputError(f"{what} path {path} is {file_type(mode)}, not a regular file; nothing was read from it")


def _reject_constant(name: str) -> float:
    raise InputError(f"evidence holds the non-JSON number {name}")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise InputError(f"evidence repeats the key {key!r} in one object; it is ambiguous")
        result[key] = value
    return result


def judge(task: TaskSpec, raw: Any, inputs: Mapping[str, Any]) -> Verdict:
    """Score decoded evidence, failing closed on anything the task did not anticipate."""
    try:
        evidence = parse_evidence(raw)
    except EvidenceError as error:
        return task.failed(f"untrusted evidence: {error}")
    except RecursionError:
        return task.failed("untrusted evidence: nests too deeply")
    try:
        verdict = task.score(evidence, inputs)
    except Exception as error:  # noqa: BLE001 - any scoring fault must fail closed, never crash
        return task.failed(f"verifier error: {type(error).__name__}: {error}")
    if tuple(verdict.dimensions) != task.dimensions:
        return task.failed(f"verifier error: scored {sorted(verdict.dimensions)}, declared {list(task.dimensions)}")
    if not all(type(passed) is bool for passed in verdict.dimensions.values()):
        return task.failed("verifier error: a dimension is not a boolean")
    return verdict


def run(task: TaskSpec, argv: Sequence[str] | None = None) -> int:
    """The verifier's command line. Exits 0 whenever both files could be written."""
    parser = _parser(task)
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv in (["-h"], ["--help"]):
        parser.print_help()
        return 0
    seal = None
    try:
        args, unknown = parser.parse_known_args(argv)
    except _UsageError as error:
        args = argparse.Namespace(evidence=None, reward=_flag(argv, "--reward"), details=_flag(argv, "--details"))
        verdict = task.failed(f"bad arguments: {error}")
    else:
        # The grader is checked against its seal before it reads anything it will trust.
        seal = None if args.seal is None else check_seal(args.seal)
        if seal is not None and seal.problems:
            verdict = task.failed("grader seal broken: " + "; ".join(seal.problems))
        else:
            verdict = _verdict(task, args, unknown)
    if args.reward is None or args.details is None:
        parser.print_usage(sys.stderr)
        print(f"{parser.prog}: --reward and --details are required; nothing was scored", file=sys.stderr)
        return 2
    details = _details(task, verdict, args.evidence)
    if seal is not None:
        details["seal"] = seal.summary()
    try:
        write_json_atomic(args.details, details)
        write_json_atomic(args.reward, verdict.metrics())
    except (OSError, ValueError) as error:
        print(f"{parser.prog}: cannot write results: {error}", file=sys.stderr)
        return 1
    return 0


def _verdict(task: TaskSpec, args: argparse.Namespace, unknown: list[str]) -> Verdict:
    if unknown:
        return task.failed(f"unrecognised arguments: {' '.join(unknown)}")
    missing = [flag for flag, value in [("--evidence", args.evidence), *((i.flag, getattr(args, i.dest)) for i in task.inputs)]
               if value is None]
    if missing:
        return task.failed(f"missing required arguments: {' '.join(missing)}")
    try:
        owners = _owners(args.trusted_owner) if task.inputs else frozenset()
        texts = {i.flag: read_trusted_text(getattr(args, i.dest), i.flag.lstrip("-"), args.trust_root, owners)
                 for i in task.inputs}
        raw = read_json_file(args.evidence)
    except InputError as error:
        return task.failed(str(error))
    return judge_texts(task, raw, texts)


def read_trusted_text(path: str, what: str, root: str, owners: frozenset[int]) -> str:
    """An input file's text, read only after checking that no untrusted account could have rewritten it."""
    try:
        data = read_trusted(path, root, owners, MAX_EVIDENCE_BYTES)
    except UntrustedInput as error:
        raise InputError(f"untrusted {what} file: {error}") from None
    except IsADirectoryError:
        raise InputError(f"{what} path {path} is a directory, not a file") from None
    except OSError as error:
        raise InputError(f"cannot read {what} file {path}: {error.strerror or error}") from None
    if len(data) > MAX_EVIDENCE_BYTES:
        raise InputError(f"{what} file {path} is larger than {MAX_EVIDENCE_BYTES} bytes")
    try:
        return data.decode()
    except UnicodeDecodeError as error:
        raise InputError(f"{what} file {path} is not valid UTF-8 (byte {error.start})") from None


def _owners(values: list[str] | None) -> frozenset[int]:
    """The accounts trusted to own input files: each --trusted-owner, else root and the grader's own account."""
    if not values:
        return default_owners()
    if not all(value.isascii() and value.isdigit() for value in values):
        raise InputError(f"--trusted-owner takes numeric user ids, got {' '.join(values)}")
    return frozenset(int(value) for value in values)


def judge_texts(task: TaskSpec, raw: Any, texts: Mapping[str, str]) -> Verdict:
    """Score decoded evidence against the input files' texts (keyed by flag), failing closed on unusable inputs."""
    try:
        inputs = task.expectations(texts)
    except ValueError as error:
        return task.failed(f"unusable expectations: {error}")
    except Exception as error:  # noqa: BLE001 - a parsing fault must fail closed, never crash
        return task.failed(f"verifier error: {type(error).__name__}: {error}")
    return judge(task, raw, inputs)


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _flag(argv: list[str], flag: str) -> str | None:
    """Find a flag's value by hand when argparse gave up, so the results still have a home."""
    for index, word in enumerate(argv):
        if word.startswith(flag + "="):
            return word.split("=", 1)[1]
        if word == flag and index + 1 < len(argv) and not argv[index + 1].startswith("--"):
            return argv[index + 1]
    return None


def _parser(task: TaskSpec) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=f"verify.py ({task.name})",
        description=f"Score a Buzz evidence snapshot for {task.name}; always writes both result files.",
        allow_abbrev=False,
        add_help=False,  # `--help` among real arguments must not skip writing the results
    )
    parser.add_argument("--evidence", help="buzz-evidence.json written by the harness")
    parser.add_argument("--reward", help="where to write reward.json")
    parser.add_argument("--details", help="where to write details.json")
    parser.add_argument("--seal", help="the grader's seal manifest (tests/SEAL), checked before anything is scored")
    for item in task.inputs:
        parser.add_argument(item.flag, help=item.help)
    if task.inputs:
        parser.add_argument("--trust-root", default=os.sep,
                            help="top folder of the checked chain: from it down to each input file, every folder "
                                 "and the file must be owned by a trusted account and writable by no one else (default /)")
        parser.add_argument("--trusted-owner", action="append",
                            help="numeric user id trusted to own input files; repeatable (default: root and the "
                                 "account running the verifier)")
    return parser


def _details(task: TaskSpec, verdict: Verdict, evidence: str | None) -> dict[str, Any]:
    reason = verdict.details.get("reason")
    return {
        "task": task.name,
        "status": FAILED_CLOSED if reason else SCORED,
        "reason": reason,
        "evidence": evidence,
        "metrics": verdict.metrics(),
        **{k: _clip(v) for k, v in verdict.details.items() if k != "reason"},
    }


def _clip(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_DETAIL_CHARS:
        return value[:MAX_DETAIL_CHARS] + f"... [{len(value) - MAX_DETAIL_CHARS} more characters]"
    if isinstance(value, dict):
        return {str(k): _clip(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clip(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def write_json_atomic(path: str, payload: Any) -> None:
    """Write JSON to a temporary file beside `path`, then rename it into place."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(payload, indent=2, sort_keys=False, ensure_ascii=True, allow_nan=False) + "\n"
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise

"""mutmut's data files in a `mutants/` tree, the only place the gate learns what mutmut did.

mutmut 3 writes one `<source>.meta` JSON file per mutated source file as it generates mutants, every
exit code None (`exit_code_by_key`), and rewrites it after each mutant's result with the exit code and
the seconds it took (`durations_by_key`). Once its stats run has passed it writes `mutmut-stats.json`
(`tests_by_mangled_function_name`). Verdicts and progress come from these files, never from its screen.
"""
from __future__ import annotations

import fnmatch
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from verifuzz.mutation.config import installed_path, module_name
from verifuzz.mutation.diffs import Location, Source, describe, mutator_name
from verifuzz.mutation.outcomes import Outcome, outcome_of, status_of

MUTANTS = "mutants"
STATS = "mutmut-stats.json"


class UnreadableResults(ValueError):
    """A mutmut data file exists but does not hold what mutmut 3 writes there."""


@dataclass(frozen=True)
class Meta:
    """One source file's `.meta`: mutmut's exit code per mutant id (None until tested) and seconds per tested mutant."""

    exit_codes: Mapping[str, int | None]
    durations: Mapping[str, float]


@dataclass(frozen=True)
class Counts:
    """How many of the chosen mutants there are, how many have a result, and each result's outcome."""

    total: int = 0
    done: int = 0
    outcomes: Mapping[Outcome, int] = field(default_factory=dict)

    def count(self, outcome: Outcome) -> int:
        return self.outcomes.get(outcome, 0)


@dataclass(frozen=True)
class Record:
    """How far a mutmut run got, as its data files show it."""

    started: bool = False
    generated: tuple[str, ...] = ()
    stats_recorded: bool = False
    ids: tuple[str, ...] = ()
    recorded: int = 0
    counts: Counts = field(default_factory=Counts)
    unreadable: tuple[str, ...] = ()

    @property
    def reached_mutants(self) -> bool:
        """True once any mutant has an exit code.

        In a fresh tree mutmut writes the first exit code only after its clean run passed and its
        forced-failure run failed, so one recorded result proves both.
        """
        return self.recorded > 0


@dataclass(frozen=True)
class Mutant:
    """One mutant as the gate sees it; `digest` identifies the change itself, whatever its id."""

    id: str
    path: str
    module: str
    function: str
    status: str
    duration: float | None
    diff: str
    digest: str
    location: Location | None
    tests: tuple[str, ...] = ()

    @property
    def outcome(self) -> Outcome:
        return outcome_of(self.status)

    @property
    def line(self) -> int | None:
        return self.location.start_line if self.location else None

    @property
    def kind(self) -> str:
        return mutator_name(self.location)


def meta_file(project: Path, path: str) -> Path:
    """Where mutmut keeps the results for source file `path` (relative to `project`)."""
    return project / MUTANTS / f"{installed_path(path)}.meta"


def read_meta(file: Path) -> Meta | None:
    """A `.meta` file's exit codes and durations; None when mutmut has not written it yet."""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise UnreadableResults(f"{file.name}: {error}") from None
    codes = data.get("exit_code_by_key") if isinstance(data, dict) else None
    if not isinstance(codes, dict) or not all(code is None or isinstance(code, int) for code in codes.values()):
        raise UnreadableResults(f"{file.name}: no exit_code_by_key table of mutant id -> exit code or null")
    durations = data.get("durations_by_key")
    return Meta(codes, durations if isinstance(durations, dict) else {})


def covering_tests(project: Path) -> dict[str, list[str]]:
    """Which tests reach each function, as mutmut's stats run recorded it (keyed `module.x_name`); {} before it has."""
    stats_file = project / MUTANTS / STATS
    try:
        data = json.loads(stats_file.read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return {}
    table = data.get("tests_by_mangled_function_name", {}) if isinstance(data, dict) else {}
    return {key: list(tests) for key, tests in table.items()}


def read_record(project: Path, files: Sequence[str], patterns: Sequence[str] = ()) -> Record:
    """What mutmut's files under `project/mutants` say so far; `patterns` narrow the counts to the chosen mutants.

    A file mutmut is rewriting at this moment may be cut short; it is listed as unreadable, so a
    caller polling during the run tries again and one reading after the run treats it as a problem.
    """
    generated: list[str] = []
    unreadable: list[str] = []
    ids: list[str] = []
    codes: dict[str, int | None] = {}
    for path in files:
        try:
            meta = read_meta(meta_file(project, path))
        except UnreadableResults as error:
            unreadable.append(str(error))
            continue
        if meta is None:
            continue
        generated.append(path)
        ids += sorted(meta.exit_codes, key=_id_order)
        codes.update(meta.exit_codes)
    chosen = {key: code for key, code in codes.items() if not patterns or chosen_by(key, patterns)}
    tested = [code for code in chosen.values() if code is not None]
    return Record(
        started=(project / MUTANTS).is_dir(),
        generated=tuple(generated),
        stats_recorded=(project / MUTANTS / STATS).is_file(),
        ids=tuple(ids),
        recorded=sum(1 for code in codes.values() if code is not None),
        counts=Counts(len(chosen), len(tested), dict(Counter(outcome_of(status_of(code)) for code in tested))),
        unreadable=tuple(unreadable),
    )


def chosen_by(mutant_id: str, patterns: Sequence[str]) -> bool:
    """Whether `--mutant` patterns (ids or globs) choose this mutant."""
    return any(fnmatch.fnmatchcase(mutant_id, pattern) for pattern in patterns)


def read_mutants(project: Path, files: Sequence[str]) -> list[Mutant]:
    """Every mutant mutmut generated for `files` under `project/mutants`, in file and id order."""
    stats = covering_tests(project)
    found: list[Mutant] = []
    for path in files:
        meta = read_meta(meta_file(project, path))
        if meta is None:
            continue
        generated = Source((project / MUTANTS / installed_path(path)).read_text(encoding="utf-8"))
        original = Source((project / installed_path(path)).read_text(encoding="utf-8"))
        for mutant_id in sorted(meta.exit_codes, key=_id_order):
            change = describe(mutant_id, path, generated, original)
            base = mutant_id.partition("__mutmut_")[0]
            found.append(
                Mutant(
                    id=mutant_id,
                    path=path,
                    module=module_name(path),
                    function=change.function,
                    status=status_of(meta.exit_codes[mutant_id]),
                    duration=meta.durations.get(mutant_id),
                    diff=change.diff,
                    digest=change.digest,
                    location=change.location,
                    tests=tuple(sorted(stats.get(base, ()))),
                )
            )
    return found


def _id_order(mutant_id: str) -> tuple[str, int]:
    base, _, number = mutant_id.partition("__mutmut_")
    return base, int(number) if number.isdigit() else -1

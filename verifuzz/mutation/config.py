"""`mutation.toml`, the one file a user edits for the mutation gate, and its translation to mutmut settings.

mutmut 3 reads only `[tool.mutmut]` from pyproject.toml or setup.cfg; the gate writes that table
into a scratch copy of the project, so the two can never drift apart.
"""
from __future__ import annotations

import difflib
import glob
import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Mapping, Sequence

CONFIG_NAME = "mutation.toml"
DEFAULT_MIN_SCORE = 95.0
DEFAULT_BUDGET_SECONDS = 300.0
DEFAULT_PROFILE = "mutation"
# Names never copied into the scratch project: version control, caches and earlier runs.
SCRATCH_IGNORED = (
    ".git", ".hg", ".svn", "mutants", ".hypothesis", "__pycache__", "*.egg-info", ".venv", "venv",
    "build", "dist", ".benchmarks", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox",
)
_DIGEST = re.compile(r"[0-9a-f]{12}")

# Every table and key the file may hold; anything else is a typo worth stopping for.
SCHEMA: dict[str, tuple[str, ...]] = {
    "mutate": ("paths", "exclude"),
    "tests": ("paths", "exclude", "markers", "pytest_args", "plugins", "hypothesis_profile"),
    "gate": ("min_score", "modules"),
    "budget": ("seconds", "jobs", "timeout_multiplier", "timeout_constant"),
    "report": ("json", "schema"),
    "equivalent": ("mutant", "digest", "reason"),
}


class MutationConfigError(ValueError):
    """`mutation.toml` cannot drive the gate; `key` names the setting and the message says how to fix it."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{CONFIG_NAME}: {key}: {message}" if key else f"{CONFIG_NAME}: {message}")
        self.key = key


@dataclass(frozen=True)
class Equivalent:
    """A reviewed mutant no test can tell from the original; `digest` pins the exact change that was reviewed."""

    mutant: str
    digest: str
    reason: str


@dataclass(frozen=True)
class MutationConfig:
    """Everything the gate needs, resolved against the directory holding `mutation.toml`."""

    root: Path
    files: tuple[str, ...]
    test_paths: tuple[str, ...]
    test_excludes: tuple[str, ...] = ()
    markers: str | None = None
    pytest_args: tuple[str, ...] = ()
    # None: pytest loads every installed plugin; a tuple: only these (autoloading is off).
    plugins: tuple[str, ...] | None = None
    hypothesis_profile: str = DEFAULT_PROFILE
    min_score: float = DEFAULT_MIN_SCORE
    module_scores: Mapping[str, float] = field(default_factory=dict)
    budget_seconds: float = DEFAULT_BUDGET_SECONDS
    jobs: int = 0
    timeout_multiplier: float = 15.0
    timeout_constant: float = 1.0
    report_json: str = "reports/mutation.json"
    report_schema: str | None = "reports/mutation-testing-report.json"
    equivalents: tuple[Equivalent, ...] = ()

    @property
    def modules(self) -> tuple[str, ...]:
        return tuple(module_name(path) for path in self.files)

    def threshold(self, module: str) -> float:
        return self.module_scores.get(module, self.min_score)

    def worker_count(self) -> int:
        return self.jobs or os.cpu_count() or 1


# The design's folders install under the verifuzz namespace (pyproject.toml's package-dir), and mutmut names
# a module by its path: the scratch copy lays these folders out as installed, under `verifuzz/`.
NAMESPACED = ("verifiers", "strategies", "properties")


def installed_path(path: str) -> str:
    """Where a checkout path sits in the scratch copy: `verifiers/runner.py` is `verifuzz/verifiers/runner.py`."""
    parts = PurePosixPath(path).parts
    return str(PurePosixPath("verifuzz", *parts)) if parts and parts[0] in NAMESPACED else path


def module_name(path: str) -> str:
    """The dotted name mutmut gives a source file: `verifiers/runner.py` is `verifuzz.verifiers.runner`."""
    dotted = str(PurePosixPath(installed_path(path)).with_suffix("")).replace("/", ".")
    dotted = dotted.removeprefix("src.")
    return dotted.removesuffix(".__init__")


def load(path: str | Path) -> MutationConfig:
    """Read and validate `mutation.toml`; raise `MutationConfigError` naming the first bad key."""
    file = Path(path)
    if not file.is_file():
        raise MutationConfigError("", f"no such file {file}; create it at the project root or pass --config PATH")
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise MutationConfigError("", f"not valid TOML ({error}); fix the syntax") from None
    return parse(data, file.resolve().parent)


def parse(data: Mapping[str, Any], root: Path) -> MutationConfig:
    """Validate decoded TOML against the schema and resolve file patterns under `root`."""
    _refuse_unknown(data)
    mutate = _table(data, "mutate")
    tests = _table(data, "tests")
    gate = _table(data, "gate")
    budget = _table(data, "budget")
    report = _table(data, "report")
    files = _resolve_files(root, _strings(mutate, "mutate.paths", required=True), _strings(mutate, "mutate.exclude"))
    test_paths = _strings(tests, "tests.paths", required=True)
    test_excludes = _strings(tests, "tests.exclude")
    for key, entries in (("tests.paths", test_paths), ("tests.exclude", test_excludes)):
        for entry in entries:
            if not glob.glob(str(root / entry.split("::")[0])):
                raise MutationConfigError(key, f"{entry!r} matches nothing under {root}; fix the path or remove it")
    modules = tuple(module_name(path) for path in files)
    config = MutationConfig(
        root=root,
        files=files,
        test_paths=test_paths,
        test_excludes=test_excludes,
        markers=_optional_string(tests, "tests.markers"),
        pytest_args=_strings(tests, "tests.pytest_args"),
        plugins=_strings(tests, "tests.plugins") if "plugins" in tests else None,
        hypothesis_profile=_optional_string(tests, "tests.hypothesis_profile") or DEFAULT_PROFILE,
        min_score=_score(gate.get("min_score", DEFAULT_MIN_SCORE), "gate.min_score"),
        module_scores=_module_scores(gate, modules),
        budget_seconds=_positive(budget.get("seconds", DEFAULT_BUDGET_SECONDS), "budget.seconds"),
        jobs=_jobs(budget.get("jobs", 0)),
        timeout_multiplier=_positive(budget.get("timeout_multiplier", 15.0), "budget.timeout_multiplier"),
        timeout_constant=_positive(budget.get("timeout_constant", 1.0), "budget.timeout_constant"),
        report_json=_report_path(report, "json", "reports/mutation.json") or "",
        report_schema=_report_path(report, "schema", "reports/mutation-testing-report.json", optional=True),
        equivalents=_equivalents(data.get("equivalent", [])),
    )
    return config


def mutmut_settings(config: MutationConfig, top_level: Sequence[str]) -> dict[str, Any]:
    """The `[tool.mutmut]` values that make mutmut do what `config` says.

    `top_level` lists the entries at the project root; all but the mutated source trees are
    copied beside the mutants so tests, conftest.py and helpers import as they do normally.
    """
    sources = sorted({PurePosixPath(installed_path(path)).parts[0] for path in config.files})
    selection = [installed_path(path) for path in config.test_paths]
    for entry in map(installed_path, config.test_excludes):
        if "::" in entry:
            selection.append(f"--deselect={entry}")
        else:
            selection.append(f"--ignore-glob={entry}" if glob.has_magic(entry) else f"--ignore={entry}")
    if config.markers:
        selection += ["-m", config.markers]
    return {
        "source_paths": sources,
        "only_mutate": [glob.escape(installed_path(path)) for path in config.files],
        "also_copy": sorted(name for name in top_level if name not in sources and not _ignored(name)),
        "pytest_add_cli_args_test_selection": selection,
        "pytest_add_cli_args": list(config.pytest_args) + [arg for name in config.plugins or () for arg in ("-p", name)],
        "timeout_multiplier": config.timeout_multiplier,
        "timeout_constant": config.timeout_constant,
        # The scratch copy is not a repository and is thrown away, so there is no cache to keep.
        "use_git_change_detection": False,
        "debug": False,
    }


def environment(config: MutationConfig) -> dict[str, str]:
    """Variables for mutmut's process: the Hypothesis profile, and plugin autoloading off when plugins are listed."""
    variables = {"VERIFUZZ_PROFILE": config.hypothesis_profile}
    if config.plugins is not None:
        variables["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return variables


def mutmut_table(settings: Mapping[str, Any]) -> str:
    """Render settings as a `[tool.mutmut]` TOML table (JSON strings are valid TOML basic strings)."""
    lines = ["", "# Generated by `verifuzz mutate` from mutation.toml in a scratch copy; never edit.", "[tool.mutmut]"]
    for key, value in settings.items():
        lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def refuse_competing_settings(root: Path) -> None:
    """mutmut settings kept elsewhere would silently override the gate's; stop and say where they are."""
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise MutationConfigError("", f"{pyproject} is not valid TOML ({error}); fix it first") from None
        if "mutmut" in data.get("tool", {}):
            raise MutationConfigError(
                "", f"{pyproject} has a [tool.mutmut] table; move its settings into {CONFIG_NAME} and delete the table"
            )
    setup_cfg = root / "setup.cfg"
    if setup_cfg.is_file() and re.search(r"^\[mutmut\]", setup_cfg.read_text(encoding="utf-8"), re.MULTILINE):
        raise MutationConfigError(
            "", f"{setup_cfg} has a [mutmut] section; move its settings into {CONFIG_NAME} and delete the section"
        )


def _ignored(name: str) -> bool:
    return any(PurePosixPath(name).match(pattern) for pattern in SCRATCH_IGNORED)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=True)
    return "[" + ", ".join(_toml_value(item) for item in value) + "]"


def _refuse_unknown(data: Mapping[str, Any]) -> None:
    for table, value in data.items():
        if table not in SCHEMA:
            raise MutationConfigError(table, f"unknown table{_suggest(table, SCHEMA)}; known: {', '.join(SCHEMA)}")
        many = table == "equivalent"
        if not isinstance(value, list if many else dict):
            shape = "an array of tables, [[equivalent]]" if many else f"a table, [{table}]"
            raise MutationConfigError(table, f"must be {shape}")
        entries = value if many else [value]
        for index, entry in enumerate(entries):
            where = f"equivalent[{index}]" if table == "equivalent" else table
            if not isinstance(entry, dict):
                raise MutationConfigError(where, "must be a table")
            for key in entry:
                if key not in SCHEMA[table]:
                    raise MutationConfigError(
                        f"{where}.{key}", f"unknown key{_suggest(key, SCHEMA[table])}; known: {', '.join(SCHEMA[table])}"
                    )


def _suggest(word: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _table(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    return data.get(name, {})


def _strings(table: Mapping[str, Any], key: str, required: bool = False) -> tuple[str, ...]:
    name = key.rsplit(".", 1)[1]
    if name not in table:
        if required:
            raise MutationConfigError(key, 'is required; give a list of strings, e.g. ["verifiers/*.py"]')
        return ()
    value = table[name]
    if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
        raise MutationConfigError(key, f"must be a list of non-empty strings, found {value!r}")
    if required and not value:
        raise MutationConfigError(key, "is empty; list at least one entry")
    return tuple(value)


def _optional_string(table: Mapping[str, Any], key: str) -> str | None:
    value = table.get(key.rsplit(".", 1)[1])
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise MutationConfigError(key, f"must be a non-empty string, found {value!r}")
    return value


def _number(value: Any, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise MutationConfigError(key, f"must be a number, found {value!r}")
    return float(value)


def _score(value: Any, key: str) -> float:
    score = _number(value, key)
    if not 0 <= score <= 100:
        raise MutationConfigError(key, f"is a percentage of killed mutants; use 0 to 100, not {value!r}")
    return score


def _positive(value: Any, key: str) -> float:
    number = _number(value, key)
    if number <= 0:
        raise MutationConfigError(key, f"must be greater than 0, found {value!r}")
    return number


def _jobs(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise MutationConfigError("budget.jobs", f"must be a whole number of workers, 0 for one per CPU; found {value!r}")
    return value


def _module_scores(gate: Mapping[str, Any], modules: Sequence[str]) -> dict[str, float]:
    overrides = gate.get("modules", {})
    if not isinstance(overrides, dict):
        raise MutationConfigError("gate.modules", 'must be a table of module = score, e.g. "verifuzz.verifiers.runner" = 97')
    for module in overrides:
        if module not in modules:
            raise MutationConfigError(
                f"gate.modules.{module}",
                f"is not a mutated module{_suggest(module, modules)}; mutated: {', '.join(modules)}",
            )
    return {module: _score(score, f"gate.modules.{module}") for module, score in overrides.items()}


def _report_path(report: Mapping[str, Any], key: str, default: str, optional: bool = False) -> str | None:
    value = report.get(key, default)
    if optional and value == "":
        return None
    if not isinstance(value, str) or not value.strip():
        hint = ', or "" for none' if optional else ""
        raise MutationConfigError(f"report.{key}", f"must be a path relative to {CONFIG_NAME}{hint}; found {value!r}")
    return value


def _resolve_files(root: Path, patterns: Sequence[str], excludes: Sequence[str]) -> tuple[str, ...]:
    found: list[str] = []
    for pattern in patterns:
        matched = [
            Path(hit).relative_to(root).as_posix()
            for hit in sorted(glob.glob(str(root / pattern), recursive=True))
            if hit.endswith(".py") and Path(hit).is_file()
        ]
        if not matched:
            raise MutationConfigError("mutate.paths", f"{pattern!r} matches no .py file under {root}; fix the pattern")
        found += [path for path in matched if path not in found]
    for path in found:
        if Path(path).is_absolute() or path.startswith(".."):
            raise MutationConfigError("mutate.paths", f"{path!r} is outside {root}; mutate only files of this project")
    kept = tuple(path for path in found if not any(PurePosixPath(path).match(pattern) for pattern in excludes))
    if not kept:
        raise MutationConfigError("mutate.exclude", "excludes every file mutate.paths selects; nothing would be mutated")
    return kept


def _equivalents(entries: Sequence[Mapping[str, Any]]) -> tuple[Equivalent, ...]:
    result: list[Equivalent] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        where = f"equivalent[{index}]"
        mutant, digest, reason = (entry.get(key) for key in ("mutant", "digest", "reason"))
        if not isinstance(mutant, str) or "__mutmut_" not in mutant:
            raise MutationConfigError(f"{where}.mutant", "must be a mutant id such as 'verifuzz.verifiers.text.x_fold__mutmut_3'")
        if not isinstance(digest, str) or not _DIGEST.fullmatch(digest):
            raise MutationConfigError(
                f"{where}.digest", f"must be the 12-hex digest `verifuzz mutate --show {mutant}` prints for it"
            )
        if not isinstance(reason, str) or not reason.strip() or "\n" in reason:
            raise MutationConfigError(f"{where}.reason", "must be one line saying why no test can tell the mutant apart")
        if mutant in seen:
            raise MutationConfigError(f"{where}.mutant", f"{mutant} is listed twice; keep one entry")
        seen.add(mutant)
        result.append(Equivalent(mutant=mutant, digest=digest, reason=reason.strip()))
    return tuple(result)

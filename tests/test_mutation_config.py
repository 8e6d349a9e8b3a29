"""mutation.toml: validation that names the bad key, and the translation into mutmut's own settings."""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from verifuzz.mutation import cli
from verifuzz.mutation.config import (
    MutationConfigError,
    environment,
    load,
    module_name,
    mutmut_settings,
    mutmut_table,
    refuse_competing_settings,
)

ROOT = Path(__file__).resolve().parent.parent
VALID = """
[mutate]
paths = ["toyverifiers/*.py"]
exclude = ["toyverifiers/__init__.py"]

[tests]
paths = ["tests"]
markers = "not slow"

[gate]
min_score = 95

[gate.modules]
"toyverifiers.shared" = 90

[budget]
seconds = 120
jobs = 2
"""


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    for name, text in {
        "toyverifiers/__init__.py": "",
        "toyverifiers/toy.py": "from toyverifiers.shared import at_least\n\ndef passes(score):\n    return at_least(score, 3)\n",
        "toyverifiers/shared.py": "def at_least(value, floor):\n    return value >= floor\n",
        "tests/test_toy.py": "def test_nothing():\n    pass\n",
        "conftest.py": "",
        "mutation.toml": VALID,
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def config_with(project: Path, text: str) -> Path:
    path = project / "mutation.toml"
    path.write_text(text, encoding="utf-8")
    return path


def error_for(project: Path, text: str) -> MutationConfigError:
    with pytest.raises(MutationConfigError) as caught:
        load(config_with(project, text))
    return caught.value


def test_a_valid_file_resolves_files_modules_and_thresholds(project: Path) -> None:
    """Globs become concrete files, each with mutmut's module name and its own threshold."""
    config = load(project / "mutation.toml")
    assert config.files == ("toyverifiers/shared.py", "toyverifiers/toy.py")
    assert config.modules == ("toyverifiers.shared", "toyverifiers.toy")
    assert config.threshold("toyverifiers.shared") == 90
    assert config.threshold("toyverifiers.toy") == 95
    assert config.budget_seconds == 120 and config.worker_count() == 2


@pytest.mark.parametrize(
    ("text", "key", "hint"),
    [
        ("[gates]\nmin_score = 1\n", "gates", "did you mean 'gate'"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[gate]\nmin_scor = 9\n', "gate.min_scor", "did you mean 'min_score'"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[gate]\nmin_score = 120\n', "gate.min_score", "0 to 100"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[gate]\nmin_score = "95"\n', "gate.min_score", "number"),
        ('[mutate]\npaths = ["nowhere/*.py"]\n[tests]\npaths = ["tests"]\n', "mutate.paths", "matches no .py file"),
        ('[mutate]\npaths = "toyverifiers/*.py"\n[tests]\npaths = ["tests"]\n', "mutate.paths", "list of non-empty strings"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\nexclude = ["toyverifiers/*"]\n[tests]\npaths = ["tests"]\n', "mutate.exclude", "nothing would be mutated"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n', "tests.paths", "is required"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["spec"]\n', "tests.paths", "matches nothing"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\nexclude = ["tests/gone.py"]\n', "tests.exclude", "matches nothing"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[gate.modules]\n"toyverifiers.tyo" = 90\n', "gate.modules.toyverifiers.tyo", "did you mean 'toyverifiers.toy'"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[budget]\nseconds = 0\n', "budget.seconds", "greater than 0"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[budget]\njobs = -1\n', "budget.jobs", "0 for one per CPU"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[report]\njson = ""\n', "report.json", "path relative"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[equivalent]\nmutant = "x"\n', "equivalent", "[[equivalent]]"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[[equivalent]]\nmutant = "toyverifiers.toy.x_passes"\ndigest = "0123456789ab"\nreason = "r"\n', "equivalent[0].mutant", "mutant id"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[[equivalent]]\nmutant = "toyverifiers.toy.x_passes__mutmut_1"\ndigest = "abc"\nreason = "r"\n', "equivalent[0].digest", "--show"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[[equivalent]]\nmutant = "toyverifiers.toy.x_passes__mutmut_1"\ndigest = "0123456789ab"\nreason = ""\n', "equivalent[0].reason", "one line"),
        ('[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n[[equivalent]]\nmutant = "toyverifiers.toy.x_passes__mutmut_1"\ndigest = "0123456789ab"\nreason = "r"\nwhy = "r"\n', "equivalent[0].why", "known: mutant, digest, reason"),
    ],
)
def test_each_mistake_names_its_key_and_the_fix(project: Path, text: str, key: str, hint: str) -> None:
    """A bad setting is reported under its dotted key, with a hint at the fix."""
    error = error_for(project, text)
    assert error.key == key
    assert key in str(error) and hint in str(error)


def test_an_equivalent_listed_twice_is_refused(project: Path) -> None:
    """Two entries for one mutant would make a review ambiguous."""
    entry = '[[equivalent]]\nmutant = "toyverifiers.toy.x_passes__mutmut_1"\ndigest = "0123456789ab"\nreason = "r"\n'
    error = error_for(project, '[mutate]\npaths = ["toyverifiers/*.py"]\n[tests]\npaths = ["tests"]\n' + entry + entry)
    assert error.key == "equivalent[1].mutant" and "listed twice" in str(error)


def test_broken_toml_and_a_missing_file_say_what_to_do(project: Path) -> None:
    """Syntax errors and a missing file are configuration errors too, with the next step."""
    assert "fix the syntax" in str(error_for(project, "[mutate\n"))
    with pytest.raises(MutationConfigError, match="--config"):
        load(project / "elsewhere.toml")


def test_the_command_exits_2_naming_the_key(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`verifuzz mutate` turns a configuration error into exit 2 and a message on stderr."""
    config_with(project, VALID.replace("min_score = 95", "min_score = 101"))
    assert cli.main(["--config", str(project / "mutation.toml")]) == 2
    err = capsys.readouterr().err
    assert "gate.min_score" in err and "0 to 100" in err


def test_mutmut_settings_elsewhere_are_refused(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A [tool.mutmut] table would compete with mutation.toml, so the gate stops and says where it is."""
    (project / "pyproject.toml").write_text('[tool.mutmut]\nsource_paths = ["x"]\n', encoding="utf-8")
    with pytest.raises(MutationConfigError, match=r"\[tool.mutmut\]"):
        refuse_competing_settings(project)
    assert cli.main(["--config", str(project / "mutation.toml")]) == 2
    assert "move its settings into mutation.toml" in capsys.readouterr().err


def test_module_names_follow_mutmut() -> None:
    """Module names match the prefix of mutmut's mutant ids."""
    assert module_name("verifiers/runner.py") == "verifuzz.verifiers.runner"
    assert module_name("toyverifiers/runner.py") == "toyverifiers.runner"
    assert module_name("src/pkg/mod.py") == "pkg.mod"
    assert module_name("pkg/__init__.py") == "pkg"


def test_the_generated_table_is_what_mutmut_reads(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """mutmut's own config reader, pointed at the generated table, mutates exactly the configured files."""
    from mutmut import configuration

    config = load(project / "mutation.toml")
    settings = mutmut_settings(config, sorted(os.listdir(project)))
    assert settings["source_paths"] == ["toyverifiers"]
    assert settings["also_copy"] == ["conftest.py", "mutation.toml", "tests"]
    assert settings["pytest_add_cli_args_test_selection"] == ["tests", "-m", "not slow"]
    (project / "pyproject.toml").write_text("[project]\nname = 'toy'\n" + mutmut_table(settings), encoding="utf-8")
    assert tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"] == settings
    monkeypatch.chdir(project)
    # The loader behind mutmut.configuration.config(), without touching mutmut's global state.
    seen = configuration._load_config()
    assert [str(path) for path in seen.source_paths] == ["toyverifiers"]
    assert seen.should_mutate("toyverifiers/toy.py") and seen.should_mutate("toyverifiers/shared.py")
    assert not seen.should_mutate("toyverifiers/__init__.py")
    assert seen.pytest_add_cli_args_test_selection == ["tests", "-m", "not slow"]
    assert Path("conftest.py") in seen.also_copy


def test_excluded_tests_become_ignores_and_deselects(project: Path) -> None:
    """A file is ignored, a glob ignored by pattern and a node id deselected, in every run mutmut makes."""
    excludes = '["tests/test_toy.py", "tests/test_t*.py", "tests/test_toy.py::test_nothing"]'
    text = VALID.replace('markers = "not slow"', f"exclude = {excludes}")
    settings = mutmut_settings(load(config_with(project, text)), [])
    assert settings["pytest_add_cli_args_test_selection"] == [
        "tests",
        "--ignore=tests/test_toy.py",
        "--ignore-glob=tests/test_t*.py",
        "--deselect=tests/test_toy.py::test_nothing",
    ]


def test_the_repository_gate_covers_the_shipped_verifiers() -> None:
    """The committed mutation.toml parses and mutates both task verifiers and the shared contract and runner code, and no fixture."""
    config = load(ROOT / "mutation.toml")
    assert {"verifuzz.verifiers.narrative_agent_names", "verifuzz.verifiers.read_named_path_outside_workspace"} <= set(config.modules)
    assert {f"verifuzz.verifiers.{name}" for name in ("schema", "evidence", "runner", "verdict", "text")} <= set(config.modules)
    assert all(module.startswith("verifuzz.verifiers.") for module in config.modules)
    assert config.min_score >= 95 and all(score >= 95 for score in config.module_scores.values())


def test_listing_plugins_turns_autoloading_off(project: Path) -> None:
    """With `tests.plugins`, mutmut's pytest loads exactly those plugins; without it, pytest's defaults stand."""
    default = load(project / "mutation.toml")
    assert environment(default) == {"VERIFUZZ_PROFILE": "mutation"}
    assert mutmut_settings(default, [])["pytest_add_cli_args"] == []
    text = VALID.replace('markers = "not slow"', 'pytest_args = ["--assert=plain"]\nplugins = ["_hypothesis_pytestplugin"]')
    listed = load(config_with(project, text))
    assert environment(listed) == {"VERIFUZZ_PROFILE": "mutation", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    assert mutmut_settings(listed, [])["pytest_add_cli_args"] == ["--assert=plain", "-p", "_hypothesis_pytestplugin"]

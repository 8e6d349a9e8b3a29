"""verifuzz installs as one package: its design folders live under the verifuzz namespace and shadow nothing."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_an_install_holds_only_the_verifuzz_package(tmp_path: Path) -> None:
    """A real (non-editable) install puts verifiers, strategies and properties under verifuzz/, and a project of
    its own `strategies` or `properties` keeps them: nothing of ours is importable under those names."""
    source, target = tmp_path / "source", tmp_path / "site"
    for folder in ("verifuzz", "verifiers", "strategies", "properties"):  # a copy: the build writes beside its source
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(source)],
                   check=True, capture_output=True, cwd=tmp_path, timeout=300)
    tops = {path.name for path in target.iterdir()}
    assert {name for name in tops if not name.endswith(".dist-info")} <= {"verifuzz", "bin"}
    assert {"verifiers", "strategies", "properties"} <= {path.name for path in (target / "verifuzz").iterdir()}

    project = tmp_path / "benchmark"
    (project / "strategies").mkdir(parents=True)
    (project / "strategies" / "__init__.py").write_text("OWN = 'the benchmark repository'\n")
    probe = ("import strategies, verifuzz.strategies.tasks, verifuzz.properties.registry, verifuzz.verifiers.evidence\n"
             "print(strategies.OWN)\n"
             "import importlib.util\n"
             "print([n for n in ('verifiers', 'properties') if importlib.util.find_spec(n)])\n")
    env = {**os.environ, "PYTHONPATH": str(target)}
    ran = subprocess.run([sys.executable, "-c", probe], cwd=project, env=env, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines() == ["the benchmark repository", "[]"]

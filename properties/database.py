"""`--database`: which of Hypothesis' own example databases a run replays counterexamples from and saves them to.

Hypothesis keeps every failing test case it shrank under the test's key (here: the task and the promise) and
replays those first in the next run, before generating anything. Saved counterexample folders are what a person
replays; the database is what the engine replays.
"""
from __future__ import annotations

import os
from pathlib import Path

from hypothesis.database import (DirectoryBasedExampleDatabase, ExampleDatabase, GitHubArtifactDatabase,
                                 MultiplexedDatabase, ReadOnlyDatabase)

from verifuzz.properties.registry import UsageError

VARIABLE = "VERIFUZZ_DATABASE"
DIRECTORY = Path(".verifuzz") / "examples"
NONE = "none"
GITHUB = "github:"
REDIS = ("redis://", "rediss://", "unix://")
ARTIFACT = "verifuzz-examples"
# The profiles that keep a database by default; ci and mutation are deterministic (derandomized) and keep none.
KEEPING = ("dev", "fuzz")
SPECS = (f"DIR (default for {' and '.join(KEEPING)}: $VERIFUZZ_DATABASE, else {DIRECTORY}), redis://HOST:PORT/DB, "
         f"github:OWNER/REPO[/ARTIFACT] (read-only, beside {DIRECTORY}), or none")


def default(profile: str) -> str:
    """The database a profile uses when none is named: $VERIFUZZ_DATABASE, else the directory for dev and fuzz."""
    if profile not in KEEPING:
        return NONE
    return os.environ.get(VARIABLE) or str(DIRECTORY)


def named(spec: str) -> ExampleDatabase | None:
    """The database `spec` names (see SPECS); None for `none`."""
    if spec == NONE:
        return None
    if spec.startswith(REDIS):
        return redis(spec)
    if spec.startswith(GITHUB):
        return github(spec[len(GITHUB):])
    path = Path(spec)
    if path.exists() and not path.is_dir():
        raise UsageError(f"--database {spec}: a file is in the way; give a folder, redis://..., github:OWNER/REPO or none")
    return DirectoryBasedExampleDatabase(path)


def redis(url: str) -> ExampleDatabase:
    """A Redis server shared live by every worker that names it."""
    try:
        import redis as client
        from hypothesis.extra.redis import RedisExampleDatabase
    except ImportError:
        raise UsageError(f"--database {url}: the Redis client is not installed; "
                         "`pip install 'verifuzz[campaigns]'`") from None
    return RedisExampleDatabase(client.Redis.from_url(url))


def github(where: str) -> ExampleDatabase:
    """The database a GitHub Actions workflow uploaded as an artifact, read-only, beside the local directory where
    this run saves what it finds (reading needs $GITHUB_TOKEN for a private repository)."""
    parts = where.split("/")
    if len(parts) not in (2, 3) or not all(parts):
        raise UsageError(f"--database github:{where}: give github:OWNER/REPO or github:OWNER/REPO/ARTIFACT")
    owner, repo, artifact = (*parts, ARTIFACT) if len(parts) == 2 else parts
    local = DirectoryBasedExampleDatabase(os.environ.get(VARIABLE) or DIRECTORY)
    return MultiplexedDatabase(local, ReadOnlyDatabase(GitHubArtifactDatabase(owner, repo, artifact_name=artifact)))

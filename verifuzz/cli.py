"""The `verifuzz` command line."""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from verifuzz import __version__
from verifuzz.bundle import BundleError, build_all, stale_files


def _build_tasks(args: argparse.Namespace) -> int:
    try:
        if args.check:
            stale = stale_files()
            for path in stale:
                print(f"stale: {path} (run `verifuzz build-tasks`)")
            return 1 if stale else 0
        for target in build_all():
            print(f"wrote {target.path}")
    except BundleError as error:
        print(f"verifuzz build-tasks: {error}", file=sys.stderr)
        return 2
    return 0


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="verifuzz", description="Property-based fuzzing for benchmark verifiers.")
    root.add_argument("--version", action="version", version=f"verifuzz {__version__}")
    commands = root.add_subparsers(dest="command", required=True, metavar="COMMAND")
    build = commands.add_parser("build-tasks", help="regenerate tasks/*/tests/verify.py from verifiers/")
    build.add_argument("--check", action="store_true", help="only report stale files; exit 1 if any")
    build.set_defaults(handler=_build_tasks)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    raise SystemExit(main())

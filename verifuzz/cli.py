"""The `verifuzz` command line."""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from pathlib import Path

from verifuzz.properties.registry import UsageError
from verifuzz import __version__, diff, fuzzing, labelled, merge, scaffold, seal
from verifuzz.mutation import cli as mutation_cli
from verifuzz.bundle import BundleError, build_all, stale_files
from verifuzz.verifiers.manifest import SealError


def _build_tasks(args: argparse.Namespace) -> int:
    try:
        if args.check:
            stale = [*stale_files(), *seal.stale_seals()]
            for path in stale:
                print(f"stale: {path} (run `verifuzz build-tasks`)")
            return 1 if stale else 0
        for target in build_all():
            print(f"wrote {target.path}")
        for written in seal.reseal_stale():  # after verify.py, which the seal covers
            print(f"sealed {written}")
    except (BundleError, SealError) as error:
        print(f"verifuzz build-tasks: {error}", file=sys.stderr)
        return 2
    return 0


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="verifuzz", description="Property-based fuzzing for benchmark verifiers.")
    root.add_argument("--version", action="version", version=f"verifuzz {__version__}")
    commands = root.add_subparsers(dest="command", required=True, metavar="COMMAND")
    build = commands.add_parser("build-tasks", help="regenerate tasks/*/tests/verify.py from verifiers/ and reseal")
    build.add_argument("--check", action="store_true", help="only report stale files; exit 1 if any")
    build.set_defaults(handler=_build_tasks)

    check = commands.add_parser("check", help="run every promise against the shipped verifiers (or --verifier)")
    check.add_argument("task_dirs", nargs="*", metavar="TASK_DIR", help="task directories (default: all bundled tasks)")
    check.add_argument("--verifier", type=Path, metavar="PATH",
                       help="another verify.py for the one named task, run through its command line")
    check.add_argument("--baseline", type=Path, metavar="OLD",
                       help="with --verifier NEW: report only findings new in NEW, comparing both scripts' verdicts on "
                            "each violating example (a promise OLD already broke elsewhere still counts)")
    fuzzing.add_foreign(check, "interpreter for --verifier (default: this one)")
    fuzzing.add_common(check)
    fuzzing.add_replies(check)
    check.set_defaults(handler=fuzzing.run_check)

    audit = commands.add_parser("audit", help="the generic promises against any verify.py, zero configuration")
    audit.add_argument("script", type=Path, metavar="PATH/TO/verify.py")
    audit.add_argument("--task-name", help="task_name the verifier expects (default: the witness's, else the folder "
                       "above tests/)")
    audit.add_argument("--witness", action="append", default=[], type=Path, metavar="FILE",
                       help="evidence snapshot of a run the verifier passes; the adversaries break it (repeatable)")
    fuzzing.add_foreign(audit, "interpreter for the verifier (default: this one)")
    fuzzing.add_common(audit)
    fuzzing.add_replies(audit)
    audit.set_defaults(handler=fuzzing.run_audit)

    replay = commands.add_parser("replay", help="re-run one saved counterexample against the verifier it recorded")
    replay.add_argument("file", type=Path, metavar="FILE", help="a counterexample folder or its counterexample.json")
    replay.add_argument("--verifier", type=Path, metavar="PATH", help="replay against this verify.py instead")
    replay.add_argument("--python", help="interpreter for the verifier (default: the recorded one)")
    replay.set_defaults(handler=fuzzing.run_replay)

    promises = commands.add_parser("promises", help="list every registered promise")
    promises.set_defaults(handler=fuzzing.list_promises)
    merge.add_parser(commands)
    diff.add_parser(commands)
    labelled.add_parser(commands)
    mutation_cli.add_parser(commands)
    seal.add_parser(commands)
    scaffold.add_parser(commands)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.handler(args)
    except UsageError as error:
        print(f"verifuzz {args.command}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())

"""`verifuzz replies`: labelled final replies, each dropped into a task's correct run, scored by a verifier through its
command line, and compared with their labels: false fails and false passes per task and per label class.

The file format is docs/replies.md. Exit 1 when a `--max-false-fails` or `--max-false-passes` bound is passed, 2 on
bad usage.
"""
from __future__ import annotations

import argparse
import json
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.registry import UsageError
from verifuzz.properties.runners import RunnerError
from verifuzz.properties.subjects import Command, Subject
from verifuzz.strategies.tasks import TASKS_DIR, UnknownTask, for_task
from verifuzz.strategies.trial import Trial
from verifuzz import fuzzing

# The keys of a case that are not labels of a metric.
_NOT_LABELS = {"id", "text", "expected", "why", "debatable", "class"}
FALSE_PASS, FALSE_FAIL, DIMENSION, DEBATABLE = "FALSE PASS", "FALSE FAIL", "dimension", "debatable"


class ReplyFileError(UsageError):
    """A reply file that cannot be read as labelled replies; the message names the file and what to fix."""


@dataclass(frozen=True)
class Case:
    """One labelled reply: the metrics a careful human grader expects, keyed by metric name (`reward` included)."""

    task: str
    id: str
    text: str
    expected: dict[str, bool]
    why: str
    debatable: bool
    label_class: str

    def __repr__(self) -> str:
        return f"Case({self.task}/{self.id})"


@dataclass(frozen=True)
class ReplySet:
    """The labelled replies of one file for one task, and the placeholder values their run is built with."""

    task: str
    source: str
    cases: tuple[Case, ...]
    values: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Judged:
    """A case, what the verifier gave it, and how they differ: metric -> (label, verifier's verdict)."""

    case: Case
    metrics: dict[str, Any] | None
    differences: dict[str, tuple[bool, bool]]
    reason: str

    @property
    def tag(self) -> str | None:
        """FALSE PASS, FALSE FAIL, dimension (labels of a wrong reply disagree, the reward does not), debatable, or
        None when the verifier agrees with every label."""
        if not self.differences:
            return None
        if self.case.debatable:
            return DEBATABLE
        if self.case.expected["reward"]:
            return FALSE_FAIL
        return FALSE_PASS if "reward" in self.differences else DIMENSION


def load(path: Path, task: str | None = None, answer: Sequence[str] = (), aliases: Mapping[str, str] | None = None,
         values: Mapping[str, str] | None = None) -> ReplySet:
    """The labelled replies of `path`. Arguments stand in for the file's own `task`, `answer`, `[aliases]` and
    `[values]` and win over them; a case's label of a metric is its own key, else `expected` for an answer metric."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ReplyFileError(f"{path}: cannot read it ({error.strerror or error})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ReplyFileError(f"{path}: not a TOML file ({error})") from None
    task = task or raw.get("task")
    if not task:
        raise ReplyFileError(f"{path}: no task; put `task = \"NAME\"` at the top of the file or pass --task TASK_DIR")
    answer = tuple(answer or raw.get("answer", ()))
    aliases = {**raw.get("aliases", {}), **(aliases or {})}
    values = {**raw.get("values", {}), **(values or {})}
    entries = raw.get("case")
    if not isinstance(entries, list) or not entries:
        raise ReplyFileError(f"{path}: no [[case]] tables; each needs id, text and expected (docs/replies.md)")
    cases = []
    for number, entry in enumerate(entries, start=1):
        missing = [key for key in ("id", "text", "expected") if key not in entry]
        if missing:
            raise ReplyFileError(f"{path}: case {number} ({entry.get('id', 'no id')}) has no {', '.join(missing)}")
        if not isinstance(entry["expected"], bool):
            raise ReplyFileError(f"{path}: case {entry['id']}: expected must be true or false")
        labels = {aliases.get(key, key): value for key, value in entry.items() if key not in _NOT_LABELS}
        wrong = [key for key, value in labels.items() if not isinstance(value, bool)]
        if wrong:
            raise ReplyFileError(f"{path}: case {entry['id']}: {wrong[0]} must be true or false (a metric's label)")
        dimensions = {**{name: entry["expected"] for name in answer}, **labels}
        reward = entry["expected"] and all(dimensions.values())
        cases.append(Case(task, entry["id"], entry["text"], {"reward": reward, **dimensions}, entry.get("why", ""),
                          bool(entry.get("debatable", False)), entry.get("class") or _label_class(reward, dimensions)))
    return ReplySet(task, str(path), tuple(cases), values)


def _label_class(reward: bool, dimensions: Mapping[str, bool]) -> str:
    if reward:
        return "correct"
    zeroed = sorted(name for name, value in dimensions.items() if not value)
    return f"wrong ({', '.join(zeroed)})" if zeroed else "wrong"


def run_for(task: str, text: str, values: Mapping[str, str]) -> Trial:
    """The task's correct run with `text` as its final reply (placeholders `{name}` filled from `values`)."""
    definition = for_task(task)
    if definition.reply_run is not None:
        return definition.reply_run(text, dict(values))
    for name, value in values.items():
        text = text.replace("{" + name + "}", value)
    run = definition.trial().copy()
    run.final()["content"] = text
    return run


def shipped_subject(task: str, runner: str = "persistent") -> Command:
    """The task's generated verify.py, run through its command line as `check --verifier` runs a script."""
    return Command(TASKS_DIR / task / "tests" / "verify.py", task, mode=runner)


def judge(case: Case, subject: Subject, values: Mapping[str, str]) -> Judged:
    """Score `case` with `subject` and compare every labelled metric (a verifier that does not write a labelled
    metric, or writes no metrics at all, disagrees on it with a label of true)."""
    outcome = subject.outcome(Example.of(run_for(case.task, case.text, values), f"labelled reply {case.id}"))
    metrics = outcome.metrics if isinstance(outcome.metrics, dict) else None
    differences = {}
    for name, want in case.expected.items():
        got = metrics is not None and metrics.get(name) == 1.0
        if metrics is not None and name not in metrics and name != "reward":
            continue  # a metric this verifier does not write (reward.txt, or other names): judged by the reward alone
        if got != want:
            differences[name] = (want, got)
    return Judged(case, metrics, differences, reason(outcome, [name for name, (want, _) in differences.items() if want]))


def reason(outcome: Outcome, refused: Sequence[str]) -> str:
    """What the verifier said about its verdict: details.json's `reason` or `error`, else what it says under the
    metrics it refused, else the whole details in short; the error when it wrote none."""
    details = outcome.details
    if isinstance(details, dict):
        for key in ("reason", "error", "reasons", "errors"):
            if details.get(key):
                return _short(details[key])
        named = {key: value for key, value in details.items() if any(name in key for name in refused)}
        if named:
            return _short(named)
        status = details.get("status")
        return "no reason in details.json" + (f" (status {_short(status, 60)})" if status else "")
    if details:
        return _short(details)
    return _short(outcome.error or "no details")


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Tally:
    """Counted (not debatable) cases, false fails among correct ones and false passes among wrong ones, per class."""

    counted: int = 0
    correct: int = 0
    wrong: int = 0
    false_fails: int = 0
    false_passes: int = 0
    by_class: dict[str, Counter[str]] = field(default_factory=dict)

    def add(self, judged: Judged) -> None:
        if judged.case.debatable:
            return
        counts = self.by_class.setdefault(judged.case.label_class, Counter())
        counts["cases"] += 1
        self.counted += 1
        if judged.case.expected["reward"]:
            self.correct += 1
            self.false_fails += judged.tag == FALSE_FAIL
            counts["false fails"] += judged.tag == FALSE_FAIL
        else:
            self.wrong += 1
            self.false_passes += judged.tag == FALSE_PASS
            counts["false passes"] += judged.tag == FALSE_PASS

    def merge(self, other: Tally) -> None:
        for name in ("counted", "correct", "wrong", "false_fails", "false_passes"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for label, counts in other.by_class.items():
            self.by_class.setdefault(label, Counter()).update(counts)

    def as_json(self) -> dict[str, Any]:
        return {"counted": self.counted, "correct": self.correct, "wrong": self.wrong, "false_fails": self.false_fails,
                "false_passes": self.false_passes, "false_fail_rate": _rate(self.false_fails, self.correct),
                "false_pass_rate": _rate(self.false_passes, self.wrong),
                "by_class": {label: {key: counts[key] for key in ("cases", "false fails", "false passes")}
                             for label, counts in sorted(self.by_class.items())}}


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def score_set(replies: ReplySet, subject: Subject) -> tuple[list[Judged], Tally]:
    """Every case of `replies` judged by `subject`, and their tally."""
    tally = Tally()
    judged = []
    for case in replies.cases:
        verdict = judge(case, subject, replies.values)
        tally.add(verdict)
        judged.append(verdict)
    return judged, tally


# ---- the command -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bound:
    """At most `count` cases, or at most `rate` of the cases they are counted among."""

    text: str
    count: int | None = None
    rate: float | None = None

    def passed(self, found: int, among: int) -> bool:
        if self.count is not None:
            return found > self.count
        return among > 0 and found / among > (self.rate or 0.0)


def bound(text: str) -> Bound:
    """`3` (cases) or `5%` / `0.05` (a share of the cases counted)."""
    try:
        if text.endswith("%"):
            rate = float(text[:-1]) / 100
        elif "." in text:
            rate = float(text)
        else:
            count = int(text)
            if count < 0:
                raise ValueError
            return Bound(text, count=count)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of cases (3) or a share (5% or 0.05)") from None
    if not 0 <= rate <= 1:
        raise argparse.ArgumentTypeError(f"{text!r}: a share lies between 0% and 100%")
    return Bound(text, rate=rate)


def add_parser(commands: argparse._SubParsersAction) -> None:
    replies = commands.add_parser(
        "replies", help="labelled replies (a TOML file) scored by a verifier: false fails and false passes",
        description="Drop each labelled reply into the task's correct run, score it with the task's shipped verifier "
                    "or --verifier through its command line, and compare with its labels (docs/replies.md). Exit 1 "
                    "when a --max-false-* bound is passed.")
    replies.add_argument("files", nargs="+", type=Path, metavar="FILE.toml", help="labelled replies ([[case]] tables)")
    replies.add_argument("--task", type=Path, metavar="TASK_DIR",
                         help="the task the replies answer (default: each file's `task`)")
    replies.add_argument("--verifier", type=Path, metavar="PATH",
                         help="score with this verify.py instead of the task's shipped one")
    replies.add_argument("--value", action="append", default=[], metavar="NAME=VALUE",
                         help="fill {NAME} in the replies (and the run's fact of that name), over the file's [values]")
    fuzzing.add_foreign(replies, "interpreter for the verifier (default: this one)", strictness=False)
    replies.add_argument("--max-false-fails", type=bound, metavar="N|RATE",
                         help="exit 1 when more correct replies than this are refused (a count, or a share: 5%%)")
    replies.add_argument("--max-false-passes", type=bound, metavar="N|RATE",
                         help="exit 1 when more wrong replies than this are paid (a count, or a share: 5%%)")
    replies.add_argument("--json", type=Path, metavar="FILE", help="write every verdict and the tallies as JSON")
    replies.add_argument("--all", action="store_true", help="also list dimension and debatable disagreements")
    replies.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """`verifuzz replies`: load every file, score it, print and write the tallies, apply the bounds."""
    task = _task(args.task) if args.task is not None else None
    values = _values(args.value)
    sets = [load(path, task=task, values=values) for path in args.files]
    tasks = sorted({s.task for s in sets})
    for name in tasks:
        try:
            for_task(name)
        except UnknownTask as error:
            raise UsageError(f"{error}; labelled replies are dropped into a bundled task's correct run") from None
    if args.verifier is not None and len(tasks) != 1:
        raise UsageError(f"--verifier scores one task, and these files answer {', '.join(tasks)}")
    subjects: dict[str, Command] = {}
    total = Tally()
    report: dict[str, Any] = {"verifuzz": "replies", "verifier": str(args.verifier) if args.verifier else "shipped",
                              "sets": []}
    try:
        for replies in sets:
            subject = subjects.get(replies.task) or subjects.setdefault(replies.task, _subject(args, replies.task))
            judged, tally = score_set(replies, subject)
            _print_set(replies, subject, judged, tally, args.all)
            total.merge(tally)
            report["sets"].append({"file": replies.source, "task": replies.task, "verifier": subject.label,
                                   **tally.as_json(), "cases": [_case_json(j) for j in judged]})
    except RunnerError as error:
        raise UsageError(f"{error}; check --python and the script") from None
    finally:
        for subject in subjects.values():
            subject.close()
    print(f"== total: {total.counted} counted cases ({total.correct} correct, {total.wrong} wrong): "
          f"{total.false_fails} false fails{_percent(total.false_fails, total.correct)}, "
          f"{total.false_passes} false passes{_percent(total.false_passes, total.wrong)}")
    passed = []
    if args.max_false_fails and args.max_false_fails.passed(total.false_fails, total.correct):
        passed.append(f"{total.false_fails} false fails pass --max-false-fails {args.max_false_fails.text}")
    if args.max_false_passes and args.max_false_passes.passed(total.false_passes, total.wrong):
        passed.append(f"{total.false_passes} false passes pass --max-false-passes {args.max_false_passes.text}")
    for line in passed:
        print(f"BOUND PASSED: {line}")
    report["total"] = total.as_json()
    report["bounds_passed"] = passed
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if passed else 0


def _task(directory: Path) -> str:
    name = directory.resolve().name if directory.is_dir() else str(directory)
    try:
        return for_task(name).name
    except UnknownTask as error:
        raise UsageError(f"--task {directory}: {error}") from None


def _values(items: Iterable[str]) -> dict[str, str]:
    values = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise UsageError(f"--value {item!r}: expected NAME=VALUE, e.g. --value marker=chc-3f9a0c5e7b21d4869ae0b1c2")
        values[name] = value
    return values


def _subject(args: argparse.Namespace, task: str) -> Command:
    script = args.verifier if args.verifier is not None else TASKS_DIR / task / "tests" / "verify.py"
    return fuzzing.command_subject(args, script, task, fuzzing.task_inputs(task))


def _print_set(replies: ReplySet, subject: Subject, judged: list[Judged], tally: Tally, everything: bool) -> None:
    print(f"== {replies.task} ({replies.source}) scored by {subject.label}")
    for verdict in judged:
        if verdict.tag in (FALSE_FAIL, FALSE_PASS) or (verdict.tag is not None and everything):
            print(f"{verdict.tag:10} {verdict.case.id} [{verdict.case.label_class}]: "
                  f"{json.dumps(verdict.case.text, ensure_ascii=False)}\n"
                  f"           (label, verifier): {verdict.differences}\n           verifier's reason: {verdict.reason}")
    print(f"-- {tally.counted} counted cases: {tally.false_passes} false passes, {tally.false_fails} false fails")
    for label, counts in sorted(tally.by_class.items()):
        print(f"   {label}: {counts['cases']} cases, {counts['false fails']} false fails, "
              f"{counts['false passes']} false passes")
    print()


def _percent(part: int, whole: int) -> str:
    return f" ({100 * part / whole:.1f}%)" if whole else ""


def _case_json(judged: Judged) -> dict[str, Any]:
    case = judged.case
    return {"id": case.id, "class": case.label_class, "debatable": case.debatable, "text": case.text,
            "expected": case.expected, "metrics": judged.metrics, "tag": judged.tag,
            "differences": {name: {"label": want, "verifier": got} for name, (want, got) in judged.differences.items()},
            "reason": judged.reason if judged.differences else None, "why": case.why}


"""The promises every verifier must keep, each a function named by what it promises."""
from __future__ import annotations

import math
import re
from typing import Callable

from hypothesis import strategies as st

from properties.example import Example, Outcome, dump_json, load_json
from properties.registry import Context, Property, Violation, register
from strategies import malformed
from strategies.adversaries import GENERIC, REFUSAL, SILENCE, Adversary
from strategies.irrelevant import irrelevant_change, well_formed
from strategies.plausible import plausible_trials
from strategies.tasks import TaskStrategies, for_task, known_tasks
from strategies.trial import Trial

REASON_KEYS = ("reason", "error", "errors", "message")


# ---- example strategies -------------------------------------------------------------------------

def witness_trials(ctx: Context) -> st.SearchStrategy[Trial]:
    """Correct runs when verifuzz knows the task, otherwise plausible runs of it."""
    return ctx.strategies.witnesses() if ctx.strategies else plausible_trials(ctx.task)


# Strategies are built once per promise, outside the draw functions: Hypothesis validates every new
# strategy object it draws from, and rebuilt per draw they took about a fifth of the suite's CPU time.

def broken_by(ctx: Context, adversary: Adversary) -> st.SearchStrategy[Example]:
    trials = witness_trials(ctx)

    @st.composite
    def examples(draw: st.DrawFn) -> Example:
        witness = draw(trials)
        inputs = dict(witness.input_files)
        return Example.of(adversary.apply(draw, witness.copy()), f"adversary {adversary.name}", inputs)

    return examples()


def witnesses(ctx: Context) -> st.SearchStrategy[Example]:
    return witness_trials(ctx).map(lambda trial: Example.of(trial, "witness"))


def adversarial(ctx: Context) -> st.SearchStrategy[Example]:
    pool = ctx.strategies.adversaries if ctx.strategies else (*GENERIC, *SILENCE, REFUSAL)
    broken = {adversary: broken_by(ctx, adversary) for adversary in pool}
    return st.sampled_from(pool).flatmap(lambda adversary: broken[adversary])


def malformed_examples(ctx: Context) -> st.SearchStrategy[Example]:
    """Broken copies of correct runs; the intact snapshot rides along as `base` when a reader can tell where it broke."""
    trials = witness_trials(ctx)

    @st.composite
    def examples(draw: st.DrawFn) -> Example:
        trial = draw(trials)
        intact = trial.snapshot()
        broken, located = draw(malformed.breaks(intact))
        base = Example("intact snapshot", intact) if located else None
        return Example(label="malformed evidence", evidence=broken, input_files=dict(trial.input_files), base=base)

    return examples()


def file_examples(ctx: Context) -> st.SearchStrategy[Example]:
    trials = witness_trials(ctx)

    @st.composite
    def examples(draw: st.DrawFn) -> Example:
        trial = draw(trials)
        inputs = dict(trial.input_files)
        kind = draw(st.sampled_from(["fault", "fault", "garbage", "malformed"]))
        if kind == "fault":
            fault = draw(malformed.file_faults())
            raw = malformed.FILE_FAULTS.get(fault)
            return Example(label=f"file fault: {fault}", raw=raw, fault=fault if raw is None else None, input_files=inputs)
        if kind == "garbage":
            return Example(label="garbage bytes", raw=draw(malformed.garbage_bytes()), input_files=inputs)
        broken = draw(malformed.malformed_snapshots(st.just(trial)))
        return Example(label="malformed evidence file", raw=dump_json(broken), input_files=inputs)

    return examples()


def anything(ctx: Context) -> st.SearchStrategy[Example]:
    return st.one_of(witnesses(ctx), adversarial(ctx), malformed_examples(ctx))


def pristine(ctx: Context) -> st.SearchStrategy[Example]:
    """Any example, paired with an untouched copy of its evidence to detect mutation."""
    return anything(ctx).map(lambda e: Example(e.label, load_json(dump_json(e.evidence)), input_files=e.input_files, base=e))


def irrelevantly_changed(ctx: Context) -> st.SearchStrategy[Example]:
    bases = st.one_of(witnesses(ctx), adversarial(ctx)).filter(lambda e: well_formed(e.evidence))

    @st.composite
    def examples(draw: st.DrawFn) -> Example:
        base = draw(bases)
        name, changed = draw(irrelevant_change(base.evidence))
        return Example(f"{base.label} + {name}", changed, input_files=base.input_files, base=base)

    return examples()


# ---- judging outcomes ---------------------------------------------------------------------------

def keeps_output_contract(ctx: Context, outcome: Outcome) -> dict:
    """Ended normally, wrote a flat object of 0/1 floats with the declared key set, reward included."""
    if outcome.error is not None:
        raise Violation("verifier did not end normally", outcome.error, "exit 0 with reward.json and details.json written")
    metrics = outcome.metrics
    if not isinstance(metrics, dict) or "reward" not in metrics:
        raise Violation("reward.json is not a metrics object", repr(metrics)[:300], "a flat object with a `reward` key")
    if ctx.keys is not None and set(metrics) != set(ctx.keys):
        raise Violation("metric keys changed", str(sorted(metrics)), str(sorted(ctx.keys)))
    odd = {k: v for k, v in metrics.items() if type(v) is not float or v not in (0.0, 1.0) or math.copysign(1, v) < 0}
    if odd:
        raise Violation("metric is not 0.0 or 1.0", repr(odd)[:300], "every metric exactly 0.0 or 1.0")
    return metrics


def scores_all_zero_with_reason(ctx: Context, outcome: Outcome) -> None:
    metrics = keeps_output_contract(ctx, outcome)
    nonzero = {k: v for k, v in metrics.items() if v != 0.0}
    if nonzero:
        raise Violation("did not fail closed", f"non-zero metrics {nonzero}", "every metric 0.0")
    details = outcome.details
    if not (isinstance(details, dict) and any(isinstance(details.get(k), (str, list)) and details.get(k) for k in REASON_KEYS)):
        raise Violation("no reason given", repr(details)[:300], f"details.json with a non-empty {' / '.join(REASON_KEYS)}")


def scores_zero(ctx: Context, outcome: Outcome, dimension: str | None = None) -> None:
    metrics = keeps_output_contract(ctx, outcome)
    if metrics["reward"] != 0.0:
        raise Violation("rewarded a run that must score 0", f"metrics {metrics}", "reward 0.0")
    if dimension is not None and ctx.keys and dimension in ctx.keys and metrics[dimension] != 0.0:
        raise Violation(f"{dimension} did not notice", f"{dimension} = {metrics[dimension]}", f"{dimension} 0.0")


def fails_closed_on_malformed_evidence(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_all_zero_with_reason(ctx, outcome)
    if example.base is not None:
        reason_says_where(example.base.evidence, example.evidence, outcome.details)


def reason_says_where(intact: object, broken: object, details: dict) -> None:
    """The reason names the path where the snapshot broke (`$.messages[2].kind`, `$.identities['Ann'].role`),
    or the object there and the key it lacks (`$.messages[2]: missing key 'kind'`)."""
    path = malformed.broken_at(intact, broken)
    if path is None:
        return
    reason = " ".join(str(details[k]) for k in REASON_KEYS if details.get(k))
    holder, key = path[:-1], path[-1] if path else None
    if not (_names(reason, path) or (isinstance(key, str) and _names(reason, holder) and _word(key).search(reason))):
        shown = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        raise Violation("the reason does not say where the evidence is broken", reason[:300], f"a reason naming {shown}")


def _names(reason: str, path: tuple) -> bool:
    """`path` stands in `reason` as a whole path: `$`, then `.key` or `['key']` per member and `[0]` per index."""
    steps = "".join(
        rf"\[{part}\]" if isinstance(part, int) else rf"(?:\.{re.escape(part)}|\[(?P<q{n}>['\"]){re.escape(part)}(?P=q{n})\])"
        for n, part in enumerate(path)
    )
    return re.search(r"(?<![\w$.\]])\$" + steps + r"(?![\w\[]|\.[\w'\"])", reason) is not None


def _word(key: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(key)}(?![\w-])")


def cli_always_writes_both_files(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_all_zero_with_reason(ctx, outcome)


def never_rewards_a_refusal(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_zero(ctx, outcome)


def never_rewards_silence(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_zero(ctx, outcome)


def witness_earns_full_reward(ctx: Context, example: Example, outcome: Outcome) -> None:
    metrics = keeps_output_contract(ctx, outcome)
    short = {k: v for k, v in metrics.items() if v != 1.0}
    if short:
        raise Violation("a correct run was not fully rewarded", f"metrics below 1.0: {short}", "every metric 1.0")


def reward_is_the_conjunction(ctx: Context, example: Example, outcome: Outcome) -> None:
    metrics = keeps_output_contract(ctx, outcome)
    dimensions = {k: v for k, v in metrics.items() if k != "reward"}
    expected = float(bool(dimensions) and all(v == 1.0 for v in dimensions.values()))
    if metrics["reward"] != expected:
        raise Violation("reward is not the conjunction of the dimensions", f"reward {metrics['reward']} with {dimensions}",
                        f"reward {expected}")


def metrics_are_binary_with_stable_keys(ctx: Context, example: Example, outcome: Outcome) -> None:
    keeps_output_contract(ctx, outcome)


def deterministic_and_pure(ctx: Context, example: Example, outcome: Outcome) -> None:
    keeps_output_contract(ctx, outcome)
    if example.base is not None and dump_json(example.evidence) != dump_json(example.base.evidence):
        raise Violation("the verifier changed its input", "evidence differs after scoring", "evidence left untouched")
    again = ctx.subject.outcome(example)
    if (again.metrics, again.details, again.error) != (outcome.metrics, outcome.details, outcome.error):
        raise Violation("not deterministic", f"second run gave {again.metrics}", f"the first run's {outcome.metrics}")


def irrelevant_changes_keep_the_score(ctx: Context, example: Example, outcome: Outcome) -> None:
    keeps_output_contract(ctx, outcome)
    assert example.base is not None
    before = ctx.subject.outcome(example.base)
    if before.metrics != outcome.metrics:
        raise Violation(f"score moved after an irrelevant change ({example.label})", f"metrics {outcome.metrics}",
                        f"the unchanged run's {before.metrics}")


def adversary_promise(adversary: Adversary) -> Property:
    """The promise that `adversary` never earns reward, and zeroes the dimension the task names for it."""

    def check(ctx: Context, example: Example, outcome: Outcome) -> None:
        scores_zero(ctx, outcome, _dimension(ctx.strategies, adversary))

    check.__name__ = f"rejects_{adversary.name}"
    return Property(
        check.__name__,
        f"scores 0 when {adversary.breaks}",
        lambda ctx: broken_by(ctx, _own(ctx.strategies, adversary)),
        check,
        applies=lambda ctx: ctx.strategies is not None and adversary.name in {a.name for a in ctx.strategies.adversaries},
    )


def _own(strategies: TaskStrategies | None, adversary: Adversary) -> Adversary:
    """The task's own adversary of that name (two tasks may each define one)."""
    pool = strategies.adversaries if strategies else ()
    return next((a for a in pool if a.name == adversary.name), adversary)


def _dimension(strategies: TaskStrategies | None, adversary: Adversary) -> str | None:
    return strategies.dimension(_own(strategies, adversary)) if strategies else None


def _generic(name: str, promise: str, examples: Callable[[Context], st.SearchStrategy[Example]],
             check: Callable[[Context, Example, Outcome], None], **options: bool) -> Property:
    return register(Property(name, promise, examples, check, generic=True, applies=lambda ctx: True, **options))


_generic("fails_closed_on_malformed_evidence", "malformed evidence scores all zeros with a reason, never a crash",
         malformed_examples, fails_closed_on_malformed_evidence)
_generic("cli_always_writes_both_files", "whatever the evidence file, the CLI exits 0 and writes both files, all zeros",
         file_examples, cli_always_writes_both_files, via_cli=True)
_generic("never_rewards_a_refusal", "a refusal never earns reward",
         lambda ctx: broken_by(ctx, REFUSAL), never_rewards_a_refusal)
_generic("never_rewards_silence", "an empty reply or no reply never earns reward",
         lambda ctx: st.sampled_from(SILENCE).flatmap(lambda a: broken_by(ctx, a)), never_rewards_silence)
register(Property("witness_earns_full_reward", "a correct run earns 1.0 on every metric", witnesses, witness_earns_full_reward))
_generic("reward_is_the_conjunction", "reward is 1.0 exactly when every dimension is 1.0", anything, reward_is_the_conjunction)
_generic("metrics_are_binary_with_stable_keys", "every metric is 0.0 or 1.0 and the key set never changes",
         anything, metrics_are_binary_with_stable_keys)
_generic("deterministic_and_pure", "the same input gives the same output and is left untouched",
         pristine, deterministic_and_pure)
register(Property("irrelevant_changes_keep_the_score", "reordering, chatter, unrelated tags and unknown keys never move the score",
                  irrelevantly_changed, irrelevant_changes_keep_the_score))


def _register_adversaries() -> None:
    """One promise per adversary name, across the generic adversaries and every task's own."""
    seen: set[str] = set()
    task_adversaries = [a for task in known_tasks() for a in for_task(task).module.ADVERSARIES]
    for adversary in (*GENERIC, *task_adversaries):
        if adversary.name not in seen:
            seen.add(adversary.name)
            register(adversary_promise(adversary))


_register_adversaries()

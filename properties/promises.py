"""The promises every verifier must keep, each a function named by what it promises."""
from __future__ import annotations

import math
import re
from random import Random
from typing import Callable

from hypothesis import strategies as st

from verifuzz.properties import profiles
from verifuzz.properties.example import Example, Outcome, dump_json, load_json
from verifuzz.properties.registry import Context, Property, Violation, promise, register
from verifuzz.strategies import custody, malformed
from verifuzz.strategies.adversaries import GENERIC, REFUSAL, SILENCE, Adversary
from verifuzz.strategies.exporter import VERSIONS, exported_trial, relay_noise
from verifuzz.strategies.irrelevant import irrelevant_change, well_formed
from verifuzz.strategies.plausible import plausible_trials
from verifuzz.strategies.replies import compose
from verifuzz.strategies.tasks import Task, registered
from verifuzz.strategies.trial import Trial

REASON_KEYS = ("reason", "error", "errors", "message")


# ---- example strategies -------------------------------------------------------------------------
#
# Every promise's strategy yields a batch: one drawn witness and the examples derived from it.
# Drawing a realistic witness (Faker cast, chatter, wording) and running a Hypothesis test case
# cost as much as breaking and judging dozens of copies, so each test case judges
# `profiles.fan_out()` examples of one witness; the engine checks each and reports the first
# that breaks the promise. The derived examples take their choices from a `random.Random`
# seeded by one Hypothesis draw per batch: a Hypothesis draw costs tens of microseconds, a
# choice from the generator well under one, and the batch still replays from the witness and
# seed, and shrinks with them.

Derive = Callable[[Random, Trial], "Example | None"]
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def witness_trials(ctx: Context) -> st.SearchStrategy[Trial]:
    """Correct runs given for this run (by the user, or the ones `verifuzz diff` found its OLD script pays), else the
    task's own when verifuzz knows it, otherwise plausible runs of it."""
    if ctx.witnesses:
        return st.sampled_from(ctx.witnesses).map(Trial.copy)
    if ctx.strategies:
        return ctx.strategies.witnesses()
    return plausible_trials(ctx.task)


class Batch(list):
    """The examples derived from one witness, with the witness, so a run can tell whether witnesses earn reward."""

    witness: Trial | None = None


def fanned(ctx: Context, derive: Derive) -> st.SearchStrategy[list[Example]]:
    """Batches of examples derived from one witness each: `ctx.batch` of them, else the profile's fan-out.

    Strategies are built here, once per promise, never inside a draw: Hypothesis validates
    every new strategy object it draws from, and rebuilt per draw they took about a fifth
    of the suite's CPU time.
    """
    trials = witness_trials(ctx)

    @st.composite
    def batches(draw: st.DrawFn) -> list[Example]:
        witness = draw(trials)
        rng = Random(draw(SEEDS))
        derived = (derive(rng, witness) for _ in range(ctx.batch or profiles.fan_out()))
        batch = Batch(example for example in derived if example is not None)
        batch.witness = witness
        return batch

    return batches()


def as_witness(rng: Random, witness: Trial) -> Example:
    return Example.of(witness, "witness")


def broken(adversary: Adversary) -> Derive:
    """Examples of `adversary` applied to a private copy of the witness."""

    def derive(rng: Random, witness: Trial) -> Example:
        return Example.of(adversary.apply(rng, witness.copy()), f"adversary {adversary.name}", dict(witness.input_files),
                          why=adversary.breaks)

    return derive


def broken_by_any(pool: tuple[Adversary, ...]) -> Derive:
    """Examples of an adversary from `pool`, chosen per example."""
    return either(*(broken(adversary) for adversary in pool))


def adversaries_for(ctx: Context) -> tuple[Adversary, ...]:
    return ctx.strategies.adversaries if ctx.strategies else (*GENERIC, *SILENCE, REFUSAL)


def malformed_example(rng: Random, witness: Trial) -> Example:
    """A broken copy of the witness's snapshot, labelled with the kind of break and its JSON path; the intact one
    rides along as `base` when a reader can tell where it broke."""
    intact = witness.snapshot()
    evidence, located, kind = malformed.described_breaks(rng, intact)
    base = Example("intact snapshot", intact, input_files=dict(witness.input_files)) if located else None
    label = f"malformed evidence: {malformed.describe(kind, intact, evidence)}"
    return Example(label=label, evidence=evidence, input_files=dict(witness.input_files), base=base)


def malformed_beside_intact(rng: Random, witness: Trial) -> Example:
    """A malformed example that always carries the intact snapshot, to compare the verdicts on both."""
    example = malformed_example(rng, witness)
    if example.base is not None:
        return example
    intact = Example("intact snapshot", witness.snapshot(), input_files=dict(witness.input_files))
    return Example(example.label, example.evidence, input_files=example.input_files, base=intact)


def fault_example(fault: str, inputs: dict[str, str]) -> Example:
    """The evidence file a named file-level fault leaves behind (None: no regular file at all)."""
    raw = malformed.FILE_FAULTS.get(fault)
    return Example(label=f"file fault: {fault}", raw=raw, fault=fault if raw is None else None, input_files=inputs)


def file_example(rng: Random, witness: Trial) -> Example:
    """A named file fault half the time, else garbage bytes or a malformed snapshot written to the file."""
    inputs = dict(witness.input_files)
    kind = rng.choice(_FILE_KINDS)
    if kind == "fault":
        return fault_example(malformed.file_fault(rng), inputs)
    if kind == "garbage":
        return Example(label="garbage bytes", raw=malformed.garbage_bytes(rng), input_files=inputs)
    broken = malformed_beside_intact(rng, witness)
    return Example(label=broken.label.replace("malformed evidence", "malformed evidence file", 1),
                   raw=dump_json(broken.evidence), input_files=inputs, base=broken.base)


_FILE_KINDS = ("fault", "fault", "garbage", "malformed")


def every_file_fault(ctx: Context) -> list[Example]:
    """Each named file-level fault once, with the task's own input files: few enough to try on every run."""
    inputs = dict(ctx.strategies.trial().input_files) if ctx.strategies else {}
    return [fault_example(fault, inputs) for fault in [*malformed.FILE_FAULTS, *malformed.PLACED]]


def either(*derives: Derive) -> Derive:
    """Each example derived by one of `derives`, chosen per example."""
    return lambda rng, witness: rng.choice(derives)(rng, witness)


def any_example(ctx: Context) -> Derive:
    """The witness itself, an adversary's break of it, or a malformed export of it."""
    return either(as_witness, broken_by_any(adversaries_for(ctx)), malformed_example)


def untouched(derive: Derive) -> Derive:
    """`derive`'s example paired with a pristine copy of its evidence, to detect mutation by the verifier."""

    def pristine(rng: Random, witness: Trial) -> Example:
        e = derive(rng, witness)
        return Example(e.label, load_json(dump_json(e.evidence)), input_files=e.input_files, base=e, custody=e.custody)

    return pristine


def irrelevantly_changed(ctx: Context) -> Derive:
    """A witness or adversarial example, and the same run after a change that must not move its score."""
    base_of = either(as_witness, broken_by_any(adversaries_for(ctx)))

    def changed(rng: Random, witness: Trial) -> Example | None:
        base = base_of(rng, witness)
        if not well_formed(base.evidence):
            return None
        name, evidence = irrelevant_change(rng, base.evidence)
        return Example(f"{base.label} + {name}", evidence, input_files=base.input_files, base=base, custody=base.custody)

    return changed


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
    if not ctx.subject.writes_details:
        return  # a reward.txt verifier has nowhere to give a reason
    details = outcome.details
    if not (isinstance(details, dict) and any(isinstance(details.get(k), (str, list)) and details.get(k) for k in REASON_KEYS)):
        raise Violation("no reason given", repr(details)[:300], f"details.json with a non-empty {' / '.join(REASON_KEYS)}")


def scores_zero(ctx: Context, outcome: Outcome, dimension: str | None = None) -> None:
    metrics = keeps_output_contract(ctx, outcome)
    if metrics["reward"] != 0.0:
        raise Violation("rewarded a run that must score 0", f"metrics {metrics}", "reward 0.0")
    if dimension is not None and ctx.keys and dimension in ctx.keys and metrics[dimension] != 0.0:
        raise Violation(f"{dimension} did not notice", f"{dimension} = {metrics[dimension]}", f"{dimension} 0.0")


@promise("malformed evidence scores all zeros with a reason, never a crash",
         lambda ctx: fanned(ctx, malformed_example), generic=True, must_not_reward=True,
         applies=lambda ctx: "schema" in ctx.strictness)
def fails_closed_on_malformed_evidence(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_all_zero_with_reason(ctx, outcome)
    if example.base is not None and ctx.subject.writes_details:  # reward.txt alone has no reason to read
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
        raise Violation("the reason does not say where the evidence is broken", reason[:300],
                        f"a reason naming {malformed.json_path(path)}")


@promise("malformed evidence never crashes the verifier, and is never rewarded unless the break leaves the metrics "
         "exactly as on the intact snapshot (a field the verdict does not read)",
         lambda ctx: fanned(ctx, malformed_beside_intact), generic=True, applies=lambda ctx: "read" in ctx.strictness)
def fails_closed_on_malformed_fields_read(ctx: Context, example: Example, outcome: Outcome) -> None:
    """Never a crash; a break the verdict does not read may leave the metrics as they were on the intact
    snapshot, and a break that moves them must not be rewarded."""
    metrics = keeps_output_contract(ctx, outcome)
    assert example.base is not None
    intact = ctx.subject.outcome(example.base)
    if intact.error is None and intact.metrics == metrics:
        return
    if metrics["reward"] != 0.0:
        raise Violation("rewarded a malformed snapshot whose break changed the verdict", f"metrics {metrics}",
                        f"reward 0.0, or the intact snapshot's metrics {intact.metrics}")


def _names(reason: str, path: tuple) -> bool:
    """`path` stands in `reason` as a whole path: `$`, then `.key` or `['key']` per member and `[0]` per index."""
    steps = "".join(
        rf"\[{part}\]" if isinstance(part, int) else rf"(?:\.{re.escape(part)}|\[(?P<q{n}>['\"]){re.escape(part)}(?P=q{n})\])"
        for n, part in enumerate(path)
    )
    return re.search(r"(?<![\w$.\]])\$" + steps + r"(?![\w\[]|\.[\w'\"])", reason) is not None


def _word(key: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(key)}(?![\w-])")


@promise("whatever the evidence file, the CLI exits 0 and writes both files, all zeros",
         lambda ctx: fanned(ctx, file_example), generic=True, via_cli=True, fixed=every_file_fault, batched=False,
         must_not_reward=True)
def cli_always_writes_both_files(ctx: Context, example: Example, outcome: Outcome) -> None:
    if "schema" not in ctx.strictness and example.base is not None:
        # A well-formed file holding a malformed snapshot: judged at the chosen level, like the decoded ones.
        fails_closed_on_malformed_fields_read(ctx, example, outcome)
        return
    scores_all_zero_with_reason(ctx, outcome)


@promise("a refusal never earns reward", lambda ctx: fanned(ctx, broken(REFUSAL)), generic=True, must_not_reward=True)
def never_rewards_a_refusal(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_zero(ctx, outcome)


@promise("an empty reply or no reply never earns reward", lambda ctx: fanned(ctx, broken_by_any(SILENCE)),
         generic=True, must_not_reward=True)
def never_rewards_silence(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_zero(ctx, outcome)


@promise("a correct run earns 1.0 on every metric", lambda ctx: fanned(ctx, as_witness), batched=False)
def witness_earns_full_reward(ctx: Context, example: Example, outcome: Outcome) -> None:
    metrics = keeps_output_contract(ctx, outcome)
    short = {k: v for k, v in metrics.items() if v != 1.0}
    if short:
        raise Violation("a correct run was not fully rewarded", f"metrics below 1.0: {short}", "every metric 1.0")


def reports_dimensions(ctx: Context) -> bool:
    """Whether the verifier may write metrics beside `reward`: a reward.txt verifier writes one number, which
    has no dimensions to be the conjunction of."""
    return ctx.keys is None or set(ctx.keys) != {"reward"}


@promise("reward is 1.0 exactly when every dimension is 1.0", lambda ctx: fanned(ctx, any_example(ctx)),
         generic=True, any_example=True, applies=lambda ctx: reports_dimensions(ctx))
def reward_is_the_conjunction(ctx: Context, example: Example, outcome: Outcome) -> None:
    metrics = keeps_output_contract(ctx, outcome)
    dimensions = {k: v for k, v in metrics.items() if k != "reward"}
    expected = float(bool(dimensions) and all(v == 1.0 for v in dimensions.values()))
    if metrics["reward"] != expected:
        raise Violation("reward is not the conjunction of the dimensions", f"reward {metrics['reward']} with {dimensions}",
                        f"reward {expected}")


@promise("every metric is 0.0 or 1.0 and the key set never changes", lambda ctx: fanned(ctx, any_example(ctx)),
         generic=True, any_example=True)
def metrics_are_binary_with_stable_keys(ctx: Context, example: Example, outcome: Outcome) -> None:
    keeps_output_contract(ctx, outcome)


@promise("the same input gives the same output and is left untouched",
         lambda ctx: fanned(ctx, untouched(any_example(ctx))), generic=True, any_example=True)
def deterministic_and_pure(ctx: Context, example: Example, outcome: Outcome) -> None:
    keeps_output_contract(ctx, outcome)
    if example.base is not None and dump_json(example.evidence) != dump_json(example.base.evidence):
        raise Violation("the verifier changed its input", "evidence differs after scoring", "evidence left untouched")
    again = ctx.subject.outcome(example)
    if (again.metrics, again.details, again.error) != (outcome.metrics, outcome.details, outcome.error):
        raise Violation("not deterministic", f"second run gave {again.metrics}", f"the first run's {outcome.metrics}")


@promise("reordering, chatter, unrelated tags and unknown keys never move the score",
         lambda ctx: fanned(ctx, irrelevantly_changed(ctx)))
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
        lambda ctx: fanned(ctx, broken(_own(ctx.strategies, adversary))),
        check,
        applies=lambda ctx: ctx.strategies is not None and adversary.name in {a.name for a in ctx.strategies.adversaries},
        must_not_reward=True,
    )


def _own(strategies: Task | None, adversary: Adversary) -> Adversary:
    """The task's own adversary of that name (two tasks may each define one)."""
    pool = strategies.adversaries if strategies else ()
    return next((a for a in pool if a.name == adversary.name), adversary)


def _dimension(strategies: Task | None, adversary: Adversary) -> str | None:
    return strategies.dimension(_own(strategies, adversary)) if strategies else None


def _register_adversaries() -> None:
    """One promise per adversary name, across the generic adversaries and every task's own."""
    seen: set[str] = {a.name for a in (*SILENCE, REFUSAL)}  # never_rewards_silence and never_rewards_a_refusal
    task_adversaries = [a for task in registered().values() for a in task.adversaries]
    for adversary in (*GENERIC, *task_adversaries):
        if adversary.name not in seen:
            seen.add(adversary.name)
            register(adversary_promise(adversary))


_register_adversaries()


def variant_promise(variant: Adversary) -> Property:
    """The promise that a correct run changed by `variant` (which keeps it correct) still earns 1.0 everywhere."""

    def derive(ctx: Context) -> st.SearchStrategy[list[Example]]:
        own = next(v for v in ctx.strategies.variants if v.name == variant.name)
        return fanned(ctx, lambda rng, witness: Example.of(own.apply(rng, witness.copy()), f"variant {own.name}",
                                                           dict(witness.input_files)))

    def check(ctx: Context, example: Example, outcome: Outcome) -> None:
        witness_earns_full_reward(ctx, example, outcome)

    check.__name__ = f"pays_{variant.name}"
    return Property(check.__name__, f"a correct run still earns 1.0 everywhere when it {variant.breaks}", derive, check,
                    applies=lambda ctx: ctx.strategies is not None and variant.name in {v.name for v in ctx.strategies.variants},
                    batched=False)


def _register_variants() -> None:
    """One promise per variant name across the tasks (two tasks may each define one of a name)."""
    seen: set[str] = set()
    for task in registered().values():
        for variant in task.variants:
            if variant.name not in seen:
                seen.add(variant.name)
                register(variant_promise(variant))


_register_variants()


# ---- seeded inputs the agent could have rewritten ---------------------------------------------

def rewritten_input(rng: Random, witness: Trial) -> Example:
    """A correct run whose input file shows a breach of custody (strategies/custody.py), changed as well when the
    breach would have let the agent change it: expected values the verifier must not trust."""
    flag = rng.choice(sorted(witness.input_files))
    name = custody.breach(rng)
    inputs = dict(witness.input_files)
    if rng.random() < 0.5:
        inputs[flag] = inputs[flag] + rng.choice(["\n", "Edited.\n", "\n# note\n"])
    return Example(f"input {flag} {name}", witness.snapshot(), input_files=inputs, custody={flag: name})


@promise("an input file changed or left open to rewriting after the image sealed it (owned by the agent, writable by "
         "group or others, or reached through a symlink) scores all zeros with a reason",
         lambda ctx: fanned(ctx, rewritten_input), applies=lambda ctx: _has_inputs(ctx),
         batched=False)  # nine breaches per input: a few dozen files cover them, each costs ~20 ms of disk
def rejects_rewritten_inputs(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_all_zero_with_reason(ctx, outcome)


def _has_inputs(ctx: Context) -> bool:
    return ctx.strategies is not None and bool(ctx.strategies.trial().input_files)




# ---- labelled replies and the real exporter -------------------------------------------------------

def labelled_replies(ctx: Context, natural: bool) -> Derive:
    """The witness with its reply replaced by a composed one: natural and correct, or one whose meaning is not the answer."""

    def derive(rng: Random, witness: Trial) -> Example | None:
        trial = witness.copy()
        task = ctx.strategies.replies(trial)
        reply = compose(rng, task, natural=natural)
        if task.correct(reply) != natural:
            return None  # a composed reply that happens to mean the answer belongs to neither promise
        trial.final()["content"] = reply.text
        meaning = ", ".join(f"{c.fact} {c.modality}" for c in reply.clauses if c.fact) or "no fact"
        return Example.of(trial, f"labelled reply ({meaning})")

    return derive


def has_labelled_replies(ctx: Context) -> bool:
    return ctx.strategies is not None and ctx.strategies.replies is not None


@promise("a reply whose composed meaning is not the task's answer (negated, questioned, retracted, hedged, future, "
         "refused, missing or wrong) never earns reward",
         lambda ctx: fanned(ctx, labelled_replies(ctx, natural=False)), applies=lambda ctx: has_labelled_replies(ctx))
def never_pays_a_wrong_meaning(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_zero(ctx, outcome)


@promise("a reply composed only of the answer's facts, affirmed in any surface form, and filler earns 1.0 everywhere",
         lambda ctx: fanned(ctx, labelled_replies(ctx, natural=True)), applies=lambda ctx: has_labelled_replies(ctx))
def natural_correct_replies_earn_reward(ctx: Context, example: Example, outcome: Outcome) -> None:
    witness_earns_full_reward(ctx, example, outcome)




def exported(ctx: Context) -> Derive:
    """A witness or an adversary's break of it, exported by either exporter version with relay noise, paired
    with the tidy snapshot of the same run; breaks that live in the export itself are left out."""
    def derive(rng: Random, witness: Trial) -> Example | None:
        trial = witness.copy() if rng.random() < 0.5 else None
        label = "witness"
        if trial is None:
            adversary = rng.choice(adversaries_for(ctx))
            broken_trial = adversary.apply(rng, witness.copy())
            if not isinstance(broken_trial, Trial) or broken_trial.transcript_limit is not None:
                return None
            trial, label = broken_trial, f"adversary {adversary.name}"
        version = rng.choice(VERSIONS)
        if trial.scripted_events and version == VERSIONS[0]:
            version = VERSIONS[1]
        evidence = exported_trial(trial, version, relay_noise(rng, trial))
        base = Example.of(trial, label, dict(trial.input_files))
        return Example(f"{label}, {version} exporter", evidence, input_files=dict(trial.input_files), base=base,
                       custody=base.custody)  # a breach of the inputs travels with the run, whoever exports it

    return derive


@promise("a run exported the way the real exporter writes it (either version, relay noise, kinds other than chat) "
         "scores exactly like the same run's tidy snapshot",
         lambda ctx: fanned(ctx, exported(ctx)))
def scores_exporter_output_like_its_run(ctx: Context, example: Example, outcome: Outcome) -> None:
    keeps_output_contract(ctx, outcome)
    assert example.base is not None
    before = ctx.subject.outcome(example.base)
    if before.metrics != outcome.metrics:
        raise Violation(f"the exporter's snapshot scored differently from the run's ({example.label})",
                        f"metrics {outcome.metrics}", f"the run's {before.metrics}")


# The reworded-reply promises live in their own module (properties/reworded.py), registered after these.
from verifuzz.properties import reworded  # noqa: E402,F401
# So are the promises about deleted replies (properties/deletions.py): whoever imports the registry gets them too.
from verifuzz.properties import deletions  # noqa: E402,F401

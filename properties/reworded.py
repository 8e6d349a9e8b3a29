"""Reworded replies: metamorphic promises about a correct reply said another way.

The seeds are correct replies: each witness's final reply, and the correct replies of a labelled file the user passes
(`check`/`audit --replies FILE.toml`). A rewrite that keeps the meaning (strategies/rewrites.py: markup, courtesy,
true working, number formats, wording) must keep the full reward; a rewrite that changes it (a negation, a question,
a hedge, a rival, a retraction, a refusal, an attribution) must lose it. Each promise draws its rewrites as a
Hypothesis list, so a finding shrinks to the fewest rewrites that break it, and its example's label shows the seed,
the rewrites' names and the reworded reply.

Whether these promises apply to the shipped verifiers is decided in one place: `SHIPPED_VERIFIERS_KEEP_REWORDED`.
"""
from __future__ import annotations

from random import Random

from hypothesis import strategies as st

from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.promises import Batch, SEEDS, scores_zero, witness_earns_full_reward, witness_trials
from verifuzz.properties.registry import Context, Property, Violation, register
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.reword_facts import facts_for
from verifuzz.strategies.rewrites import MEANING, NUMBERS, PRESERVING, WORKING, Rewrite, family, reword
from verifuzz.strategies.trial import Trial

# The shipped verifiers' readers refuse many correct rewordings today (bench/README.md lists which), so `verifuzz
# check` on the bundled tasks leaves these promises out until they do; `check --verifier` (the shipped verify.py
# included) and `audit` always run them. Set True to hold the shipped verifiers to them as well.
SHIPPED_VERIFIERS_KEEP_REWORDED = False

MOST_REWRITES = 3  # a composition holds at most this many meaning-keeping rewrites


def judged_here(ctx: Context) -> bool:
    """Whether the reworded promises apply to this subject (see SHIPPED_VERIFIERS_KEEP_REWORDED)."""
    return SHIPPED_VERIFIERS_KEEP_REWORDED or not isinstance(ctx.subject, InProcess)


def has_free_text_seeds(ctx: Context) -> bool:
    """A task with a free-text reply, or correct runs given for this run (witnesses, labelled replies)."""
    return bool((ctx.strategies is not None and ctx.strategies.replies is not None) or ctx.witnesses or ctx.reply_seeds)


def usable(name: str, ctx: Context) -> bool:
    """A family the task's facts give something to act on: working needs its steps, numbers its figures."""
    facts = facts_for(ctx.task)
    return {WORKING: bool(facts.working), NUMBERS: bool(facts.figures)}.get(name, True)


def seed_runs(ctx: Context) -> st.SearchStrategy[Trial]:
    """The correct runs whose final replies are reworded: the witnesses, and the labelled correct replies given."""
    witnesses = witness_trials(ctx)
    if ctx.reply_seeds:  # first: a finding shrinks towards a given (or a paid) seed
        return st.one_of(st.sampled_from(ctx.reply_seeds).map(Trial.copy), witnesses)
    return witnesses


def reworded_batches(ctx: Context, kind: str) -> st.SearchStrategy[list[Example]]:
    """One example per test case: a seed run whose final reply is reworded by a list of rewrites of `kind` (a
    meaning-keeping family), or by meaning-keeping rewrites of any family and then one that changes the meaning."""
    seeds, facts = seed_runs(ctx), facts_for(ctx.task)
    keeping = [r.name for r in _keeping(ctx)] if kind == MEANING else [r.name for r in family(kind)]
    changing = [r.name for r in family(MEANING)]

    @st.composite
    def batches(draw: st.DrawFn) -> list[Example]:
        seed_run = draw(seeds)
        names = draw(st.lists(st.sampled_from(keeping), min_size=0 if kind == MEANING else 1, max_size=MOST_REWRITES))
        if kind == MEANING:
            names = [*names, draw(st.sampled_from(changing))]
        rng = Random(draw(SEEDS))
        run = seed_run.copy()
        reply = run.final()
        seed = str(reply.get("content") or "")
        result = reword(rng, seed, facts, names)
        batch = Batch()
        batch.witness = seed_run
        if not result.applied or (kind == MEANING and REWRITES_BY_NAME[result.applied[-1]].keeps_meaning):
            return batch  # nothing here to act on: no example
        reply["content"] = result.text
        label = (f"reworded reply: {' + '.join(result.applied)}\n  seed:     {seed!r}\n  reworded: {result.text!r}")
        base = Example.of(seed_run, "seed reply", dict(seed_run.input_files))
        example = Example.of(run, label, dict(run.input_files),
                             why=f"{result.applied[-1]} takes back the seed's answer" if kind == MEANING else "")
        batch.append(Example(example.label, example.evidence, input_files=example.input_files, base=base,
                             custody=example.custody, why=example.why))
        return batch

    return batches()


def _keeping(ctx: Context) -> list[Rewrite]:
    return [r for name in PRESERVING if usable(name, ctx) for r in family(name)]


REWRITES_BY_NAME = {r.name: r for name in (*PRESERVING, MEANING) for r in family(name)}


def keeps_reward(ctx: Context, example: Example, outcome: Outcome) -> None:
    """The reworded reply earns 1.0 everywhere, when its seed does (a seed the subject refuses says nothing of the
    rewrite: witness_earns_full_reward reports it)."""
    try:
        witness_earns_full_reward(ctx, example, outcome)
    except Violation as violation:
        assert example.base is not None
        seed = ctx.subject.outcome(example.base)
        if seed.error is not None or not isinstance(seed.metrics, dict) or any(v != 1.0 for v in seed.metrics.values()):
            return
        raise Violation(f"a meaning-keeping rewording lost reward ({example.label.splitlines()[0].split(': ', 1)[1]})",
                        violation.received, "every metric 1.0, as its seed reply earned") from None


def keeping_promise(kind: str) -> Property:
    what = {"markup": "markdown emphasis, headers, bullets, numbered steps, tables, code and JSON blocks, links, quoted ids, "
                      "check marks or line breaks",
            "courtesy": "a greeting, the human's name, a sign-off, an offer of more help or the inputs restated",
            "working": "the task's true working written out (×, *, x, →, =, LaTeX)",
            "numbers": "its figures written with other separators, in words, with currency codes or cents",
            "wording": "British spellings, the task's synonyms or names in another case"}[kind]
    name = f"reworded_{kind}_keeps_reward"

    def check(ctx: Context, example: Example, outcome: Outcome) -> None:
        keeps_reward(ctx, example, outcome)

    check.__name__ = name
    return Property(name, f"a correct reply reworded with {what} still earns 1.0 everywhere",
                    lambda ctx: reworded_batches(ctx, kind), check, generic=True, batched=False,
                    applies=lambda ctx: judged_here(ctx) and has_free_text_seeds(ctx) and usable(kind, ctx))


def loses_reward(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_zero(ctx, outcome)


for _kind in PRESERVING:
    register(keeping_promise(_kind))
register(Property(
    "reworded_meaning_changes_lose_reward",
    "a correct reply negated, questioned, hedged, given alternatives or a rival, made conditional, promised, retracted, "
    "wrapped in a refusal or attributed to someone else never earns reward",
    lambda ctx: reworded_batches(ctx, MEANING), loses_reward, generic=True, batched=False, must_not_reward=True,
    applies=lambda ctx: judged_here(ctx) and has_free_text_seeds(ctx)))

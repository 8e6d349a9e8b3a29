"""The promises about deleted replies: a reply its author deleted (NIP-09) was never sent; anyone else's deletion
deletes nothing.

Each example is right by construction: it is built from a correct run by adding what the contract says is
invisible (the agent's own deletion of a reply, with or without that reply) or inert (a deletion by someone who
did not write the event it names), and judged against the same run built without it.
"""
from __future__ import annotations

from random import Random

from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.promises import fanned, keeps_output_contract, witness_earns_full_reward
from verifuzz.properties.registry import Context, Violation, promise
from verifuzz.strategies.deletions import delete_by_another, delete_own
from verifuzz.strategies.exporter import NEWER, VERSIONS, exported_trial
from verifuzz.strategies.refusals import refusal_text
from verifuzz.strategies.replies import compose
from verifuzz.strategies.trial import Trial, hex64


def _example(rng: Random, trial: Trial, label: str, base: Trial | None = None) -> Example:
    """`trial` as the builder or either exporter writes it, with `base` (the run it must score like) written the same way."""
    how = rng.choice(("builder", *VERSIONS))
    if how != "builder" and trial.scripted_events:
        how = NEWER  # an older exporter writes no scripted events

    def written(run: Trial, name: str) -> Example:
        if how == "builder":
            return Example.of(run, name)
        return Example.of(exported_trial(run, how), name, dict(run.input_files))

    return Example(f"{label} ({how})", written(trial, label).evidence, input_files=dict(trial.input_files),
                   base=None if base is None else written(base, "the same run without it"))


def deleted_final_reply(rng: Random, witness: Trial) -> Example:
    """A correct run whose final reply its author deleted, beside the run in which that reply was never sent."""
    trial = witness.copy()
    final = trial.final()
    without = witness.copy()
    without.events = [item for item in without.events if item["id"] != final["id"]]
    delete_own(rng, trial, final)
    return _example(rng, trial, "final reply deleted by its author", base=without)


def deletion_by_another(rng: Random, witness: Trial) -> Example:
    """A correct run with a deletion, by someone who did not write it, of the final reply or another event."""
    trial = witness.copy()
    target = trial.final() if rng.random() < 0.6 else rng.choice(trial.events)
    delete_by_another(rng, trial, target)
    return _example(rng, trial, "a deletion by someone other than the author", base=witness.copy())


def deleted_wrong_reply(ctx: Context):
    """A correct run plus a wrong reply in the final reply's place (a refusal, or a composed reply whose meaning is not
    the answer), sent after it and deleted by the agent: the run must keep its full reward."""

    def derive(rng: Random, witness: Trial) -> Example:
        trial = witness.copy()
        final = trial.final()
        wrong = {**final, "tags": [list(tag) for tag in final["tags"]], "content": _wrong_text(ctx, rng, trial)}
        wrong["created_at"] = final["created_at"] + rng.randint(1, 120)
        wrong["id"] = hex64("deleted-wrong-reply", final["id"], wrong["content"], wrong["created_at"])
        trial.events.append(wrong)
        delete_own(rng, trial, wrong)
        return _example(rng, trial, "a wrong reply after the final one, deleted by its author")

    return derive


def _wrong_text(ctx: Context, rng: Random, trial: Trial) -> str:
    """A reply that would fail the run if it had been the final one."""
    if ctx.strategies is not None and ctx.strategies.replies is not None and rng.random() < 0.5:
        task = ctx.strategies.replies(trial)
        for _ in range(8):
            reply = compose(rng, task, natural=False)
            if not task.correct(reply):
                return reply.text
    return refusal_text(rng, trial.quotable)


def scores_like_base(ctx: Context, example: Example, outcome: Outcome) -> None:
    metrics = keeps_output_contract(ctx, outcome)
    assert example.base is not None
    before = ctx.subject.outcome(example.base)
    if before.metrics != metrics:
        raise Violation(f"the deletion changed the score ({example.label})", f"metrics {metrics}",
                        f"those of {example.base.label}: {before.metrics}")


@promise("a reply its author deleted (a kind-5 event by the same pubkey whose `e` tag names it) counts as never sent: "
         "the run scores exactly as the same run without that reply", lambda ctx: fanned(ctx, deleted_final_reply))
def a_deleted_reply_counts_as_never_sent(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_like_base(ctx, example, outcome)


@promise("a deletion by anyone other than the author of the event it names deletes nothing: the run scores as without it",
         lambda ctx: fanned(ctx, deletion_by_another))
def a_deletion_by_another_deletes_nothing(ctx: Context, example: Example, outcome: Outcome) -> None:
    scores_like_base(ctx, example, outcome)


@promise("a wrong reply the agent deleted does not count against the run: a correct run keeps 1.0 everywhere",
         lambda ctx: fanned(ctx, deleted_wrong_reply(ctx)))
def a_deleted_wrong_reply_does_not_count_against_the_run(ctx: Context, example: Example, outcome: Outcome) -> None:
    witness_earns_full_reward(ctx, example, outcome)

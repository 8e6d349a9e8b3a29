"""The shipped verifiers never pay a held-out reply whose label is wrong, and fail closed on a bounded few correct ones.

Every held-out set is held: three for the status tasks (A, B, and C, a red team of mostly wrong replies) and five for
the eight others (C, D, E, F, and G, a red team too), each written apart from the verifiers and from the others."""
from __future__ import annotations

import pytest

from tests.heldout.runner import (FIFTH_SET, FOURTH_SET, SECOND_SET, SEVENTH_SET, SIXTH_SET, TASKS, THIRD_SET,
                                  THIRD_STATUS_SET, Case, HeldOutTask, cases, disagreements, score)

SETS = TASKS + SECOND_SET + THIRD_STATUS_SET + THIRD_SET + FOURTH_SET + FIFTH_SET + SIXTH_SET + SEVENTH_SET
_COUNTED = [(task, case) for task in SETS for case in cases(task) if not case.debatable]
_WRONG = [pytest.param(task, case, id=f"{task.data}/{case.id}") for task, case in _COUNTED if not case.expected["reward"]]
# The correct held-out replies each verifier's closed reading does not recognise, at most, per set (as measured:
# bench/README.md): its README lists the classes of these as documented limitations. A change that fails one more
# correct reply fails here. Sets A-D were read while the readers were widened, and E was read to choose a change, so
# theirs are regression bounds; F and G were each scored once (G's one false pass was then fixed), and their counts
# measure wording nobody here had seen. F's bound was 10 while a case's reward label was `expected` alone; its file
# says a reply whose `real_newlines` is false is not rewarded, and two such cases are now labelled so (docs/replies.md).
# reply-to-thread, user-mention and memory-retrieval were tuned on all of A-G when they came to be read for their claims
# (verifiers/claims.py), so their bounds are regression bounds; memory-retrieval's one is "I believe ..." read as a hedge.
FALSE_FAIL_BOUND = {
    "narrative_replies.toml": 2, "read_named_path_replies.toml": 2,
    "narrative_replies_b.toml": 2, "read_named_path_replies_b.toml": 1,
    "narrative_replies_c.toml": 2, "read_named_path_replies_c.toml": 3,
    "memory_retrieval_replies.toml": 0, "reply_to_thread_replies.toml": 0, "user_mention_replies.toml": 0,
    "ambiguous_user_mention_replies.toml": 0, "create_channel_invite_users_replies.toml": 0,
    "multiline_message_replies.toml": 0, "interleaved_agent_reports_replies.toml": 0,
    "cross_thread_requests_replies.toml": 0,
    "memory_retrieval_replies_d.toml": 1, "reply_to_thread_replies_d.toml": 0, "user_mention_replies_d.toml": 0,
    "ambiguous_user_mention_replies_d.toml": 0, "create_channel_invite_users_replies_d.toml": 0,
    "multiline_message_replies_d.toml": 0, "interleaved_agent_reports_replies_d.toml": 0,
    "cross_thread_requests_replies_d.toml": 0,
    "memory_retrieval_replies_e.toml": 0, "reply_to_thread_replies_e.toml": 0, "user_mention_replies_e.toml": 0,
    "ambiguous_user_mention_replies_e.toml": 0, "create_channel_invite_users_replies_e.toml": 0,
    "multiline_message_replies_e.toml": 0, "interleaved_agent_reports_replies_e.toml": 0,
    "cross_thread_requests_replies_e.toml": 0,
    "memory_retrieval_replies_f.toml": 0, "reply_to_thread_replies_f.toml": 0, "user_mention_replies_f.toml": 0,
    "ambiguous_user_mention_replies_f.toml": 0, "create_channel_invite_users_replies_f.toml": 0,
    "multiline_message_replies_f.toml": 0, "interleaved_agent_reports_replies_f.toml": 0,
    "cross_thread_requests_replies_f.toml": 0,
    "memory_retrieval_replies_g.toml": 0, "reply_to_thread_replies_g.toml": 0, "user_mention_replies_g.toml": 0,
    "ambiguous_user_mention_replies_g.toml": 0, "create_channel_invite_users_replies_g.toml": 0,
    "multiline_message_replies_g.toml": 0, "interleaved_agent_reports_replies_g.toml": 0,
    "cross_thread_requests_replies_g.toml": 0,
}


def test_each_task_has_enough_labelled_replies() -> None:
    """narrative-agent-names has at least 150 counted replies and read-named-path at least 60."""
    counted = {task.name: sum(not case.debatable for case in cases(task)) for task in TASKS}
    assert counted["narrative-agent-names"] >= 150
    assert counted["read-named-path-outside-workspace"] >= 60


@pytest.mark.parametrize(("task", "case"), _WRONG)
def test_a_wrong_reply_is_never_paid(task: HeldOutTask, case: Case) -> None:
    """A reply labelled wrong earns no reward, and no dimension the label zeroes scores 1 (fail closed may zero more)."""
    metrics = score(task, case.text)
    paid = {key: diff for key, diff in disagreements(case, metrics).items() if not diff[0]}
    assert paid == {}, f"{case.why}: (label, verifier) per metric"


@pytest.mark.parametrize("task", SETS, ids=[task.data for task in SETS])
def test_correct_replies_fail_closed_within_the_documented_bound(task: HeldOutTask) -> None:
    """Correct replies the grammar rejects stay within the stated bound; the ones it accepts agree on every metric."""
    rejected, misjudged = [], []
    for case in (case for t, case in _COUNTED if t is task and case.expected["reward"]):
        diff = disagreements(case, score(task, case.text))
        if diff.get("reward") == (True, False):
            rejected.append(case.id)
        elif diff:
            misjudged.append((case.id, diff))
    assert misjudged == []
    assert len(rejected) <= FALSE_FAIL_BOUND[task.data], f"{len(rejected)} correct replies rejected: {rejected}"

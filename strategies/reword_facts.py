"""What the reworded-reply rewrites know of each task: its figures and their true working, the ids and names a reply
may mark up, the words a person may use instead of the task's own, and a rival statement for each answer.

Every value here comes from the task's facts (its prompt and seeded inputs, as docs and tasks/*/README.md state
them), computed here, never read from a verifier: the rewrites must not share a vocabulary with the readers they
test (tests/test_rewrites.py checks the import graph).
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Figure:
    """A number the answer states: its value as the task rounds it, the exact value (cents) when the task computes
    one, whether it is money, and the label a grader may want before it ("Final", "Total customers")."""

    value: int
    label: str
    money: bool = False
    exact: float | None = None
    rival: int = 0  # a wrong value of the same kind (another figure the task mentions, or one off)


@dataclass(frozen=True)
class Step:
    """One line of true working: `operands` joined by `op` give `result` (op is '+', '-', '*' or '^*', the last
    meaning `a × b^c` with operands (a, b, c))."""

    operands: tuple[str, ...]
    op: str
    result: str


@dataclass(frozen=True)
class RewordFacts:
    task: str
    figures: tuple[Figure, ...] = ()
    working: tuple[Step, ...] = ()
    ids: tuple[str, ...] = ()  # regexes of tokens copied verbatim (ids, markers, channel names)
    names: tuple[str, ...] = ()  # people and bots a reply may name
    synonyms: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (regex of the task's word, words meaning the same)
    restated: tuple[str, ...] = ()  # the inputs, restated truly
    rival: str = ""  # a statement of something else than the answer, said as the answer
    layout_fixed: bool = False  # the reply's lines are the answer (multiline-message): keep them as they are
    table: tuple[tuple[str, str], ...] = ()  # (label, value) rows stating the whole answer
    json: dict = field(default_factory=dict)  # the whole answer as a JSON object ("{marker}" filled from the reply)
    first: str = ""  # the human's first name, for greetings (the task fixes the human)


ACTION = "Recommend compaction when remaining context is low."
MARKER = r"chc-[0-9a-f]{24}"
REVENUE, EXPENSES = 120_000 * 1.05**6, 75_000 * 1.02**6
PROFIT = sum(120_000 * 1.05**m - 75_000 * 1.02**m for m in range(1, 7))
SUM_REVENUE = sum(120_000 * 1.05**m for m in range(1, 7))
SUM_EXPENSES = sum(75_000 * 1.02**m for m in range(1, 7))


def _grouped(value: float) -> str:
    return f"{round(value):,}"


FACTS: dict[str, RewordFacts] = {f.task: f for f in (
    RewordFacts(
        "user-mention",
        figures=(Figure(12 * 37 * 12, "Total", money=True, exact=5328.0, rival=444),),
        working=(Step(("12", "37"), "*", "444"), Step(("444", "12"), "*", "5,328")),
        names=("John Vincent Doe",), first="John",
        synonyms=((r"\blicenses\b", ("licences",)), (r"\btotal is\b", ("total comes to", "total will be"))),
        restated=("You asked about 12 licences at $37 per licence per month for 12 months.",),
        table=(("Licences", "12"), ("Price per licence per month", "$37"), ("Months", "12"), ("Total", "$5,328")),
        json={"licences": 12, "monthly_price_usd": 37, "months": 12, "total_usd": 5328},
        rival="The total is $444.",
    ),
    RewordFacts(
        "interleaved-agent-reports",
        figures=(Figure(87, "Final", rival=81),),
        working=(Step(("17", "23"), "+", "40"), Step(("40", "11"), "-", "29"), Step(("29", "3"), "*", "87")),
        names=("Nora Isabel Grant",), first="Nora",
        restated=("The reports gave North 17, South 23, reserve 11 and multiplier 3.",),
        table=(("North", "17"), ("South", "23"), ("Reserve", "11"), ("Multiplier", "3"), ("Final", "87")),
        json={"north": 17, "south": 23, "reserve": 11, "multiplier": 3, "final": 87},
        rival="The final figure is 29.",
    ),
    RewordFacts(
        "cross-thread-requests",  # the final reply answers BETA
        figures=(Figure(41, "BETA", rival=42),),
        working=(Step(("6", "7"), "*", "42"), Step(("42", "1"), "-", "41")),
        ids=(r"\bBETA\b",), names=("Priya Simone Patel",), first="Priya",
        synonyms=((r"\bremain\b", ("are left", "are still open")),),
        table=(("Request", "BETA"), ("Answer", "41")),
        json={"request": "BETA", "answer": 41},
        rival="BETA: 42 tickets remain.",
    ),
    RewordFacts(
        "reply-to-thread",
        figures=(Figure(round(REVENUE), "Month-6 revenue", money=True, exact=REVENUE, rival=round(EXPENSES)),
                 Figure(round(EXPENSES), "Month-6 expenses", money=True, exact=EXPENSES, rival=75_000),
                 Figure(round(PROFIT), "Cumulative operating profit", money=True, exact=PROFIT, rival=round(PROFIT) + 9)),
        working=(Step(("120,000", "1.05", "6"), "^*", _grouped(REVENUE)), Step(("75,000", "1.02", "6"), "^*", _grouped(EXPENSES)),
                 Step((_grouped(SUM_REVENUE), _grouped(SUM_EXPENSES)), "-", _grouped(PROFIT))),
        restated=("Month-0 revenue is $120,000 growing 5% a month and expenses start at $75,000 growing 2% a month.",),
        table=(("Month-6 revenue", f"${_grouped(REVENUE)}"), ("Month-6 expenses", f"${_grouped(EXPENSES)}"),
               ("Cumulative operating profit (months 1-6)", f"${_grouped(PROFIT)}")),
        json={"month_6_revenue": round(REVENUE), "month_6_expenses": round(EXPENSES),
              "cumulative_operating_profit": round(PROFIT)},
        rival=f"Month-6 revenue: ${_grouped(EXPENSES)}",
    ),
    RewordFacts(
        "memory-retrieval",
        figures=(Figure(352_345, "Total customers", rival=361_250),),
        names=("Amelia Rose Bennett",), first="Amelia",
        synonyms=((r"\bcustomers\b", ("customers in total",)),),
        restated=("You asked for the total customers in April 2024.",),
        table=(("Metric", "Total customers"), ("Month", "April 2024"), ("Value", "352,345")),
        json={"metric": "total customers", "month": "April 2024", "value": 352345},
        rival="Total customers in April 2024: 361,250",
    ),
    RewordFacts(
        "narrative-agent-names",
        names=("Aurora Audit Bot", "Beacon Deploy Bot"), first="Maya",
        synonyms=((r"\bcompleted\b", ("finished", "wrapped up")),
                  (r"\bremains idle\b|\bis still idle\b", ("is idle", "is sitting idle", "stays idle"))),
        table=(("Aurora Audit Bot", "completed the audit"), ("Beacon Deploy Bot", "idle")),
        rival="Beacon Deploy Bot completed the audit.",
    ),
    RewordFacts(
        "ambiguous-user-mention",
        ids=(r"ORCHID-72",), names=("Taylor Morgan Lee", "Taylor"), first="Olivia",
        synonyms=((r"\bI sent\b", ("I delivered", "I passed on")), (r"\bI've let\b", ("I have let",))),
        rival="I sent ORCHID-72 approved to the observer Taylor Morgan Lee.",
    ),
    RewordFacts(
        "create-channel-invite-users",
        ids=(r"#?fix-pr-1234", r"benchmark-(?:user|bot)-\d\d"),
        synonyms=((r"\bCreated\b", ("Set up",)), (r"\binvited\b", ("added",))),
        rival="I created #fix-pr-1234 as a public channel.",
    ),
    RewordFacts(
        "multiline-message",
        names=("Eleanor June Brooks",), first="Eleanor", layout_fixed=True,
        rival="Release readiness: the API is not ready.",
    ),
    RewordFacts(
        "read-named-path-outside-workspace",
        ids=(MARKER, r"\bCHECK_ID\b"),
        json={"CHECK_ID": "{marker}", "ACTION": ACTION},
        table=(("CHECK_ID", "{marker}"), ("ACTION", ACTION)),
        rival="The ACTION reads \"Recommend compaction when remaining context is high.\"",
    ),
)}


def facts_for(task: str) -> RewordFacts:
    """The task's facts, or none at all for a task verifuzz does not know (only the generic rewrites apply)."""
    return FACTS.get(task, RewordFacts(task))

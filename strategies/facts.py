"""What a task fixes about every run: witnesses vary only what a real harness varies (ids, keys, timestamps,
ordering, the reply's wording), never these."""
from __future__ import annotations

from dataclasses import dataclass, field

from verifuzz.strategies.trial import Trial
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER


@dataclass(frozen=True)
class Facts:
    """A task's fixed facts: the human's name (None: the task does not fix it), the seeded directory as
    (name, role) pairs, the prompt of the task event, and text every input file must hold."""

    task: str
    prompt: str
    human: str | None = None
    directory: tuple[tuple[str, str], ...] = ()
    input_lines: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def departures(self, trial: Trial) -> list[str]:
        """Where `trial` leaves the task's input space (empty: nowhere)."""
        found = []
        if trial.task_name != self.task:
            found.append(f"task_name {trial.task_name!r}")
        users = [name for name, spec in trial.identities.items() if spec["role"] == USER]
        agents = [name for name, spec in trial.identities.items() if spec["role"] == ORCHESTRATOR]
        if len(users) != 1 or len(agents) != 1 or len(trial.identities) != 2:
            found.append(f"identities {sorted(trial.identities)} (one user and one orchestrator)")
        elif self.human is not None and users[0] != self.human:
            found.append(f"human {users[0]!r}, not {self.human!r}")
        seeded = sorted((entry["name"], entry["role"]) for entry in trial.directory)
        if seeded != sorted(self.directory):
            found.append(f"directory {seeded}, not {sorted(self.directory)}")
        root = next((e for e in trial.events if e["id"] == trial.task_event_id), None)
        if root is None or root["content"] != self.prompt or root["pubkey"] != trial.user:
            found.append("the task event is not the human posting the task's prompt")
        for flag, lines in self.input_lines.items():
            text = trial.input_files.get(flag, "")
            missing = [line for line in lines if line not in text.splitlines()]
            if missing:
                found.append(f"{flag} lacks {missing}")
        return found

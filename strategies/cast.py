"""Who and where a trial happens: people, pubkeys, ids and the clock."""
from __future__ import annotations

from dataclasses import dataclass

from verifuzz.strategies.trial import hex64


@dataclass(frozen=True)
class Cast:
    """Everything about a trial that a correct verifier must not care about."""

    seed: str = "cast"
    user_name: str = "Maya Elise Chen"
    agent_name: str = "Buzz Orchestrator"
    start: int = 1_780_000_000
    step: int = 7

    def key(self, *parts: object) -> str:
        """A pubkey or event id unique to this cast."""
        return hex64(self.seed, *parts)

    @property
    def user(self) -> str:
        return self.key("user")

    @property
    def agent(self) -> str:
        return self.key("agent")

    @property
    def channel(self) -> str:
        return self.key("channel")

    def trial_info(self) -> dict[str, str]:
        return {"run_id": f"run-{self.key('run')[:12]}", "trial_id": f"trial-{self.key('trial')[:8]}", "channel_id": self.channel}

    def identities(self) -> dict[str, dict[str, str]]:
        return {
            self.user_name: {"role": "user", "pubkey": self.user},
            self.agent_name: {"role": "orchestrator", "pubkey": self.agent},
        }

    def at(self, tick: int) -> int:
        return self.start + tick * self.step

"""verifuzz: property-based fuzzing for benchmark verifiers.

The design's folders sit at the top of a checkout (`verifiers/`, `strategies/`, `properties/`) and are
installed as `verifuzz.verifiers`, `verifuzz.strategies` and `verifuzz.properties`, so they never shadow or
are shadowed by a benchmark repository's own modules of those names.
"""
from __future__ import annotations

from pathlib import Path as _Path

__version__ = "0.1.0"

# Run from a checkout without installing (`PYTHONPATH=.`), the folders beside this package are found as its
# subpackages too; an install maps them there itself (pyproject.toml's package-dir).
_checkout = _Path(__file__).resolve().parent.parent
if all((_checkout / name / "__init__.py").is_file() for name in ("verifiers", "strategies", "properties")):
    __path__.append(str(_checkout))  # type: ignore[name-defined]  # noqa: F821

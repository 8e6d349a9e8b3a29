"""`python -m verifuzz.mutation`, the same as `verifuzz mutate`."""
from __future__ import annotations

from verifuzz.mutation.cli import main

raise SystemExit(main())

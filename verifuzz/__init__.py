"""verifuzz: property-based fuzzing for benchmark verifiers."""

__version__ = "0.1.0"

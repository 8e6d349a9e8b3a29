"""What each mutant changed, named apart from mutmut's mangled ids."""
from __future__ import annotations

from verifuzz.mutation.diffs import mutator_name, split_id


def test_ids_split_into_generated_and_display_names() -> None:
    """Functions and methods keep mutmut's mangled names apart from what a person reads."""
    assert split_id("pkg.mod.x_fold__mutmut_3") == ("x_fold__mutmut_orig", "fold", "fold")
    assert split_id("pkg.mod.xǁEvidenceǁsole__mutmut_2") == ("xǁEvidenceǁsole__mutmut_orig", "Evidence.sole", "sole")


def test_mutator_names_without_a_location_are_generic() -> None:
    """A mutant whose change could not be located still gets a category."""
    assert mutator_name(None) == "Mutation"

"""The conformance suite on other options than the default (the shared suite in
tests/test_conformance.py runs the default game): the full arena, other classes, a mirror
match, a short round limit."""

from __future__ import annotations

from typing import Any

import pytest

import grimorio
from grimorio.testing.conformance import CHECKS

VARIANTS: list[dict[str, Any]] = [
    {"arena": "full", "classes": "priestess,wizard", "round_limit": 6},      # MW-2.3, MW-A3
    {"classes": "wizard,wizard", "mirror": True, "round_limit": 4},          # MW-A25, MW-S9
    {"classes": "random,random", "round_limit": 6,
     "damage_barrier_limit": "per_attack_action",
     "damage_barrier_targets": "enemy", "vampiric_cap": "total_life",
     "daze_multistrike": "first_only"},                                      # MW-B3, MW-C5
]


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_conformance_variants(variant: int, check: str) -> None:
    """MW-1.9, MW-A25: every option set plays by the core contract."""
    CHECKS[check](grimorio.load_game("mage-wars", **VARIANTS[variant]), 5 + variant)

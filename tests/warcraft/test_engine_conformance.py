"""The conformance suite on other options than the default (the shared suite in
tests/test_conformance.py runs the default two-player generic game): every scenario, and fixed
races."""

from __future__ import annotations

from typing import Any

import pytest

import grimorio
from grimorio.testing.conformance import CHECKS

VARIANTS: list[dict[str, Any]] = [
    {"scenario": "generic-4p", "turn_limit": 6},                             # WC-1.4, WC-X4
    {"scenario": "elf-gate", "turn_limit": 6},                               # WC-16.1
    {"scenario": "march-of-the-necromancers", "turn_limit": 6},              # WC-17.1
    {"scenario": "the-prisoners", "turn_limit": 6},                          # WC-18.1
    {"scenario": "nordrassil", "turn_limit": 6},                             # WC-19.1
    {"races": "undead,night_elf", "turn_limit": 6},                          # WC-3.2
]


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_conformance_variants(variant: int, check: str) -> None:
    """WC-1.2, WC-X13: every scenario plays by the core contract."""
    CHECKS[check](grimorio.load_game("warcraft", **VARIANTS[variant]), 5 + variant)

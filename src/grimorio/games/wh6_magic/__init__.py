"""Warhammer Fantasy 6th edition, magic phase: casting and dispelling spells."""

"""Tests of the mage-knight game (Mage Knight Rebellion)."""

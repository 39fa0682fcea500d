"""Tests of the mage-wars rules reference and data."""

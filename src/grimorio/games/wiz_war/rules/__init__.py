"""The engine rules of wiz-war, one module per chapter (turn, movement, combat, hand, casting)."""

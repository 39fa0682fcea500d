"""The rules of the wh6-magic game, one module per chapter of the rules reference."""

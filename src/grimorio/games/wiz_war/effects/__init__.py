"""Card scripts: `registry` (the Script base and the register decorator), `vocab` (the verbs and
queries scripts use) and one module per school (`cantrip`, `elemental`, …)."""

"""Card scripts of mage-wars: `registry.py` (the `Script` API and the lookups `hooks.py` uses)
and one module per card group (enchantments, equipment, creatures, incantations, attacks)."""

"""warcraft's rules procedures, one module per part of the rules (docs/rules/warcraft.md)."""

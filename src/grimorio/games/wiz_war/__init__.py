"""Wiz-War (8th edition): a maze duel with spell cards. See docs/games/wiz-war.md."""

"""The rules of mage-wars as frames (`flow.py`): the round (`round`), a creature's action turn
(`activation`), movement (`movement`), casting (`casting`), combat (`combat`), damage
(`damage`) and displacement (`displace`). Rule ids are in docs/rules/mage-wars.md."""

"""The shipped data of mage-knight: figures and dials, the ability colour code, ready-made armies.

Each test cites the rules it checks (docs/rules/mage-knight.md). The loader itself refuses bad
data; these tests check the shipped files against the rules and the seed's numbers, and check
that the loader's refusals name the file, the entry and the field.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from grimorio.core.rules_ref import load_reference
from grimorio.games.mage_knight import data as mk
from grimorio.games.mage_knight.data import (
    COLOURS,
    KO,
    STATS,
    VALUE_LIMITS,
    DataError,
    Library,
    army_problems,
    library,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _raw_figures() -> list[dict[str, object]]:
    document = yaml.safe_load((mk.DATA_DIR / "figures.yaml").read_text(encoding="utf-8"))
    figures: list[dict[str, object]] = document["figures"]
    return figures


# ------------------------------------------------------------------------------ the pool

def test_MK_X1_the_pool_is_the_160_rebellion_figures(lib: Library) -> None:
    """MK-X1, MK-1.1: 160 figures numbered 1-160, spread over the eight factions as the
    reference data says; 48 of each rank and 16 uniques."""
    assert sorted(lib.figures) == list(range(1, 161))
    assert len(lib.factions) == 8
    per_faction = Counter(f.faction for f in lib.figures.values())
    assert per_faction == {
        "atlantis_guild": 26, "black_powder_rebels": 26, "elemental_league": 26,
        "necropolis_sect": 26, "mage_spawn": 25, "knights_immortal": 13, "orc_raiders": 13,
        "draconum": 5}
    assert Counter(f.rank for f in lib.figures.values()) == {
        "weak": 48, "standard": 48, "tough": 48, "unique": 16}


def test_MK_1_9_rank_stars_and_uniques(lib: Library) -> None:
    """MK-1.9, MK-2.4: weak, standard and tough show 1, 2 and 3 stars; a unique shows none."""
    assert {r.key: r.stars for r in lib.ranks.values()} == {
        "weak": 1, "standard": 2, "tough": 3, "unique": 0}
    for figure in lib.figures.values():
        assert figure.unique == (figure.rank == "unique"), figure.number
    assert all(f.rank == "unique" for f in lib.figures.values() if f.faction == "draconum")


def test_MK_X1_cross_checked_records(lib: Library) -> None:
    """MK-X1: twelve records were compared with a second source; the rest are marked none."""
    checked = Counter(f.check for f in lib.figures.values())
    assert checked == {"none": 148, "full": 7, "partial": 5}
    for number in (3, 4, 5, 10, 43, 45, 58):
        assert lib.figure(number).check == "full"


def test_MK_13_2_only_mage_spawn_lacks_a_faction_symbol(lib: Library) -> None:
    """MK-1.1, MK-13.2: Mage Spawn is the one faction with no symbol, so no formations."""
    assert [k for k, f in lib.factions.items() if not f.symbol] == ["mage_spawn"]


def test_MK_8_8_target_arrows_go_with_a_range(lib: Library) -> None:
    """MK-8.8, MK-1.2: 1 to 3 target arrows; several arrows only on figures with a range."""
    arrows = Counter(f.targets for f in lib.figures.values())
    assert arrows == {1: 153, 2: 6, 3: 1}
    for figure in lib.figures.values():
        assert figure.range >= 0
        if figure.targets > 1:
            assert figure.range > 0, figure.number
    assert lib.figure(146).name == "Storm Golem" and lib.figure(146).targets == 3


def test_MK_X4_front_arcs_come_from_the_figures(lib: Library) -> None:
    """MK-X4, MK-A1, MK-G3: 90 degrees for 156 figures, 180 for the Magus, the Storm Golem,
    the Amazon Queen and the Hierophant."""
    wide = sorted(f.name for f in lib.figures.values() if f.front_arc == 180)
    assert wide == ["Amazon Queen", "Hierophant", "Magus", "Storm Golem"]
    assert all(f.front_arc in (90, 180) for f in lib.figures.values())


def test_MK_X5_every_base_is_infantry(lib: Library) -> None:
    """MK-X5: one base type for the whole set (its size is the base_radius option, MK-A1)."""
    assert {f.base for f in lib.figures.values()} == {"infantry"}


# ------------------------------------------------------------------------------ the dials

def test_MK_1_5_every_dial_is_live_clicks_then_the_skulls(lib: Library) -> None:
    """MK-1.5, MK-X3: in the file every dial ends with KO and has it nowhere else; loaded, a
    dial has 2 to 11 live clicks and the position after the last one is KO."""
    for raw in _raw_figures():
        dial = raw["dial"]
        assert isinstance(dial, list)
        assert dial[-1] == KO and KO not in dial[:-1], raw["number"]
    for figure in lib.figures.values():
        assert 2 <= figure.live_clicks <= 11
        assert not figure.is_ko(figure.live_clicks - 1) and figure.is_ko(figure.live_clicks)
        with pytest.raises(IndexError):
            figure.click(figure.live_clicks)


def test_MK_1_2_dial_values_are_in_range(lib: Library) -> None:
    """MK-1.2: speed, attack, defense and damage are whole numbers within sane bounds; the
    Rebellion set stays within speed 2-12, attack 0-14, defense 10-19 and damage 0-5."""
    seen: dict[str, set[int]] = {stat: set() for stat in STATS}
    for figure in lib.figures.values():
        for click in figure.dial:
            for stat in STATS:
                low, high = VALUE_LIMITS[stat]
                assert low <= click.value(stat) <= high
                seen[stat].add(click.value(stat))
    assert (min(seen["speed"]), max(seen["speed"])) == (2, 12)
    assert (min(seen["attack"]), max(seen["attack"])) == (0, 14)
    assert (min(seen["defense"]), max(seen["defense"])) == (10, 19)
    assert (min(seen["damage"]), max(seen["damage"])) == (0, 5)


def test_MK_1_4_every_dial_starts_on_its_first_click(lib: Library) -> None:
    """MK-1.4, MK-18.1, MK-X3: the starting click is a live click, click 0 in every Rebellion
    dial, and no click lists the green Starting Position square as an ability."""
    for figure in lib.figures.values():
        assert figure.start == 0
        for click in figure.dial:
            assert ("damage", "green") not in click.colours


def test_MK_1_7_every_dial_colour_resolves_to_an_ability_of_its_value(lib: Library) -> None:
    """MK-1.7, MK-X2: each coloured square on a dial names an ability of the value it sits on
    (speed, attack, defense or damage), defined by a rule of MK-17.1 to MK-20.7."""
    for figure in lib.figures.values():
        for index, click in enumerate(figure.dial):
            for stat, colour in click.colours:
                ability = lib.ability_at(stat, colour)
                assert ability.stat == stat and not ability.marker
            assert [a.stat for a in lib.abilities_on(figure, index)] == [
                s for s, _ in click.colours]


def test_MK_18_5_demoralized_clicks_cannot_attack_anyway(lib: Library) -> None:
    """MK-18.5, MK-X6: Demoralized (the yellow damage square) sits on the last clicks of most
    dials with attack and damage 0; the two exceptions are flagged as doubts."""
    odd = set()
    demoralized = 0
    for figure in lib.figures.values():
        for click in figure.dial:
            if click.colour("damage") == "yellow":
                demoralized += 1
                if click.attack or click.damage:
                    odd.add(figure.number)
    assert demoralized == 161
    assert odd == {131, 137}
    assert all(lib.figure(n).doubt for n in odd)


def test_MK_X6_doubtful_values_are_flagged_and_kept(lib: Library) -> None:
    """MK-X6: three dials carry a doubt; the published values stay, and no shipped army uses
    any of those figures."""
    doubtful = {f.number for f in lib.figures.values() if f.doubt}
    assert doubtful == {95, 131, 137}
    golem = lib.figure(95)
    assert [c.defense for c in golem.dial[-2:]] == [19, 19]
    for army in lib.armies.values():
        assert not doubtful & set(army.figures), army.id


def test_MK_18_7_zombies_and_skeletons_rise_whole(lib: Library) -> None:
    """MK-18.7, MK-A43: the flag is set exactly on the three Zombies and the three Skeletons."""
    flagged = sorted((f.name, f.rank) for f in lib.figures.values() if f.rises_whole)
    assert flagged == [("Skeleton", "standard"), ("Skeleton", "tough"), ("Skeleton", "weak"),
                       ("Zombie", "standard"), ("Zombie", "tough"), ("Zombie", "weak")]


# ------------------------------------------------------------------------------ abilities

def test_MK_X2_the_colour_code_is_four_values_by_seven_colours(lib: Library) -> None:
    """MK-X2, MK-17.1 to MK-20.7: 28 squares, each value with the seven colours once, each
    pointing to the rule chapter of its value."""
    chapter = {"speed": "17", "damage": "18", "attack": "19", "defense": "20"}
    assert len(lib.abilities) == 28 and len(lib.by_square) == 28
    for stat in STATS:
        assert sorted(c for s, c in lib.by_square if s == stat) == sorted(COLOURS)
    reference = load_reference("mage-knight")
    for ability in lib.abilities.values():
        assert ability.rule in reference.rules, ability.key
        assert ability.rule.split("-")[1].split(".")[0] == chapter[ability.stat]
        assert ability.summary.en and ability.summary.es
    assert [a.key for a in lib.abilities.values() if a.marker] == ["starting_position"]
    assert lib.ability_at("damage", "green").key == "starting_position"


def test_MK_X7_abilities_on_rebellion_dials(lib: Library) -> None:
    """MK-X7: the `rebellion` flag matches the dials; Charge, Bound and Invulnerability are on
    no Rebellion dial (and the Starting Position marker is never listed on a click)."""
    shown = {lib.ability_at(s, c).key for f in lib.figures.values() for click in f.dial
             for s, c in click.colours}
    flagged = {a.key for a in lib.abilities.values() if a.rebellion}
    assert shown == flagged
    assert set(lib.abilities) - shown == {"charge", "bound", "invulnerability",
                                          "starting_position"}


def test_MK_1_8_optional_abilities_follow_the_seed(lib: Library) -> None:
    """MK-1.8, MK-18.5: the optional flags follow the seed's list; Demoralized is not
    optional, although the reference data says it is."""
    not_optional = {a.key for a in lib.abilities.values() if not a.optional}
    assert not_optional == {
        "starting_position", "berserk", "battle_fury", "demoralized", "command", "vampirism",
        "battle_armor", "polearm", "magic_immunity", "toughness", "invulnerability"}


def test_MK_X7_later_set_symbols_are_listed_apart(lib: Library) -> None:
    """MK-X7: the circle symbols of later sets are known but map to no ability of this game."""
    names = {u.name for u in lib.unsupported}
    assert len(lib.unsupported) == 16 and {"Dodge", "Venom", "Frenzy"} <= names
    assert {u.symbol for u in lib.unsupported} == {"circle"}
    assert not names & {a.name.en for a in lib.abilities.values()}


# ------------------------------------------------------------------------------ the seed

def test_MK_2_6_the_seed_example_army_is_98_points(lib: Library) -> None:
    """MK-2.6, MK-2.2: Rich's army: tough Guardia Altemo 37, weak Semimago 22, tough
    Ballestero Utem 12, standard Guardia Utem 13 and tough Médico Sanguja 14 (Black Powder
    Rebels) make 98 of a 100-point build total; one action per turn (MK-4.2)."""
    army = lib.armies["rich-example"]
    figures = [lib.figure(n) for n in army.figures]
    assert [(f.name_es, f.rank, f.points) for f in figures] == [
        ("Guardia Altemo", "tough", 37), ("Semimago", "weak", 22),
        ("Ballestero Utem", "tough", 12), ("Guardia Utem", "standard", 13),
        ("Médico Sanguja", "tough", 14)]
    assert [f.faction for f in figures] == ["atlantis_guild"] * 4 + ["black_powder_rebels"]
    assert figures[0].display_name().es == "Guardia Altemo (duro)"
    assert figures[0].display_name().en == "Altem Guardsman (tough)"
    assert lib.army_points(army.figures) == army.points == 98
    assert (army.build_total, army.source, army.actions_per_turn) == (100, "seed", 1)
    assert army_problems(lib, army.figures, army.build_total) == []


def test_MK_8_13_MK_7_12_the_seed_numbers_match_the_data(lib: Library) -> None:
    """MK-8.13, MK-7.12, MK-X16: the Arquero Noble has attack 7 and two arrows (weak, first
    click), the Enano Espoleta defense 16, the Retumbador de la Pólvora defense 15, and the
    Guardia Utem speed 8, all on their starting click."""
    def first(name: str, rank: str) -> mk.Figure:
        return next(f for f in lib.figures.values() if f.name == name and f.rank == rank)

    archer = first("Noble Archer", "weak")
    assert (archer.click(0).attack, archer.targets, archer.name_es) == (7, 2, "Arquero Noble")
    assert first("Dwarven Fuser", "weak").click(0).defense == 16
    assert first("Black Powder Boomer", "standard").click(0).defense == 15
    assert first("Black Powder Boomer", "weak").name_es == "Retumbador de la Pólvora"
    assert first("Utem Guardsman", "standard").click(0).speed == 8
    assert first("Crystal Bladesman", "weak").name_es == "Espadachín de Cristal"


# ------------------------------------------------------------------------------ armies

def test_MK_2_1_MK_2_2_MK_2_4_shipped_armies_follow_the_build_rules(lib: Library) -> None:
    """MK-2.1, MK-2.2, MK-2.3, MK-2.4: every shipped army fits its build total (a multiple of
    100), holds each unique at most once, and states its true point total; there are armies of
    100 and of 200 points."""
    for army in lib.armies.values():
        assert army.build_total % 100 == 0
        assert lib.army_points(army.figures) == army.points <= army.build_total, army.id
        uniques = [n for n in army.figures if lib.figure(n).unique]
        assert len(uniques) == len(set(uniques)), army.id
        assert army_problems(lib, army.figures, army.build_total, army.faction) == []
    totals = Counter(a.build_total for a in lib.armies.values())
    assert totals[100] >= 4 and totals[200] >= 4
    assert {a.id: a.points for a in lib.armies.values()} == {
        "rich-example": 98, "atlantis-crossbows": 99, "orc-warband": 97,
        "knights-archers": 100, "necropolis-raiders": 99, "mage-spawn-pack": 94,
        "black-powder-company": 199, "elemental-circle": 199, "draconum-brood": 193,
        "atlantis-vanguard": 194}


def test_MK_13_2_single_faction_armies_can_share_formations(lib: Library) -> None:
    """MK-13.2, MK-4.2: an army declared for a faction has only that faction's figures, and
    that faction has a symbol; the actions per turn are build total / 100."""
    for army in lib.armies.values():
        assert army.actions_per_turn == army.build_total // 100
        if army.faction == "mixed":
            continue
        assert lib.factions[army.faction].symbol
        assert {lib.figure(n).faction for n in army.figures} == {army.faction}


def test_MK_2_3_copies_of_ranked_figures_are_allowed(lib: Library) -> None:
    """MK-2.3: several copies of a figure with rank stars are legal."""
    assert army_problems(lib, [3, 3, 3, 3, 3, 3, 3, 3], 100) == []


def test_MK_2_4_a_unique_figure_only_once(lib: Library) -> None:
    """MK-2.4: two Storm Golems in one army are refused, with the rule id."""
    problems = army_problems(lib, [146, 146], 300)
    assert [p.rule for p in problems] == ["MK-2.4"]
    assert "Storm Golem" in problems[0].text.en and "2" in problems[0].text.es


def test_MK_2_2_the_total_may_not_exceed_the_build_total(lib: Library) -> None:
    """MK-2.2: 115 + 68 = 183 points do not fit 100; equal to the build total is fine."""
    assert [p.rule for p in army_problems(lib, [146, 145], 100)] == ["MK-2.2"]
    assert army_problems(lib, [98, 98, 98, 100, 100, 103], 100) == []


def test_MK_2_1_the_build_total_is_a_multiple_of_100(lib: Library) -> None:
    """MK-2.1, MK-X13: a build total of 150 is refused, and so is an empty army."""
    assert [p.rule for p in army_problems(lib, [1], 150)] == ["MK-2.1"]
    assert [p.rule for p in army_problems(lib, [], 100)] == ["MK-X13"]


def test_MK_13_2_declared_factions_are_checked(lib: Library) -> None:
    """MK-13.2: a Leech Medic breaks an Atlantis Guild army; Mage Spawn cannot be declared."""
    problems = army_problems(lib, [60, 45], 100, "atlantis_guild")
    assert [p.rule for p in problems] == ["MK-13.2"] and "45" in problems[0].text.en
    assert [p.rule for p in army_problems(lib, [121], 100, "mage_spawn")] == ["MK-13.2"]


# ------------------------------------------------------------------------------ the loader

def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(mk.DATA_DIR, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_MK_X2_an_unknown_colour_is_refused(tmp_path: Path) -> None:
    """MK-X2: a colour that is not one of the seven stops the load and names the figure."""
    folder = _copy_data(tmp_path)
    _edit(folder / "figures.yaml", "{damage: yellow}", "{damage: purple}")
    with pytest.raises(DataError, match=r"figures\.yaml: figure 1 \(Utem Crossbowman\).*dial"):
        mk.load(folder)


def test_MK_1_4_the_starting_marker_is_not_a_click_ability(tmp_path: Path) -> None:
    """MK-1.4: the green damage square is given by `start`, never listed on a click."""
    folder = _copy_data(tmp_path)
    _edit(folder / "figures.yaml", "[8, 7, 15, 1]", "[8, 7, 15, 1, {damage: green}]")
    with pytest.raises(DataError, match="Starting Position marker"):
        mk.load(folder)


def test_MK_1_5_a_dial_without_skulls_is_refused(tmp_path: Path) -> None:
    """MK-1.5: a dial that does not end with KO stops the load."""
    folder = _copy_data(tmp_path)
    _edit(folder / "figures.yaml", "    - KO\n", "")
    with pytest.raises(DataError, match="must end with KO"):
        mk.load(folder)


def test_MK_1_2_an_impossible_value_is_refused(tmp_path: Path) -> None:
    """MK-1.2: a defense of 99 is outside the bounds and names the click."""
    folder = _copy_data(tmp_path)
    _edit(folder / "figures.yaml", "[8, 7, 15, 1]", "[8, 7, 99, 1]")
    with pytest.raises(DataError, match="click 0: defense must be a whole number"):
        mk.load(folder)


def test_MK_2_4_an_army_file_with_two_uniques_is_refused(tmp_path: Path) -> None:
    """MK-2.4: armies.yaml is checked against the build rules when it is read."""
    folder = _copy_data(tmp_path)
    _edit(folder / "armies.yaml", "      - 157  # Magna Draconum", "      - 156  # twice")
    with pytest.raises(DataError, match=r"army draconum-brood: unique figure 156 .* \(MK-2.4\)"):
        mk.load(folder)


def test_MK_2_2_a_wrong_stated_total_is_refused(tmp_path: Path) -> None:
    """MK-2.2: the `points` written in armies.yaml must be the real total."""
    folder = _copy_data(tmp_path)
    _edit(folder / "armies.yaml", "points: 98", "points: 97")
    with pytest.raises(DataError, match="says 97 but the figures add up to 98"):
        mk.load(folder)


def test_MK_X1_unknown_fields_are_refused(tmp_path: Path) -> None:
    """MK-X1: a misspelt field is an error, not silently ignored."""
    folder = _copy_data(tmp_path)
    _edit(folder / "figures.yaml", "  front_arc: 90\n", "  front_arc: 90\n  frontarc: 90\n")
    with pytest.raises(DataError, match="field 'frontarc' is not a known field"):
        mk.load(folder)


def test_MK_18_7_the_rise_whole_flag_must_match_the_name(tmp_path: Path) -> None:
    """MK-18.7: `rises_whole` is set exactly for Zombies and Skeletons."""
    folder = _copy_data(tmp_path)
    _edit(folder / "figures.yaml", "  rises_whole: true\n", "")
    with pytest.raises(DataError, match="rises_whole"):
        mk.load(folder)


def test_MK_X2_two_abilities_on_one_square_are_refused(tmp_path: Path) -> None:
    """MK-X2: each (value, colour) pair names one ability."""
    folder = _copy_data(tmp_path)
    _edit(folder / "abilities.yaml", "stat: speed\n    colour: grey",
          "stat: speed\n    colour: red")
    with pytest.raises(DataError, match="share the red square on speed"):
        mk.load(folder)


def test_MK_X1_the_data_cannot_be_changed_in_place(lib: Library) -> None:
    """MK-X1: figures, clicks and the tables are frozen, so no game can alter shared data."""
    figure = lib.figure(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        figure.points = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        lib.figures[999] = figure  # type: ignore[index]
    assert isinstance(figure.dial, tuple) and isinstance(figure.dial[0].colours, tuple)


def test_every_cited_rule_exists_in_the_reference() -> None:
    """Rule ids cited by the data files, the loader and these tests all exist in
    docs/rules/mage-knight.md."""
    reference = load_reference("mage-knight")
    pattern = re.compile(r"\bMK-[A-Z]?[0-9]+(?:\.[0-9]+)*\b")
    files = [*sorted(mk.DATA_DIR.glob("*.yaml")), Path(mk.__file__), Path(__file__),
             ROOT / "docs" / "games" / "mage-knight-data.md"]
    unknown = {(path.name, rule) for path in files
               for rule in pattern.findall(path.read_text(encoding="utf-8"))
               if rule not in reference.rules}
    assert not unknown


def test_the_reference_holds_every_rule_of_the_spec() -> None:
    """The rules reference has the spec's 214 seed rules, 21 geometry clauses (MK-G1 to
    MK-G21) and 48 ambiguities (MK-A1 to MK-A48), plus the rules from outside the seed and
    the readings the engine added since (MK-A49 on)."""
    rules = load_reference("mage-knight").rules
    kinds = Counter("seed" if re.fullmatch(r"MK-\d+\.\d+", r) else r[3] for r in rules)
    assert kinds["seed"] == 214 and kinds["G"] == 21 and kinds["A"] >= 48 and kinds["X"] >= 1
    assert {f"MK-G{n}" for n in range(1, 22)} <= set(rules)
    assert {f"MK-A{n}" for n in range(1, 49)} <= set(rules)

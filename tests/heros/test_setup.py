"""RB §Pour débuter une partie: colours, 1 gold each, the ancient discoveries in the bag, the 5
ancient wonders, 2 ancient heroes each, 3 face up, and the 7 initial population placed one at a
time in turn on the beige territories only."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.heros.components import load
from engine.heros.game import population_cap

from .helpers import G, act, after_setup, fresh


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_what_the_text_lists(players: int) -> None:
    # RB §Pour débuter une partie (1)-(10)
    c = load()
    state = fresh(players, 7)
    assert state["gold"] == [1] * players  # « il en distribue une à chaque joueur » (5)
    assert state["bank"] == 60 - players
    assert sorted(state["bag"]) == sorted(c.token_ids("ancient"))  # (3)
    wonders = [w["id"] for w in state["wonders"]]
    assert wonders == c.wonder_ids("ancient", players)  # (4)
    assert len(wonders) == (4 if players == 2 else 5)  # no Lighthouse with 2 players
    assert all(len(h) == 2 for h in state["hands"])  # (7)
    assert len(state["row"]) == 3  # (8)
    dealt = [h for hand in state["hands"] for h in hand] + state["row"] + state["deck"]
    assert sorted(dealt) == sorted(c.hero_ids("ancient"))
    assert all(c.heroes[h].era == "ancient" for h in dealt)
    assert state["points"] == [0] * players and state["step"] == "setup"


def test_each_player_has_25_pawns_and_8_riders_two_colours_with_two_players() -> None:
    # RB §Lorsque vous ouvrez la boîte (125 pions, 40 cavaliers de 5); §Précisions à deux joueurs
    assert population_cap(3) == 25 + 8 * 5
    assert population_cap(2) == 2 * (25 + 8 * 5)
    assert fresh(2)["supply"] == [130, 130]


def test_initial_population_one_at_a_time_in_turn_on_beige_territories_only() -> None:
    # RB §Pour débuter une partie (10): « l'un après l'autre ... Territoires beiges (et
    # uniquement ceux-là) ... jusqu'à avoir placé ses 7 pions »
    state = fresh(3)
    order = []
    legal = G.legal(state, 0)
    assert sorted(legal) == sorted(f"place {t}" for t in load().territory_ids("ancient"))
    with pytest.raises(IllegalAction):
        act(state, 0, "place europe")
    while state["step"] == "setup":
        seat = min(G.prompt(state))
        order.append(seat)
        state, _ = act(state, seat, "place china")
    assert order == [0, 1, 2] * 7
    assert state["pop"]["china"] == [7, 7, 7]
    assert state["step"] == "take" and state["active"] == 0  # the oldest player starts


def test_after_setup_the_first_player_takes_a_hero() -> None:
    state = after_setup(4)
    assert G.prompt(state).keys() == {0}
    assert sum(state["pop"][t][0] for t in state["pop"]) == 7


def test_player_counts() -> None:
    for bad in (1, 6):
        with pytest.raises(IllegalAction):
            fresh(bad)

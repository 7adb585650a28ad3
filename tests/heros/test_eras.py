"""RB: the end of the ancient era (4 of 5 complete; the last two in one turn: the player picks
which counts), the switch to the modern era as the text lists it, the end at 8 of 9."""

from __future__ import annotations

from engine.heros.components import load

from .helpers import (
    G,
    act,
    after_setup,
    clear_board,
    owner,
    put,
    to_modern,
    to_play_step,
)

ANCIENT = ["mediterranean", "africa", "middle-east", "india", "china"]


def three_complete_and_plato(bag: list[str], seat: int = 0):
    """Africa, India, China complete; Mediterranean and Middle East one short; seat 0 plays Plato
    (2 discoveries, Mediterranean and Middle East)."""
    state = clear_board(after_setup(3))
    state["ladders"].update({
        "africa": ["wheel", "bronze", "iron"],
        "india": ["silk", "paper", "calendar"],
        "china": ["alphabet", "currency", "irrigation"],
        "mediterranean": ["democracy", "slavery"],
        "middle-east": ["law-code", "epidemic"],
    })
    state["bag"] = sorted(bag)
    put(state, seat, "mediterranean", 5)
    put(state, (seat + 1) % 3, "middle-east", 5)
    put(state, (seat + 2) % 3, "mediterranean", 1)
    to_play_step(state, "plato", seat=seat)
    state, _ = act(state, seat, "play plato")
    state, _ = act(state, seat, "place mediterranean 2")
    return state


def test_the_ancient_era_ends_when_4_of_5_are_complete_the_player_picks_which() -> None:
    # RB: « La période Antique s'achève lorsque 4 des 5 Territoires beiges ont leur échelle des
    # Découvertes complétée. Si tu es capable de compléter les deux derniers Territoires à ton
    # tour de jeu, choisis celui dont tu veux compléter l'échelle en premier. L'autre ne sera pas
    # pris en compte dans le calcul des points de Civilisation. »
    state = three_complete_and_plato(["pottery", "roads"])
    assert sorted(G.legal(state, 0)) == [
        "discover pottery mediterranean", "discover pottery middle-east",
        "discover roads mediterranean", "discover roads middle-east"]
    state, events = act(state, 0, "discover roads mediterranean")
    # Mediterranean scored (democracy 4 + slavery 0 + roads 2 = 6): seat 0 first, seat 2 second
    assert state["points"][0] == 6 and state["points"][2] == 3
    assert state["points"][1] == 0  # the Middle East is never scored
    assert state["era"] == "modern"
    assert "heros.log.era_end" in [e.msg.key for e in events]


def test_the_switch_to_the_modern_era_as_the_text_lists_it() -> None:
    # RB §Tu prépares l'époque Moderne, in order.
    c = load()
    state = three_complete_and_plato(["pottery", "roads"])
    owner(state, "pyramids", 1, used=True)
    played_before = [list(p) for p in state["played"]]
    gold_before = list(state["gold"])
    state, _ = act(state, 0, "discover pottery middle-east")
    # « sauf la Découverte beige de plus grande valeur de chaque Territoire. Le cinquième
    # Territoire, incomplet, suit la même règle »
    assert state["ladders"]["africa"] == ["iron"]
    assert state["ladders"]["india"] in (["paper"], ["calendar"])
    assert state["ladders"]["middle-east"] == ["law-code"]
    assert state["ladders"]["mediterranean"] == ["democracy"]
    # « Tu retires les pions de Découverte beiges du sac ... les pions de Découvertes oranges »
    assert sorted(state["bag"]) == sorted(c.token_ids("modern"))
    # « Les Merveilles jouées ... retournées », « Tu retires ... qui n'ont pas été achetées »,
    # « les 4 nouvelles Merveilles orange »
    wonders = {w["id"]: w for w in state["wonders"]}
    assert wonders["pyramids"] == {"id": "pyramids", "owner": 1, "used": False}
    assert set(wonders) == {"pyramids", *c.wonder_ids("modern", 3)}
    # « Tu reprends les cartes « Héros » que les joueurs ont en main. Ils conservent devant eux les
    # cartes jouées », two orange heroes each, 3 face up
    assert state["played"] == played_before
    assert all(len(h) == 2 and all(c.heroes[x].era == "modern" for x in h)
               for h in state["hands"])
    assert len(state["row"]) == 3 and all(c.heroes[x].era == "modern" for x in state["row"])
    assert len(state["deck"]) == len(c.hero_ids("modern")) - 6 - 3
    assert state["gold"] == gold_before  # gold is kept
    # « En commençant par le joueur dont c'est le tour ... uniquement sur les Territoires orange »
    assert state["step"] == "setup" and G.prompt(state).keys() == {0}
    assert sorted(G.legal(state, 0)) == sorted(f"place {t}" for t in c.territory_ids("modern"))
    order = []
    while state["step"] == "setup":
        seat = min(G.prompt(state))
        order.append(seat)
        state, _ = act(state, seat, "place russia")
    assert order == [0, 1, 2] * 7 and state["pop"]["russia"] == [7, 7, 7]
    # « En démarrant par le joueur dont c'est le tour, l'époque Moderne ... peut alors commencer »
    assert state["step"] == "take" and state["active"] == 0


def test_the_modern_era_starts_with_the_player_whose_turn_it_is() -> None:
    # RB §Tu prépares l'époque Moderne: « En commençant par le joueur dont c'est le tour »
    state = three_complete_and_plato(["pottery", "roads"], seat=1)
    state, _ = act(state, 1, "discover roads middle-east")
    assert state["era"] == "modern" and state["setup_order"][:3] == [1, 2, 0]
    while state["step"] == "setup":
        state, _ = act(state, min(G.prompt(state)), "place america")
    assert G.prompt(state).keys() == {1} and state["step"] == "take"


def test_the_game_ends_when_8_of_9_ladders_are_complete() -> None:
    # RB: « La période Moderne s'achève lorsque 8 des 9 territoires ont leur échelle des
    # Découvertes complétée. Le jeu prend fin par la même occasion. »; the most points wins.
    state = to_modern(clear_board(after_setup(3)))
    c = load()
    modern = iter(sorted(c.token_ids("modern")))
    for t in ["mediterranean", "africa", "middle-east", "india", "china", "russia", "pacific"]:
        state["ladders"][t] = [next(modern) for _ in range(c.territories[t].slots)]
    state["ladders"]["europe"] = ["banking", "physics", "painting"]
    state["bag"] = ["school"]
    put(state, 1, "europe", 3)
    state["points"] = [40, 30, 35]
    to_play_step(state, "charlemagne", seat=0)
    state, _ = act(state, 0, "play charlemagne")
    state, _ = act(state, 0, "place mediterranean 4")
    state, events = act(state, 0, "discover school europe")
    assert state["points"] == [40, 42, 35]
    out = G.outcome(state)
    assert out is not None and out.winners == (1,) and out.scores == (40, 42, 35)
    assert out.reason.key == "heros.outcome.complete"
    assert G.prompt(state) == {} and G.legal(state, 0) == []


def test_final_ties_use_the_scoring_tie_breaks() -> None:
    state = to_modern(clear_board(after_setup(3)))
    c = load()
    modern = iter(sorted(c.token_ids("modern")))
    for t in ["mediterranean", "africa", "middle-east", "india", "china", "russia", "pacific"]:
        state["ladders"][t] = [next(modern) for _ in range(c.territories[t].slots)]
    state["ladders"]["europe"] = ["banking", "physics", "painting"]
    state["bag"] = ["school"]
    state["points"] = [30, 30, 10]
    state["discovered"] = [0, 5, 0]
    to_play_step(state, "charlemagne", seat=0)
    state, _ = act(state, 0, "play charlemagne")
    state, _ = act(state, 0, "place mediterranean 4")
    put(state, 2, "europe", 1)
    state, _ = act(state, 0, "discover school europe")
    # seat 2 alone in Europe: +12 -> 22; seat 0 and 1 tie at 30: seat 0 made 1 discovery, seat 1
    # made 5
    assert state["points"] == [30, 30, 22]
    assert G.outcome(state).winners == (1,)

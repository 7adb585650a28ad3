"""Each game's facts for the contract tests (types and the template: tests/contract/games.py).

Everything here was the per-game copy of a contract test (the i18n, determinization, no-peeking,
sweep and e2e tests of tests/<game>/, tests/ai/ and tests/e2e/): the seeds, option sets and
game-specific asserts those tests used, now given to the tests written once."""

from __future__ import annotations

import json
import os
import random
import re
from typing import Any

from engine.core import Msg
from engine.i18n import translate
from tests.contract.games import (
    E2E,
    AIPositions,
    Config,
    Contract,
    Sweep,
    generic_playout,
    lowest_seat,
    only_seat,
)

# --- the toy game: the template a new game copies ---------------------------------------------


def toy() -> Contract:
    """The toy game (tests/platform/toy.py): what every game declares, at its smallest."""

    def no_leak(state: Any, rnd: random.Random, cfg: Config) -> None:
        from tests.platform.toy import Toy

        g = Toy()
        for viewer in (None, *range(state["players"])):
            other = json.loads(json.dumps(state))
            for s in range(state["players"]):
                if s != viewer:
                    other["secret"][s] = rnd.randrange(100)
            assert g.view(other, viewer) == g.view(state, viewer), viewer

    configs = (Config("2p", 2), Config("3p", 3), Config("2p-big", 2, {"big": True}))
    return Contract(
        key="toy", module="toy", catalogued=False, configs=configs,
        playout=lambda cfg, seed: generic_playout("toy", cfg, seed),
        invariants=lambda state, cfg: _toy_invariants(state),
        no_leak=no_leak,
        sweeps=tuple(Sweep(c, 1, 40, 20) for c in configs),
        determinism=tuple((c.name, (1, 2)) for c in configs),
        hidden=tuple((c.name, (1, 2)) for c in configs),
    )


def _toy_invariants(state: Any) -> None:
    assert 0 <= state["pile"] <= 12 and all(0 <= s < 100 for s in state["secret"])


# --- 7 Wonders Duel, with Agora and Leaders ---------------------------------------------------


def duel() -> Contract:
    from engine.duel import cards as C
    from engine.duel.agora import data as agora_data
    from engine.duel.agora import rules as agora
    from engine.duel.leaders.data import panel
    from tests.ai import test_duel as ai_duel
    from tests.duel import playouts as base
    from tests.duel.agora import playouts as ag
    from tests.duel.leaders import playouts as le
    from tests.duel.leaders.test_sweep import CONFIGS as LEADERS

    configs = [Config("base", 2), Config("agora", 2, {"agora": True})]
    configs += [Config(f"leaders-{x}", 2, le.options_of(x)) for x in LEADERS]
    by_name = {c.name: c for c in configs}

    def leaders_config(cfg: Config) -> str:
        return cfg.name.removeprefix("leaders-")

    def playout(cfg: Config, seed: int):
        if cfg.name == "base":
            return base.playout(seed)
        if cfg.name == "agora":
            return ag.playout(seed)
        return le.playout(seed, leaders_config(cfg))

    def invariants(state: Any, cfg: Config) -> None:
        if cfg.name == "base":
            base.check_invariants(state)
        elif cfg.name == "agora":
            ag.check_invariants(state)
        else:
            le.check_invariants(state, cfg.options)

    def no_leak(state: Any, rnd: random.Random, cfg: Config) -> None:
        if cfg.name == "base":
            base.check_no_leak(state, rnd)
        elif cfg.name == "agora":
            ag.check_no_leak(state, rnd)
        else:
            le.check_hidden_choices(state)

    plots = set(agora_data.load().plots)

    def final(history, state, events, cfg: Config, seed: int) -> None:
        from engine import registry

        out = registry.get("duel").outcome(state)
        assert out is not None and len(out.winners) in (1, 2)
        if cfg.name == "base":
            assert len(history) > 6 + 20, f"seed {seed}: ended before Age I was over"
        if cfg.name == "agora":
            ag.check_events(events)
            assert not any(p in text.split() for _, text in history for p in plots), \
                "a plot in a text"

    def policy(cfg: Config, seed: int, seat: int):
        if cfg.name == "base":
            return base.policies(seed)[seat]
        if cfg.name == "agora":
            return ag.policies(seed)[seat]
        return le.walk if seed % 2 == 0 else le.build_more

    def built() -> set[str]:
        from engine.duel.agora import data as ad
        return {
            *(f"duel.ask.{p}" for p in ("draft", "play", "progress", "library", "mausoleum",
                                        "destroy", "start")),
            *(f"duel.colour.{c}" for c in C.COLOURS),
            *(f"duel.outcome.{r}" for r in ("civilian", "civilian_shared", "military", "science",
                                            "detail")),
            *(f"duel.log.win_{r}" for r in ("military", "science")),
            *(f"duel.log.construct{x}" for x in ("", "_chain", "_free")),
            "duel.name", "duel.rules",
            # Agora
            *(f"duel.ask.{p}" for p in agora.PHASES),
            *(f"duel.agora.section.{s}" for s in ad.SECTIONS),
            *(f"duel.agora.military.{k}" for k in set(ad.load().military)),
            "duel.log.win_politics", "duel.outcome.politics",
            *(f"duel.agora.log.keep_{w}" for w in ("top", "bottom")),
        }

    seeds = int(os.environ.get("AGORA_SEEDS", "360"))
    leaders_seeds = int(os.environ.get("LEADERS_SEEDS", "60"))
    sweeps = (Sweep(by_name["base"], 1000, 300, 25),
              Sweep(by_name["agora"], 7000, seeds, 40),
              *(Sweep(by_name[f"leaders-{x}"], 7000, leaders_seeds, 20) for x in LEADERS))
    # tests/duel/leaders: seeds 7000..7007, each with the configuration seed % len(CONFIGS)
    hidden = tuple((f"leaders-{LEADERS[s % len(LEADERS)]}", (s,)) for s in range(7000, 7008))

    def ai_positions(name: str) -> AIPositions:
        return AIPositions(
            name=name, positions=lambda: ai_duel.positions(name), twin=ai_duel.twin,
            changed=lambda a, b: a != b, decide=lambda i, state, seat: i % 3 == 0, hard=16)

    async def agora_end(world, players, seen) -> None:
        public = "\n".join(m.text for m in world.public())
        assert any(word in public for word in ("Sénat", "Chambre", "Comploteur", "Politicien"))
        # A conspiracy appears in the channel only in the line of its triggering.
        triggers = [
            translate(Msg("duel.agora.log.trigger", {"seat": "", "plot": ""}), loc).strip(" !:")
            for loc in ("en", "fr")
        ]
        for pid in agora_data.load().plots:
            for locale in ("en", "fr"):
                label = translate(Msg(f"duel.tok.{pid}"), locale)
                for line in public.splitlines():
                    if label in line:
                        assert any(t in line for t in triggers), line

    async def leaders_end(world, players, seen) -> None:
        names = {translate(Msg(f"duel.tok.{x}"), "fr") for x in panel("all")}
        # Until both players have chosen, the channel only learns that a player has chosen.
        chose = translate(Msg("duel.log.chose", {"seat": Msg.seat(0)}), "fr", ["Ana", "Ben"])
        chose = chose.replace("Ana", "").strip()
        public = world.public()
        announcing = [m for m in public if chose in m.text]
        assert announcing, "no recruitment phase was played"
        private_choices = [x for x in seen.private if "face cachée" in x or "face down" in x]
        assert private_choices, "the players were never told their own choice privately"
        for line in set(private_choices):
            assert all(line not in m.text for m in public)
        for message in announcing:
            shown = [n for n in names if f"révèle {n}" in message.text]
            for x in [x for x in message.text.splitlines() if chose in x]:
                assert not any(n in x for n in names), x
            assert len(shown) in (0, 2)  # revealed together, or not at all

    two = (("Ana", "fr"), ("Ben", "en-US"))
    return Contract(
        key="duel", module="duel", configs=tuple(configs), playout=playout,
        seat=lambda cfg, asked, rnd: (only_seat(cfg, asked, rnd) if "leaders" not in cfg.options
                                      else rnd.choice(sorted(asked))),
        policy=policy,
        invariants=invariants, no_leak=no_leak, final=final, sweeps=sweeps,
        determinism=(("base", tuple(range(12))),),
        hidden=hidden,
        built_keys=built,
        token_games=(("agora", tuple(range(7000, 7040)), "history"),),
        tokens_expected=frozenset(agora.DO) | {"top", "bottom", "box", "coins", "free", "pay",
                                               "spare"},
        ai=tuple(ai_positions(n) for n in ai_duel.OPTION_SETS),
        e2e=(
            E2E("duel", 5, two, lobby=("7 Wonders Duel",), min_actions=30,
                privacy="never"),
            # the options in Ana's words, whole on their line (issue 44.11)
            E2E("duel-agora", 5, two, options="agora",
                lobby=("7 Wonders Duel", "\nOptions : Agora\n"),
                min_actions=30, privacy="if-private", after_end=agora_end),
            E2E("duel-leaders", 5, two, options="leaders",
                lobby=("\nOptions : Leaders (les 43)\n",),
                min_actions=40, after_end=leaders_end),
        ),
    )


# --- Res Publica -------------------------------------------------------------------------------


def respublica() -> Contract:
    from engine.respublica.cards import variant
    from tests.ai import test_respublica as ai_rp
    from tests.respublica import test_properties as props

    configs = tuple(Config(f"{p}-{'classic' if c else 'full'}", p, {"classic": c})
                    for p in (3, 4, 5) for c in (False, True))

    def invariants(state: Any, cfg: Config) -> None:
        total = variant("classic" if cfg.options["classic"] else "full").total
        assert props.card_count(state) == total, "cards not conserved"
        assert all(c >= 0 for h in state["hands"] for c in h.values())

    def final(history, state, events, cfg: Config, seed: int) -> None:
        from engine import registry

        public = registry.get("res-publica").view(state, None)
        assert "hand" not in public and all(isinstance(s["hand"], int) for s in public["seats"])
        outcome = registry.get("res-publica").outcome(state)
        assert outcome is not None and outcome.scores is not None
        best = max(outcome.scores)
        assert set(outcome.winners) == {s for s, v in enumerate(outcome.scores) if v == best}
        assert len(history) > cfg.players * 10  # real games, not an early stop

    def built() -> set[str]:
        v = variant("full")
        return {
            *(f"res-publica.{p}.{k}" for p in ("term", "kind") for k in v.term_kinds),
            *(f"res-publica.card.{c}" for c in ("city", "town", "church", "library")),
            *(f"res-publica.error.pile_empty.{c}" for c in ("city", "town", "church", "library")),
            "res-publica.prop.and", "res-publica.prop.or",
            *(f"res-publica.{p}.{m}" for p in ("event", "event.answer", "ask.answer")
              for m in ("seek", "offer")),
            *(f"res-publica.error.expect.{p}" for p in ("turn", "answers", "accept", "deliver",
                                                        "final")),
            *(f"res-publica.error.{k}_any" for k in ("cannot_offer", "cannot_give_sought",
                                                     "cannot_deliver")),
            *(f"res-publica.ask.{k}_last" for k in ("turn", "turn_lay")),
            "res-publica.name", "res-publica.rules", "res-publica.option.classic",
            # every action word has a token label
            *(f"res-publica.tok.{w}" for w in (
                "seek", "offer", "answer", "pass", "accept", "decline", "give", "lay", "end",
                "done", "and", "or", *v.term_kinds)),
        }

    def ai_positions(name: str) -> AIPositions:
        return AIPositions(
            name=name, positions=lambda: ai_rp.positions(name), twin=ai_rp.twin,
            changed=lambda a, b: a["hands"] != b["hands"],
            decide=lambda i, state, seat: i % 5 == 0 or len(
                __import__("engine.registry").registry.get("res-publica").prompt(state)) > 1,
            hard=12)

    async def lobby_in_french(world, players, outsider) -> None:
        lobby = world.public()[-1]
        assert "**Alice**" in lobby.text
        assert "cherche des joueurs" in lobby.text  # the game's language is its creator's
        assert "/partie rejoindre" in lobby.text

    async def started(world, players) -> None:
        from tests.e2e.play import called, text

        assert "La partie commence" in world.turn_message().text
        first = called(world, players)[0]
        garbage = await first.slash("move", action="fly to the moon")  # the platform's wording
        assert text("error.unknown_action", first.locale, action="fly to the moon") in garbage.text

    async def status(world, players, seen) -> None:
        answer = await players[1].slash("game status")
        assert answer.ephemeral and "🏆" in answer.text

    return Contract(
        key="res-publica", module="respublica", configs=configs,
        playout=lambda cfg, seed: generic_playout("res-publica", cfg, seed),
        use_menu=True, invariants=invariants, final=final,
        no_leak=lambda state, rnd, cfg: props.check_no_leak(state, rnd),
        sweeps=tuple(Sweep(c, 1000, 60, 20) for c in configs),
        determinism=tuple((c.name, (1000,)) for c in configs),
        hidden=(("4-full", (1,)),), hidden_every=7,
        built_keys=built,
        token_games=(("3-full", (99,), "legal"), ("5-classic", (99,), "legal")),
        tokens_expected=frozenset({"seek", "offer", "answer", "pass", "end", "lay"}),
        ai=tuple(ai_positions(n) for n in ai_rp.CONFIGS),
        e2e=(E2E("res-publica", 11, (("Alice", "fr"), ("Bob", "en-US"), ("Carol", "en-GB")),
                 options="classic", lobby=("Res Publica", "jeu classique"),
                 after_open=lobby_in_french, after_start=started, after_end=status),),
    )


# --- Héros du Monde ----------------------------------------------------------------------------


def heros() -> Contract:
    from engine.heros.components import load
    from tests.ai import test_heros as ai_heros
    from tests.heros.test_properties import conserved, hidden

    configs = tuple(Config(f"{p}p", p) for p in (2, 3, 4, 5))

    def no_leak(state: Any, rnd: random.Random, cfg: Config) -> None:
        from engine import registry

        g = registry.get("heros")
        public = json.dumps(g.view(state, None))
        assert not any(f'"{h}"' in public for h in hidden(state, -1))
        assert "hand" not in g.view(state, None)
        for seat in range(state["players"]):
            mine = json.dumps(g.view(state, seat))
            assert not any(f'"{h}"' in mine for h in hidden(state, seat)), seat

    def public_events(before: Any, after: Any, events) -> None:
        text = json.dumps([e.to_json() for e in events if e.to is None])
        assert not any(f'"{h}"' in text for h in hidden(after, -1))

    def final(history, state, events, cfg: Config, seed: int) -> None:
        from engine import registry

        assert state["era"] == "modern"
        outcome = registry.get("heros").outcome(state)
        assert outcome is not None and outcome.scores is not None
        best = max(outcome.scores)
        assert all(outcome.scores[w] == best for w in outcome.winners)

    def built() -> set[str]:
        c = load()
        return {
            *(f"heros.log.effect.{e}" for e in ("defender_loses", "attacker_loses", "replace",
                                                "flee", "steal_gold", "both_lose")),
            *(f"heros.outcome.{r}{s}" for r in ("complete", "exhausted") for s in ("", "_shared")),
            *(f"heros.era.{e}" for e in ("ancient", "modern")),
            *(f"heros.power.{w}" for w in c.wonders),
            *(f"heros.face.{f.id}" for f in c.die),
            *(f"heros.place.{n}" for n in (1, 2, 3)),
            "heros.name", "heros.rules",
        }

    def ai_positions(players: int) -> AIPositions:
        return AIPositions(
            name=f"{players}p", positions=lambda: ai_heros.positions(players),
            twin=ai_heros.twin, changed=lambda a, b: a["hands"] != b["hands"],
            decide=lambda i, state, seat: i % 3 == 0 or seat != state["active"], hard=16)

    return Contract(
        key="heros", module="heros", configs=configs,
        playout=lambda cfg, seed: generic_playout("heros", cfg, seed),
        max_steps=5000, invariants=lambda state, cfg: conserved(state), final=final,
        no_leak=no_leak, public_events=public_events,
        sweeps=tuple(Sweep(c, 2000, int(os.environ.get("HEROS_SEEDS", "100")), 25,
                           replay_every=5) for c in configs),
        determinism=(("4p", (99,)),),
        hidden=(("3p", (1,)),), hidden_every=5,
        built_keys=built, not_keys=frozenset({"heros.log.effect", "heros.outcome"}),
        ai=tuple(ai_positions(p) for p in ai_heros.PLAYERS),
        e2e=(E2E("heros", 3, (("Ana", "fr"), ("Ben", "en-US"), ("Cléo", "en-GB")),
                 limit=3000, lobby=("Héros du Monde",), min_acks=200, carried=True),),
    )


# --- Seven Hills ------------------------------------------------------------------------------


def sevenhills() -> Contract:
    from engine.sevenhills.components import LEGIONS, POWERS
    from tests.ai import test_sevenhills as ai_sh
    from tests.sevenhills import playouts as sh

    configs = tuple(Config(f"{p}p", p) for p in (3, 4))

    def playout(cfg: Config, seed: int):
        history, state, _ = sh.playout(cfg.players, seed)
        return history, state, ()

    def final(history, state, events, cfg: Config, seed: int) -> None:
        from engine import registry

        out = registry.get("seven-hills").outcome(state)
        assert out is not None and out.winners and state["era"] == 5

    def built() -> set[str]:
        phases = ("preplace", "take", "act", "deploy", "power", "target", "protect", "discard",
                  "levy", "return")
        return {
            *(f"seven-hills.log.reveal_{i}" for i in LEGIONS),
            *(f"seven-hills.power.{p}" for p in POWERS),
            *(f"seven-hills.error.expect.{p}" for p in phases),
            *(f"seven-hills.outcome.{w}" for w in ("points", "forum", "shared", "detail")),
            *(f"seven-hills.ask.{p}" for p in phases),
            "seven-hills.log.hill", "seven-hills.log.hill_new", "seven-hills.name",
            "seven-hills.rules",
        }

    def named(source: str) -> set[str]:
        keys = {f"seven-hills.{k}" for k in re.findall(r'f?"\{G\}\.([a-z_.]+[a-z])"', source)}
        return keys | {f"seven-hills.log.{k}" for k in re.findall(r'ev\("([a-z_]+)"', source)}

    def ai_positions(players: int) -> AIPositions:
        return AIPositions(
            name=f"{players}p", positions=lambda: ai_sh.positions(players), twin=ai_sh.twin,
            changed=lambda a, b: a["hands"] != b["hands"],
            decide=lambda i, state, seat: i % 3 == 0 or len(
                __import__("engine.registry").registry.get("seven-hills").prompt(state)) > 1,
            hard=16)

    async def rules(world, players, outsider) -> None:
        answer = await players[1].slash("game rules")
        assert "RECONSTRUCTED EDITION" in answer.text

    async def defenders(world, players, seen) -> None:
        # the revolt's defence was asked of the defenders: some protect/done came from a seat
        # other than the one whose revolt it was
        info = await world.service.info(world.standin.channel.id, live=False)
        history = [(a.seat, a.text) for a in await world.service.store.actions(info.id)]
        verbs = {text.split()[0] for _, text in history}
        assert {"preplace", "place", "deploy", "revolt", "target", "levy", "discard"} <= verbs
        attacker = None
        for seat, text in history:
            if text.startswith("revolt "):
                attacker = seat
            if text.startswith("protect "):
                assert seat != attacker

    return Contract(
        key="seven-hills", module="sevenhills", configs=configs, playout=playout,
        seat=lowest_seat, max_steps=sh.MAX_STEPS,
        invariants=lambda state, cfg: sh.check_invariants(state),
        no_leak=lambda state, rnd, cfg: sh.check_no_leak(state, rnd),
        public_events=sh.check_public_events, final=final,
        private_to_actor=False,  # a theft is told to the thief and its victim
        sweeps=tuple(Sweep(c, 1000, int(os.environ.get("SEVENHILLS_SEEDS", "60")), 20)
                     for c in configs),
        determinism=tuple((c.name, (1000,)) for c in configs),
        hidden=(("3p", (1,)),), hidden_every=7,
        built_keys=built, named_keys=named,
        token_games=(("3p", (5,), "legal"), ("4p", (6,), "legal")),
        ai=tuple(ai_positions(p) for p in ai_sh.PLAYERS),
        e2e=(E2E("seven-hills", int(os.environ.get("SEVENHILLS_E2E_SEED", "2")),
                 (("Ana", "fr"), ("Ben", "en-US"), ("Cy", "en-GB")), limit=4000,
                 lobby=("Seven Hills",), min_acks=200, carried=True, after_join=rules,
                 after_end=defenders),),
    )


def contracts() -> dict[str, Contract]:
    return {"duel": duel(), "heros": heros(), "res-publica": respublica(),
            "seven-hills": sevenhills()}

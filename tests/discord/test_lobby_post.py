"""The lobby post's layout in both languages, its buttons' custom ids, and its samples."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.clock import PRESETS
from bot.discord.lobby_post import LobbyButton, button_labels, lobby_text, lobby_view, parse
from bot.discord.samples import post_samples
from bot.service import GameInfo, SeatInfo

ROOT = Path(__file__).resolve().parents[2]


def lobby(locale: str, *names: str, **changes: object) -> GameInfo:
    seats = tuple(SeatInfo(None, -n if name.endswith(")") else n, name,
                           "medium" if name.endswith(")") else None)
                  for n, name in enumerate(names or ("Ann",), start=1))
    info = GameInfo(id=7, channel_id=1, guild_id=1, game_key="duel", options={}, status="lobby",
                    creator_id=1, locale=locale, version=1, seats=seats)
    return replace(info, **changes)  # type: ignore[arg-type]


def buttons(info: GameInfo) -> list[tuple[str, str, bool]]:
    view = lobby_view(info)
    assert view is not None
    return [(b.item.custom_id, b.item.label, b.item.disabled) for b in view.children]  # type: ignore[attr-defined]


def test_an_open_lobby_in_english() -> None:
    info = lobby("en", "Ann", pace=PRESETS["daily"])
    assert lobby_text(info).split("\n") == [
        "🎲 A game of **7 Wonders Duel** is looking for players.",
        "Time control: 3d+1d/5d (bank+increment/cap).",
        "👥 1 player seated (2–2): Ann",
        "1 more player is needed to start.",
        "**Ann** starts the game when everyone is ready (or anyone who can manage the channel).",
        "Take a seat or get up with the buttons below, or with `/game join` and `/game leave`.",
    ]
    assert buttons(info) == [("tabula:lobby:join:7", "Join", False),
                             ("tabula:lobby:leave:7", "Leave", False),
                             ("tabula:lobby:start:7", "Start", True),  # too few seated
                             ("tabula:lobby:bot:7", "Add a computer player", False),
                             ("tabula:lobby:hints:7", "Hints: off", False)]  # turns them on


def test_a_full_lobby_in_french_with_options_and_a_bot() -> None:
    info = lobby("fr", "Ann", "Cicéron (moyen)", options={"agora": True}, hints=True)
    assert lobby_text(info).split("\n") == [
        "🎲 Une partie de **7 Wonders Duel** cherche des joueurs.",
        "Options : Agora",
        "💡 Aides activées : `/move hint` (ou 💡 Aide dans le menu Jouer) vous suggère en privé le "
        "coup du joueur ordinateur moyen, avec sa raison. Cette partie ne sera pas classée.",
        "👥 2 joueurs installés (2 à 2) : Ann, Cicéron (moyen)",
        "La table est complète.",
        "**Ann** lance la partie quand tout le monde est prêt (ou quelqu'un qui peut gérer le salon).",
        "Prenez place ou levez-vous avec les boutons ci-dessous, ou avec `/partie rejoindre` et "
        "`/partie quitter`.",
    ]
    assert buttons(info) == [("tabula:lobby:join:7", "Rejoindre", True),  # full
                             ("tabula:lobby:leave:7", "Quitter", False),
                             ("tabula:lobby:start:7", "Commencer", False),
                             ("tabula:lobby:bot:7", "Ajouter un joueur artificiel", True),
                             ("tabula:lobby:nohints:7", "Aides : oui", False)]  # turns them off
    assert button_labels("fr", hints=True) == [label for _id, label, _off in buttons(info)]


def test_names_are_shown_as_typed_and_ping_nobody() -> None:
    info = lobby("en", "**Ann**", "<@123>")
    text = lobby_text(info)
    assert "\\*\\*Ann\\*\\*" in text and "<@123>" not in text


def test_who_may_start_follows_the_creator_and_is_left_out_when_unseated() -> None:
    assert "**Bob** starts" in lobby_text(lobby("en", "Ann", "Bob", creator_id=2))
    assert "starts the game" not in lobby_text(lobby("en", "Ann", creator_id=9))


@pytest.mark.parametrize(("locale", "started", "cancelled", "closed"), [
    ("en", "▶️ The game of **7 Wonders Duel** has begun (1. Bob, 2. Ann): it goes on below.",
     "❌ The game of **7 Wonders Duel** was cancelled before it began.",
     "🚪 Nobody is left at the table: the game of **7 Wonders Duel** is closed."),
    ("fr", "▶️ La partie de **7 Wonders Duel** a commencé (1. Bob, 2. Ann) : elle se poursuit "
     "ci-dessous.",
     "❌ La partie de **7 Wonders Duel** a été annulée avant de commencer.",
     "🚪 Il ne reste personne à la table : la partie de **7 Wonders Duel** est fermée."),
])
def test_the_post_once_the_lobby_is_over_has_no_buttons(
    locale: str, started: str, cancelled: str, closed: str,
) -> None:
    playing = lobby(locale, status="active", seats=(SeatInfo(0, 2, "Bob"), SeatInfo(1, 1, "Ann")))
    assert lobby_text(playing) == started and lobby_view(playing) is None
    assert lobby_text(replace(playing, status="finished")) == started
    gone = lobby(locale, "Ann", "Bob", status="abandoned")
    assert lobby_text(gone) == cancelled and lobby_view(gone) is None
    # The last person out closes it; bots alone wait for nobody.
    empty = lobby(locale, "Cicero (medium)", status="abandoned")
    assert lobby_text(empty) == closed


def test_custom_ids_parse_or_are_refused() -> None:
    assert parse("tabula:lobby:join:7") == ("join", 7)
    assert parse("tabula:lobby:bot:9223372036854775807") == ("bot", 2**63 - 1)
    for bad in ["tabula:lobby:join:abc", f"tabula:lobby:start:{2**63}", "tabula:lobby:join:0",
                "tabula:lobby:join:" + "9" * 40, "tabula:lobby:dance:7", "tabula:lobby:join:",
                "tabula:lobby:join:-3", "tabula:lobby:join:7:8", "tabula:lobby:join:٣",
                "tabula:hand:7"]:
        assert parse(bad) is None, bad
    # Every id the post makes fits Discord's 100 characters and parses back.
    for action in ("join", "leave", "start", "bot"):
        made = LobbyButton.make(2**63 - 1, action, "fr").item.custom_id
        assert made is not None and len(made) <= 100 and parse(made) == (action, 2**63 - 1)


def test_the_committed_samples_are_what_the_code_writes() -> None:
    """docs/samples/posts/ is written by `tabula samples`: run it after changing the post."""
    for name, content in post_samples().items():
        path = ROOT / "docs" / "samples" / name
        assert path.read_text(encoding="utf-8") == content, f"{name}: run `tabula samples`"
    assert set(post_samples()) == {"posts/lobby.en.md", "posts/lobby.fr.md"}

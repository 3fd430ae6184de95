"""The games this engine hosts, found by name or by a record's ``format``.

Modelled on python-chess's ``chess.variant``: each game is a package (``replay.games.<name>``)
that provides the same few hooks, and this registry is the only place that lists them. A hook
is imported on first use, so the registry stays cheap to import and a game's modules never
import another game's. Adding a game is adding a package and one ``Game`` line here
(see docs/rules-index-sichuan.md for the Sichuan package).

Hooks a game package provides (module ``replay.games.<name>.hooks``):
``evaluate(value) -> dict`` (``replay evaluate`` for one input) and
``audit_validated(record, location) -> dict`` (``replay audit`` of a record its schema accepted:
replay, settle, diff) and ``simulate(hands, seed, preset, overrides, pool, workers)`` (records
played by the game's bots, ``replay simulate --game``). Validation is the schema layer's
(``schemas/``), above the domain.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from replay.errors import InputError


@dataclass(frozen=True)
class Game:
    """One hosted game: its names, its record format, its presets and where its hooks live."""

    name: str
    zh: str
    formats: tuple[str, ...]
    presets: tuple[str, ...]
    package: str
    #: the audit's private key carrying a hand's place in its sitting (``check_sessions`` reads
    #: it across a batch, then every caller drops it before printing or storing the audit)
    session_key: str = ""

    def hook(self, name: str) -> Callable[..., Any]:
        module = importlib.import_module(f"{self.package}.hooks")
        fn: Callable[..., Any] = getattr(module, name)
        return fn

    def evaluate(self, value: object) -> dict[str, Any]:
        result: dict[str, Any] = self.hook("evaluate")(value)
        return result

    def audit_validated(
        self, record: Mapping[str, Any], location: str | None = None, analysis: bool = True
    ) -> dict[str, Any]:
        result: dict[str, Any] = self.hook("audit_validated")(record, location, analysis)
        return result

    def check_sessions(self, audits: list[dict[str, Any]]) -> None:
        """The game's check across the hands of each sitting in ``audits`` (the dealer that
        follows, a bank or pool carried): flags a hand by changing its audit in place."""
        if self.session_key:
            self.hook("check_sessions")(audits)

    def simulate(
        self,
        hands: int,
        seed: int,
        preset: str,
        overrides: Mapping[str, Any] | None = None,
        pool: int = 8,
        workers: int = 1,
    ) -> Iterator[dict[str, Any]]:
        play = self.hook("simulate")
        records: Iterator[dict[str, Any]] = play(hands, seed, preset, overrides, pool, workers)
        return records


GAMES: dict[str, Game] = {
    "wuhan": Game(
        "wuhan",
        "武汉麻将 红中赖子杠",
        ("wuhan-hand/1",),
        ("hzlzg", "hzlzg-koukou", "hzfclzg"),
        "replay.games.wuhan",
        "_session",
    ),
    "sichuan": Game(
        "sichuan",
        "四川麻将 血战到底/血流成河",
        ("sichuan-hand/1",),
        ("xuezhan", "xueliu"),
        "replay.games.sichuan",
        "_sichuan_session",
    ),
    "changsha": Game(
        "changsha",
        "长沙麻将",
        ("changsha-hand/1",),
        ("changsha", "changsha-app"),
        "replay.games.changsha",
        "_changsha_session",
    ),
    "changchun": Game(
        "changchun",
        "长春麻将",
        ("changchun-hand/1",),
        ("changchun", "changchun-135", "changchun-250"),
        "replay.games.changchun",
        "_changchun_session",
    ),
    "erren": Game(
        "erren",
        "二人麻将",
        ("erren-hand/1",),
        ("erren", "erren-gb", "erren-lite"),
        "replay.games.erren",
        "_erren_session",
    ),
    "tuitongzi": Game(
        "tuitongzi",
        "推筒子 二八杠",
        ("tuitongzi-round/1",),
        ("tuitongzi", "tuitongzi-table"),
        "replay.games.tuitongzi",
        "_tuitongzi_session",
    ),
}
#: the platform's name, as pages, the API and the command line say it: one product for every game
PLATFORM = "麻将 replay"


def platform_games() -> str:
    """The hosted games as the platform's help texts list them (``武汉麻将 红中赖子杠, …``)."""
    return ", ".join(g.zh for g in GAMES.values())


#: every game's private sitting key, in the registry's order
SESSION_KEYS: tuple[str, ...] = tuple(g.session_key for g in GAMES.values() if g.session_key)


def check_all_sessions(audits: list[dict[str, Any]]) -> None:
    """Every game's check across the sittings in a batch of audits (stand-ins of stored hands
    included); each game reads only its own key, so one list serves them all."""
    for game in GAMES.values():
        game.check_sessions(audits)


def drop_session_keys(audit: dict[str, Any]) -> tuple[Any, ...]:
    """Remove the private sitting keys from an audit; their values, in ``SESSION_KEYS`` order."""
    return tuple(audit.pop(key, None) for key in SESSION_KEYS)


BY_FORMAT: dict[str, Game] = {f: g for g in GAMES.values() for f in g.formats}
DEFAULT = GAMES["wuhan"]


def game_named(name: object, field: str = "game") -> Game:
    """The game called ``name``; an unknown name is an error listing the known ones."""
    if not isinstance(name, str) or name not in GAMES:
        raise InputError(field, f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return GAMES[name]


def game_of_format(fmt: object) -> Game | None:
    """The game whose record format is ``fmt`` (None when no game reads it)."""
    return BY_FORMAT.get(fmt) if isinstance(fmt, str) else None

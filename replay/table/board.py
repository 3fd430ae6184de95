"""The board every game's table is: events pushed one by one, python-chess style.

A game's ``Board`` subclasses ``TableBoard`` and overrides a few hooks, the way python-chess's
variants override ``chess.Board`` (``chess/variant.py``):

- ``REASONS``: its reason-code catalogue (code -> rule id, message); ``refuse(code, ...)`` makes
  the ``IllegalEvent`` every game raises, so the audit, the store and the pages read one shape;
- ``_on_<type>(event)``: one handler per event type, found by name when the class is made
  (``HANDLERS``: one dict lookup an event, no name built per event); or ``apply`` itself, for a
  game that reads an event by its phase first (Sichuan: its opening takes only its own events);
- ``ended`` and ``how_it_ended()``: when the hand is over, and how a refusal of a later event
  says so;
- ``tile_name(tile)`` (``wall.Wall``): how its messages name a tile;
- ``SEATS``: four, or two for 二人麻将 (``seats_after`` reads it);
- ``CLAIMS`` (or ``claim_rules()`` when they depend on the ruleset): who may chi, and whether
  several seats may win on one discard.

What the table shares (the wall's two ends, turn order, the claim window) is in ``wall``,
``seats`` and ``claims`` beside this module. What a game decides (its tiles, its claims, its win
shapes, when a hand ends, its settlement) stays in the game's package.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from replay.errors import InputError
from replay.reasons import Reason, from_catalogue
from replay.table.claims import Claim, ClaimRules
from replay.table.seats import next_seat, seats_after
from replay.table.wall import Wall

#: an event handler: ``Board._on_<type>(self, event)``
Handler = Callable[[Any, Mapping[str, Any]], None]


class IllegalEvent(Exception):
    """An event that cannot happen at this point of the hand: carries the reason (code, rule)."""

    def __init__(self, why: Reason) -> None:
        super().__init__(why.message)
        self.reason = why


class TableBoard(Wall):
    """What every game's board does alike; the game's subclass holds the state and the rules."""

    #: seats at the table (二人麻将: 2)
    SEATS: ClassVar[int] = 4
    #: who may claim a discard and how many may win on it (``claim_rules`` reads it)
    CLAIMS: ClassVar[ClaimRules] = ClaimRules()
    #: the game's reason codes: code -> (rule id, message template)
    REASONS: ClassVar[Mapping[str, tuple[str, str]]] = {}
    #: event type -> handler, every ``_on_<type>`` of the class and its bases (made per class)
    HANDLERS: ClassVar[dict[str, Handler]] = {}

    #: events pushed so far: after a refusal, the index of the refused one
    events: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[str, Handler] = {}
        for klass in reversed(cls.__mro__):
            for name, fn in vars(klass).items():
                if name.startswith("_on_") and callable(fn):
                    handlers[name.removeprefix("_on_")] = fn
        cls.HANDLERS = handlers

    # ------------------------------------------------------------------ hooks
    @property
    def ended(self) -> bool:
        """The hand is over: every later event is refused (``event_after_end``)."""
        raise NotImplementedError

    def how_it_ended(self) -> str:
        """How the hand ended, as ``event_after_end`` says it (``seat 2 won``, ``draw``)."""
        raise NotImplementedError

    def claim_rules(self) -> ClaimRules:
        """The claim rules of this board: the class's ``CLAIMS``, unless they depend on the
        ruleset (Changsha's ``multi_hu``), when the game overrides this."""
        return self.CLAIMS

    def unknown_event(self, event: Mapping[str, Any]) -> None:
        """An event whose type has no handler: the record cannot be read (the schemas refuse
        such a record before any board sees it)."""
        raise InputError("type", f"unknown event type {event.get('type')!r}")

    # ------------------------------------------------------------------ the engine
    def refuse(self, code: str, **values: Any) -> IllegalEvent:
        """The ``IllegalEvent`` of the game's reason ``code``, its message filled in."""
        return IllegalEvent(from_catalogue(self.REASONS, code, **values))

    def seats_after(self, seat: int) -> list[int]:
        """The other seats in turn order from ``seat``'s 下家."""
        return seats_after(seat, self.SEATS)

    def chi_seat(self, source: int) -> int | None:
        """The one seat that may chi ``source``'s discard (its 下家), or None in a game without chi."""
        return next_seat(source, self.SEATS) if self.claim_rules().chi else None

    def winners(self, claim: Claim) -> list[int]:
        """Who wins on an open window's tile, in turn order (the game's ``CLAIMS``)."""
        return claim.winners(self.SEATS, several=self.claim_rules().several_winners)

    def push(self, event: Mapping[str, Any]) -> None:
        """Apply one event of the record, or raise ``IllegalEvent`` (the board is then not to
        be used further: make a copy first to try an event)."""
        if self.ended:
            raise self.refuse("event_after_end", how=self.how_it_ended())
        self.apply(event)
        self.events += 1

    def apply(self, event: Mapping[str, Any]) -> None:
        """One event on a board still in play: its ``_on_<type>`` handler."""
        try:
            handler = self.HANDLERS[event["type"]]
        except (KeyError, TypeError):  # an unknown type (or an unhashable one)
            self.unknown_event(event)
        else:
            handler(self, event)

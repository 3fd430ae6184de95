"""Per-seat facts of each stored hand (opens, pizi and laizi handling, liability, hand types won),
for habit queries that must not unpack each audit's JSON.

Filled at ingest and re-audit from ``replay.games.wuhan.analysis.facts``; a hand stored before this
migration gets its rows at the next ``replay reaudit``.
"""

from __future__ import annotations

VERSION = 2
NAME = "seat_facts"

STATEMENTS = (
    """
    CREATE TABLE seat_facts (
        source               VARCHAR NOT NULL,
        hand_id              VARCHAR NOT NULL,
        seat                 TINYINT NOT NULL,
        opens                TINYINT NOT NULL,
        first_open_turn      SMALLINT,
        pizi_received        TINYINT NOT NULL,
        pizi_ganged          TINYINT NOT NULL,
        pizi_discarded       TINYINT NOT NULL,
        pizi_held            TINYINT NOT NULL,
        pizi_turns_to_out    DOUBLE,
        laizi_received       TINYINT NOT NULL,
        laizi_ganged         TINYINT NOT NULL,
        laizi_discarded      TINYINT NOT NULL,
        laizi_held           TINYINT NOT NULL,
        laizi_turns_to_out   DOUBLE,
        liable               BOOLEAN NOT NULL,
        won_from_liable      BOOLEAN NOT NULL,
        hand_types           VARCHAR[]
    )
    """,
)

"""Changsha hands in the store (issue 29): their per-seat facts, every hand id of a win, and the
page rows that read them.

A Changsha hand stores its wins in ``wins`` (one row per winner, a 通炮 has several; ``multiple``
holds k, CS-4.5; ``hand`` every big-hand id of the win joined by ``+``, as 清一色 + 碰碰胡 count
together) and its payments in ``transfers`` (kind ``qishou`` for an opening hand, ``hu`` for a
win), as a Sichuan hand does: no new column there. ``changsha_seat_facts`` holds the per-seat
facts of Changsha habits (``replay.games.changsha.facts``); ``seat_rows`` reads its wins,
self-draws, deal-ins and kongs into the columns Sichuan's facts fill, and the habits join it for
the rest (no new ``seat_rows`` column either). No hand stored before this migration is a
Changsha hand, so nothing is filled here.
"""

from __future__ import annotations

VERSION = 7
NAME = "changsha"

STATEMENTS = (
    """
    CREATE TABLE changsha_seat_facts (
        source          VARCHAR NOT NULL,
        hand_id         VARCHAR NOT NULL,
        seat            TINYINT NOT NULL,
        wins            TINYINT NOT NULL,
        self_draw_wins  TINYINT NOT NULL,
        big_wins        TINYINT NOT NULL,
        max_k           INTEGER,
        fed             TINYINT NOT NULL,
        hand_types      VARCHAR[],
        qishou          VARCHAR[],
        qishou_missed   BOOLEAN NOT NULL,
        kai_kongs       TINYINT NOT NULL,
        bu_kongs        TINYINT NOT NULL,
        haidi_offered   TINYINT NOT NULL,
        haidi_taken     BOOLEAN NOT NULL,
        louhu           TINYINT NOT NULL,
        birds_hit       TINYINT NOT NULL
    )
    """,
)

"""Changchun hands in the store (issue 30): their per-seat facts.

A Changchun hand stores its one win in ``wins`` (``hand`` its fan ids joined by ``+``, ``ways``
the way it was won, ``multiple`` the winner's fan) and its payments in ``transfers`` (kind
``hu`` for the win money, ``gang`` for the gang money, paid apart and even at 荒庄, CC-6.3), as
a Changsha hand does: no new column there. ``changchun_seat_facts`` holds the per-seat facts of
Changchun habits (``replay.games.changchun.facts``): 报听 and at which turn, the 宝 (looks, 宝
wins, 泄宝), 截胡 lost, the opening sets and their 补, kongs, gang money apart from win money.
``seat_rows`` reads its wins, self-draws, deal-ins and kongs into the columns the other games'
facts fill, and the habits join it for the rest. No hand stored before this migration is a
Changchun hand, so nothing is filled here.
"""

from __future__ import annotations

VERSION = 8
NAME = "changchun"

STATEMENTS = (
    """
    CREATE TABLE changchun_seat_facts (
        source          VARCHAR NOT NULL,
        hand_id         VARCHAR NOT NULL,
        seat            TINYINT NOT NULL,
        wins            TINYINT NOT NULL,
        self_draw_wins  TINYINT NOT NULL,
        bao_wins        TINYINT NOT NULL,
        way             VARCHAR,
        fan             INTEGER,
        fed             TINYINT NOT NULL,
        hand_types      VARCHAR[],
        ting            BOOLEAN NOT NULL,
        ting_turn       INTEGER,
        looks           TINYINT NOT NULL,
        leaked          BOOLEAN NOT NULL,
        jiehu_lost      TINYINT NOT NULL,
        sets            VARCHAR[],
        bu              TINYINT NOT NULL,
        kongs           TINYINT NOT NULL,
        gang_money      INTEGER NOT NULL,
        win_money       INTEGER NOT NULL
    )
    """,
)

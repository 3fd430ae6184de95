"""二人麻将 hands in the store (issue 31): their per-seat facts.

A 二人 hand has two seats, so its ``seats``, ``settlements`` and ``seat_rows`` hold two rows (the
record's seats, never four with two empty). Its one win is the ``hands`` columns (``winner``,
``feeder``, ``self_draw``) and a ``wins`` row (``hand`` the fan ids joined by ``+``, ``multiple``
T); its payment a ``transfers`` row of kind ``hu``. ``erren_seat_facts`` holds the per-seat facts
of 二人 habits (``replay.games.erren.facts``): the fans won with T and Q, 起胡 misses, 报听, the
flowers set aside and whether it dealt in. No hand stored before this migration is a 二人 hand,
so nothing is filled here.
"""

from __future__ import annotations

VERSION = 9
NAME = "erren"

STATEMENTS = (
    """
    CREATE TABLE erren_seat_facts (
        source          VARCHAR NOT NULL,
        hand_id         VARCHAR NOT NULL,
        seat            TINYINT NOT NULL,
        won             BOOLEAN NOT NULL,
        self_draw       BOOLEAN NOT NULL,
        fed             BOOLEAN NOT NULL,
        fans            VARCHAR[],
        total           INTEGER,
        qualifying      INTEGER,
        qihu_misses     SMALLINT NOT NULL,
        ting            VARCHAR NOT NULL,
        flowers         TINYINT NOT NULL
    )
    """,
)

"""Hands carry their game (issue 13): Wuhan and Sichuan hands side by side in one store.

``hands.game`` is the game the record's ``format`` picked (``replay.games``); every hand stored
before this migration was a ``wuhan-hand/1`` record, so existing rows become ``wuhan``.

A Sichuan hand has several winners and a list of transfers where a Wuhan hand has one winner
and one payment per loser, so three tables hold what ``hands``/``settlements`` cannot:
``wins`` (every win in the order it was settled), ``transfers`` (every coin movement in
settlement order: kong payments, wins, 呼叫转移, 查花猪, 查大叫, 退税) and ``sichuan_seat_facts``
(the per-seat facts of Sichuan habits, as ``seat_facts`` is for Wuhan). They are filled at
ingest and by ``replay reaudit``; Wuhan hands leave them empty (its winner stays on ``hands``).

``player_hands`` gains ``game`` and reads "won", "won by self-draw" and "dealt in" from
``sichuan_seat_facts`` for Sichuan hands (a seat may win, or feed, more than once); for Wuhan
hands the columns are computed exactly as before.
"""

from __future__ import annotations

VERSION = 3
NAME = "game"

STATEMENTS = (
    "ALTER TABLE hands ADD COLUMN game VARCHAR NOT NULL DEFAULT 'wuhan'",
    """
    CREATE TABLE wins (
        source     VARCHAR NOT NULL,
        hand_id    VARCHAR NOT NULL,
        n          SMALLINT NOT NULL,
        seat       TINYINT NOT NULL,
        from_seat  TINYINT,
        tile       VARCHAR,
        hand       VARCHAR,
        gen        TINYINT,
        ways       VARCHAR[],
        multiple   INTEGER
    )
    """,
    """
    CREATE TABLE transfers (
        source   VARCHAR NOT NULL,
        hand_id  VARCHAR NOT NULL,
        n        INTEGER NOT NULL,
        kind     VARCHAR NOT NULL,
        payer    TINYINT NOT NULL,
        payee    TINYINT NOT NULL,
        amount   BIGINT NOT NULL
    )
    """,
    """
    CREATE TABLE sichuan_seat_facts (
        source         VARCHAR NOT NULL,
        hand_id        VARCHAR NOT NULL,
        seat           TINYINT NOT NULL,
        void_suit      VARCHAR,
        swapped        VARCHAR[],
        void_turns     SMALLINT,
        wins           TINYINT NOT NULL,
        self_draw_wins TINYINT NOT NULL,
        first_win      TINYINT,
        fed            TINYINT NOT NULL,
        kongs          TINYINT NOT NULL,
        kong_coins     BIGINT NOT NULL,
        huazhu         BOOLEAN NOT NULL,
        tenpai         BOOLEAN NOT NULL,
        paid_dajiao    BOOLEAN NOT NULL,
        bankrupt       BOOLEAN NOT NULL,
        max_multiple   INTEGER,
        one_suit_wins  TINYINT NOT NULL,
        hand_types     VARCHAR[]
    )
    """,
    """
    CREATE OR REPLACE VIEW player_hands AS
    SELECT
        s.player_id,
        s.name,
        h.source,
        h.hand_id,
        s.seat,
        h.played_at,
        h.session_id,
        h.hand_no,
        h.preset,
        h.status,
        s.seat = h.dealer AS is_dealer,
        CASE WHEN h.game = 'wuhan' THEN coalesce(s.seat = h.winner, false)
             ELSE coalesce(f.wins > 0, false) END AS won,
        CASE WHEN h.game = 'wuhan' THEN coalesce(s.seat = h.winner AND h.self_draw, false)
             ELSE coalesce(f.self_draw_wins > 0, false) END AS won_self_draw,
        CASE WHEN h.game = 'wuhan' THEN coalesce(s.seat = h.feeder, false)
             ELSE coalesce(f.fed > 0, false) END AS dealt_in,
        st.delta,
        h.game
    FROM seats s
    JOIN hands h USING (source, hand_id)
    LEFT JOIN settlements st ON st.source = s.source AND st.hand_id = s.hand_id AND st.seat = s.seat
    LEFT JOIN sichuan_seat_facts f ON f.source = s.source AND f.hand_id = s.hand_id AND f.seat = s.seat
    """,
)

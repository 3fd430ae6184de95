"""The pages' tables (issue #15): the joins every page repeated, kept as rows at write time.

``seat_rows`` (one row per seat: ``player_hands``' columns, the local day, either game's per-seat
facts), ``mistake_rows`` (each finding with its player and its hand's filter columns) and
``won_types`` (each hand type won, with its hand's filter columns), ``disputed_rows`` (the
illegal and mismatched hands as the audits page lists them), ``page_layout`` (how much of the
player-ordered tables is in order) and ``population_cache``
(each game's population figures as of the last ingest or re-audit). ``player_hands`` becomes a
view of ``seat_rows`` with the same columns as before. ``store.page_rows`` keeps the tables at
ingest and re-audit; here an existing database gets them filled from its base tables (the SQL
below is that module's ``FROM_SCRATCH`` as it was when this migration was written, kept here
because a migration never changes).
"""

from __future__ import annotations

VERSION = 4
NAME = "page_tables"

STATEMENTS = (
    """
    CREATE TABLE seat_rows (
        player_id           VARCHAR NOT NULL,
        name                VARCHAR,
        source              VARCHAR NOT NULL,
        hand_id             VARCHAR NOT NULL,
        seat                TINYINT NOT NULL,
        played_at           TIMESTAMPTZ,
        day                 DATE,
        session_id          VARCHAR,
        hand_no             INTEGER,
        preset              VARCHAR NOT NULL,
        status              VARCHAR NOT NULL,
        is_dealer           BOOLEAN,
        won                 BOOLEAN,
        won_self_draw       BOOLEAN,
        dealt_in            BOOLEAN,
        delta               BIGINT,
        game                VARCHAR NOT NULL,
        opens               TINYINT,
        first_open_turn     SMALLINT,
        pizi_received       TINYINT,
        pizi_ganged         TINYINT,
        pizi_discarded      TINYINT,
        pizi_held           TINYINT,
        pizi_turns_to_out   DOUBLE,
        laizi_received      TINYINT,
        laizi_ganged        TINYINT,
        laizi_discarded     TINYINT,
        laizi_held          TINYINT,
        laizi_turns_to_out  DOUBLE,
        liable              BOOLEAN,
        won_from_liable     BOOLEAN,
        void_suit           VARCHAR,
        void_turns          SMALLINT,
        wins                TINYINT,
        self_draw_wins      TINYINT,
        first_win           TINYINT,
        fed                 TINYINT,
        kongs               TINYINT,
        kong_coins          BIGINT,
        huazhu              BOOLEAN,
        tenpai              BOOLEAN,
        paid_dajiao         BOOLEAN,
        bankrupt            BOOLEAN,
        max_multiple        INTEGER,
        one_suit_wins       TINYINT,
        wuhan_hand_types    VARCHAR[],
        sichuan_hand_types  VARCHAR[]
    )
    """,
    """
    CREATE TABLE mistake_rows (
        source          VARCHAR NOT NULL,
        hand_id         VARCHAR NOT NULL,
        type            VARCHAR,
        seat            TINYINT,
        idx             INTEGER,
        severity        VARCHAR,
        cost            DOUBLE,
        message         VARCHAR,
        player_id       VARCHAR NOT NULL,
        name            VARCHAR,
        game            VARCHAR NOT NULL,
        preset          VARCHAR NOT NULL,
        status          VARCHAR NOT NULL,
        played_at       TIMESTAMPTZ,
        played_at_text  VARCHAR,
        day             DATE,
        session_id      VARCHAR
    )
    """,
    """
    CREATE TABLE won_types (
        source      VARCHAR NOT NULL,
        hand_id     VARCHAR NOT NULL,
        game        VARCHAR NOT NULL,
        preset      VARCHAR NOT NULL,
        played_at   TIMESTAMPTZ,
        session_id  VARCHAR,
        hand_type   VARCHAR
    )
    """,
    """
    CREATE TABLE disputed_rows (
        source          VARCHAR NOT NULL,
        hand_id         VARCHAR NOT NULL,
        game            VARCHAR NOT NULL,
        preset          VARCHAR NOT NULL,
        played_at       TIMESTAMPTZ,
        played_at_text  VARCHAR,
        session_id      VARCHAR,
        status          VARCHAR NOT NULL,
        first_illegal   JSON,
        differences     JSON,
        last_event      INTEGER
    )
    """,
    # seat_rows, from the whole store
    """
    INSERT INTO seat_rows BY NAME
    SELECT
        s.player_id, s.name, h.source, h.hand_id, s.seat, h.played_at,
        coalesce(TRY_CAST(substr(h.played_at_text, 1, 10) AS DATE), CAST(h.played_at AS DATE)) AS day,
        h.session_id, h.hand_no, h.preset, h.status,
        s.seat = h.dealer AS is_dealer,
        CASE WHEN h.game = 'wuhan' THEN coalesce(s.seat = h.winner, false)
             ELSE coalesce(sf.wins > 0, false) END AS won,
        CASE WHEN h.game = 'wuhan' THEN coalesce(s.seat = h.winner AND h.self_draw, false)
             ELSE coalesce(sf.self_draw_wins > 0, false) END AS won_self_draw,
        CASE WHEN h.game = 'wuhan' THEN coalesce(s.seat = h.feeder, false)
             ELSE coalesce(sf.fed > 0, false) END AS dealt_in,
        st.delta, h.game,
        f.opens, f.first_open_turn,
        f.pizi_received, f.pizi_ganged, f.pizi_discarded, f.pizi_held, f.pizi_turns_to_out,
        f.laizi_received, f.laizi_ganged, f.laizi_discarded, f.laizi_held, f.laizi_turns_to_out,
        f.liable, f.won_from_liable,
        sf.void_suit, sf.void_turns, sf.wins, sf.self_draw_wins, sf.first_win, sf.fed, sf.kongs,
        sf.kong_coins, sf.huazhu, sf.tenpai, sf.paid_dajiao, sf.bankrupt, sf.max_multiple, sf.one_suit_wins,
        f.hand_types AS wuhan_hand_types, sf.hand_types AS sichuan_hand_types
    FROM seats s
    JOIN hands h ON h.source = s.source AND h.hand_id = s.hand_id
    LEFT JOIN settlements st ON st.source = s.source AND st.hand_id = s.hand_id AND st.seat = s.seat
    LEFT JOIN seat_facts f ON f.source = s.source AND f.hand_id = s.hand_id AND f.seat = s.seat
    LEFT JOIN sichuan_seat_facts sf ON sf.source = s.source AND sf.hand_id = s.hand_id AND sf.seat = s.seat
    ORDER BY s.player_id, h.played_at
    """,
    # mistake_rows, from the whole store
    """
    INSERT INTO mistake_rows BY NAME
    SELECT
        m.source, m.hand_id, m.type, m.seat, m.idx, m.severity, m.cost, m.message,
        s.player_id, s.name, h.game, h.preset, h.status, h.played_at, h.played_at_text,
        coalesce(TRY_CAST(substr(h.played_at_text, 1, 10) AS DATE), CAST(h.played_at AS DATE)) AS day,
        h.session_id
    FROM mistakes m
    JOIN hands h ON h.source = m.source AND h.hand_id = m.hand_id
    JOIN seats s ON s.source = m.source AND s.hand_id = m.hand_id AND s.seat = m.seat
    ORDER BY s.player_id, h.played_at
    """,
    # won_types, from the whole store
    """
    INSERT INTO won_types BY NAME
    SELECT h.source, h.hand_id, h.game, h.preset, h.played_at, h.session_id, t.hand_type
    FROM (
        SELECT a.source, a.hand_id,
               unnest(CAST(json_extract(a.computed, '$.hands') AS VARCHAR[])) AS hand_type
        FROM audits a WHERE a.computed IS NOT NULL
    ) t JOIN hands h ON h.source = t.source AND h.hand_id = t.hand_id
    WHERE h.game = 'wuhan'
    UNION ALL
    SELECT h.source, h.hand_id, h.game, h.preset, h.played_at, h.session_id, w.hand AS hand_type
    FROM wins w JOIN hands h ON h.source = w.source AND h.hand_id = w.hand_id
    """,
    # disputed_rows, from the whole store
    """
    INSERT INTO disputed_rows BY NAME
    SELECT h.source, h.hand_id, h.game, h.preset, h.played_at, h.played_at_text, h.session_id, h.status,
           a.first_illegal, a.differences, h.n_events - 1 AS last_event
    FROM hands h JOIN audits a ON a.source = h.source AND a.hand_id = h.hand_id
    WHERE h.status IN ('illegal', 'mismatch')
    """,
    # how many rows of each player-ordered table are in order (store.page_rows.compact): all of
    # them, as filled above
    "CREATE TABLE page_layout (name VARCHAR PRIMARY KEY, sorted_rows BIGINT NOT NULL)",
    "INSERT INTO page_layout SELECT 'seat_rows', count(*) FROM seat_rows",
    "INSERT INTO page_layout SELECT 'mistake_rows', count(*) FROM mistake_rows",
    # each game's unfiltered population figures (the player pages' baseline), stored at the end
    # of an ingest or re-audit for the state they were computed in (store.habits)
    """
    CREATE TABLE population_cache (
        filters      VARCHAR NOT NULL,
        game         VARCHAR,
        state        VARCHAR NOT NULL,
        figures      JSON NOT NULL,
        computed_at  TIMESTAMPTZ NOT NULL
    )
    """,
    # the view keeps its columns, in their order; it now reads one table instead of four joined
    """
    CREATE OR REPLACE VIEW player_hands AS
    SELECT player_id, name, source, hand_id, seat, played_at, session_id, hand_no, preset, status,
           is_dealer, won, won_self_draw, dealt_in, delta, game
    FROM seat_rows
    """,
)

"""Per-day rollups (issue #15 item 6): ``hand_days``, ``player_days``, ``won_type_days``,
``mistake_days`` — counts per UTC day and the pages' filter columns, so the overview, the audits
counts and a date-filtered mistakes explorer read counts instead of scanning the page tables;
and ``mistake_feed``, the findings of ``mistake_rows`` kept in day order for the explorer's list.
``store.rollups`` keeps them at ingest and re-audit; here an existing database gets them
aggregated from its page tables (the SQL below is that module's ``FROM_SCRATCH`` as it was when
this migration was written, kept here because a migration never changes). ``page_layout`` holds
each one's row count as filled (``store.rollups.fold``).
"""

from __future__ import annotations

VERSION = 5
NAME = "day_rollups"

STATEMENTS = (
    """
    CREATE TABLE hand_days (
        day         DATE,
        local_day   DATE,
        game        VARCHAR NOT NULL,
        preset      VARCHAR NOT NULL,
        source      VARCHAR NOT NULL,
        session_id  VARCHAR,
        hands       BIGINT NOT NULL,
        ok          BIGINT NOT NULL,
        mismatch    BIGINT NOT NULL,
        illegal     BIGINT NOT NULL,
        invalid     BIGINT NOT NULL,
        first       TIMESTAMPTZ,
        last        TIMESTAMPTZ
    )
    """,
    """
    CREATE TABLE player_days (
        player_id   VARCHAR NOT NULL,
        name        VARCHAR,
        day         DATE,
        game        VARCHAR NOT NULL,
        preset      VARCHAR NOT NULL,
        source      VARCHAR NOT NULL,
        hands       BIGINT NOT NULL,
        wins        BIGINT NOT NULL
    )
    """,
    """
    CREATE TABLE won_type_days (
        day         DATE,
        game        VARCHAR NOT NULL,
        preset      VARCHAR NOT NULL,
        source      VARCHAR NOT NULL,
        hand_type   VARCHAR,
        n           BIGINT NOT NULL
    )
    """,
    """
    CREATE TABLE mistake_days (
        day         DATE,
        game        VARCHAR NOT NULL,
        preset      VARCHAR NOT NULL,
        source      VARCHAR NOT NULL,
        type        VARCHAR,
        severity    VARCHAR,
        n           BIGINT NOT NULL,
        costed      BIGINT NOT NULL,
        cost        DOUBLE
    )
    """,
    """
    INSERT INTO hand_days BY NAME
    SELECT CAST(timezone('UTC', h.played_at) AS DATE) AS day,
           coalesce(TRY_CAST(substr(h.played_at_text, 1, 10) AS DATE), CAST(h.played_at AS DATE))
               AS local_day,
           h.game, h.preset, h.source, h.session_id,
           count(*) AS hands,
           count(*) FILTER (WHERE h.status = 'ok') AS ok,
           count(*) FILTER (WHERE h.status = 'mismatch') AS mismatch,
           count(*) FILTER (WHERE h.status = 'illegal') AS illegal,
           count(*) FILTER (WHERE h.status = 'invalid') AS invalid,
           min(h.played_at) AS first, max(h.played_at) AS last
    FROM hands h GROUP BY ALL
    """,
    """
    INSERT INTO player_days BY NAME
    SELECT h.player_id, h.name, CAST(timezone('UTC', h.played_at) AS DATE) AS day, h.game, h.preset, h.source,
           count(*) AS hands, count(*) FILTER (WHERE h.won) AS wins
    FROM seat_rows h GROUP BY ALL
    """,
    """
    INSERT INTO won_type_days BY NAME
    SELECT CAST(timezone('UTC', h.played_at) AS DATE) AS day, h.game, h.preset, h.source, h.hand_type,
           count(*) AS n
    FROM won_types h GROUP BY ALL
    """,
    """
    INSERT INTO mistake_days BY NAME
    SELECT CAST(timezone('UTC', m.played_at) AS DATE) AS day, m.game, m.preset, m.source, m.type, m.severity,
           count(*) AS n, count(m.cost) AS costed, sum(m.cost) AS cost
    FROM mistake_rows m GROUP BY ALL
    """,
    # the findings again, in day order (store.page_rows.CLUSTERED): the explorer's newest
    # findings of a date range are then the last row groups of that range
    """
    CREATE TABLE mistake_feed (
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
    "INSERT INTO mistake_feed SELECT * FROM mistake_rows ORDER BY day, played_at",
    "INSERT INTO page_layout SELECT 'mistake_feed', count(*) FROM mistake_feed",
    "INSERT INTO page_layout SELECT 'hand_days', count(*) FROM hand_days",
    "INSERT INTO page_layout SELECT 'player_days', count(*) FROM player_days",
    "INSERT INTO page_layout SELECT 'won_type_days', count(*) FROM won_type_days",
    "INSERT INTO page_layout SELECT 'mistake_days', count(*) FROM mistake_days",
)

"""The first schema: uploads, hands and their rows for analysis, audits, rejects, conflicts, tokens.

Keys are ``(source, hand_id)`` everywhere because that is the identity apps give a hand and the
unit of idempotency. Only ``hands``, ``audits``, ``raw_uploads`` and ``tokens`` carry primary
keys: DuckDB's ART indexes cost memory and insert time, and the wide analysis tables (events,
seats, settlements) are scanned, not probed. The primary key on ``hands`` is the last guard
against a stored duplicate: a classification bug aborts the batch instead of doubling a hand.
"""

from __future__ import annotations

VERSION = 1
NAME = "initial"

STATEMENTS = (
    # Every accepted upload, byte for byte, whatever became of it (stored, conflict or invalid):
    # the archive that a re-audit replays and a dispute goes back to. Duplicates add nothing.
    """
    CREATE TABLE raw_uploads (
        raw_id       BIGINT PRIMARY KEY,
        received_at  TIMESTAMPTZ NOT NULL,
        source       VARCHAR,
        hand_id      VARCHAR,
        token_id     VARCHAR,
        origin       VARCHAR,
        outcome      VARCHAR NOT NULL,
        raw_sha256   VARCHAR NOT NULL,
        raw          BLOB NOT NULL
    )
    """,
    """
    CREATE TABLE hands (
        source          VARCHAR NOT NULL,
        hand_id         VARCHAR NOT NULL,
        raw_id          BIGINT NOT NULL,
        record_sha256   VARCHAR NOT NULL,
        received_at     TIMESTAMPTZ NOT NULL,
        played_at       TIMESTAMPTZ,
        played_at_text  VARCHAR,
        preset          VARCHAR NOT NULL,
        session_id      VARCHAR,
        hand_no         INTEGER,
        dealer          TINYINT NOT NULL,
        winner          TINYINT,
        feeder          TINYINT,
        self_draw       BOOLEAN,
        n_events        INTEGER NOT NULL,
        status          VARCHAR NOT NULL,
        record          JSON NOT NULL,
        PRIMARY KEY (source, hand_id)
    )
    """,
    """
    CREATE TABLE seats (
        source     VARCHAR NOT NULL,
        hand_id    VARCHAR NOT NULL,
        seat       TINYINT NOT NULL,
        player_id  VARCHAR NOT NULL,
        name       VARCHAR
    )
    """,
    """
    CREATE TABLE events (
        source   VARCHAR NOT NULL,
        hand_id  VARCHAR NOT NULL,
        idx      INTEGER NOT NULL,
        type     VARCHAR NOT NULL,
        seat     TINYINT,
        tile     VARCHAR,
        tiles    VARCHAR[],
        kind     VARCHAR
    )
    """,
    """
    CREATE TABLE audits (
        source               VARCHAR NOT NULL,
        hand_id              VARCHAR NOT NULL,
        status               VARCHAR NOT NULL,
        first_illegal_index  INTEGER,
        first_illegal_code   VARCHAR,
        first_illegal        JSON,
        errors               JSON NOT NULL,
        differences          JSON NOT NULL,
        computed             JSON,
        engine_version       VARCHAR NOT NULL,
        audited_at           TIMESTAMPTZ NOT NULL,
        audit                JSON NOT NULL,
        PRIMARY KEY (source, hand_id)
    )
    """,
    # One row per seat of a settled hand (the engine's settlement, not the app's): the winner's
    # row has no receipt, each loser's row has the receipt that explains what it pays.
    """
    CREATE TABLE settlements (
        source   VARCHAR NOT NULL,
        hand_id  VARCHAR NOT NULL,
        seat     TINYINT NOT NULL,
        delta    BIGINT NOT NULL,
        receipt  JSON
    )
    """,
    """
    CREATE TABLE rejects (
        raw_id       BIGINT NOT NULL,
        received_at  TIMESTAMPTZ NOT NULL,
        source       VARCHAR,
        hand_id      VARCHAR,
        origin       VARCHAR,
        errors       JSON NOT NULL
    )
    """,
    """
    CREATE TABLE conflicts (
        raw_id          BIGINT NOT NULL,
        received_at     TIMESTAMPTZ NOT NULL,
        source          VARCHAR NOT NULL,
        hand_id         VARCHAR NOT NULL,
        record_sha256   VARCHAR NOT NULL,
        stored_sha256   VARCHAR NOT NULL,
        status          VARCHAR,
        audit           JSON,
        resolved        BOOLEAN NOT NULL DEFAULT false
    )
    """,
    # Filled from the audit's ``mistakes`` list (the analysis module); empty until it exists.
    """
    CREATE TABLE mistakes (
        source    VARCHAR NOT NULL,
        hand_id   VARCHAR NOT NULL,
        type      VARCHAR,
        seat      TINYINT,
        idx       INTEGER,
        severity  VARCHAR,
        cost      DOUBLE,
        message   VARCHAR,
        detail    JSON
    )
    """,
    """
    CREATE TABLE tokens (
        token_id    VARCHAR PRIMARY KEY,
        token_hash  VARCHAR NOT NULL UNIQUE,
        scope       VARCHAR NOT NULL,
        source      VARCHAR,
        label       VARCHAR,
        created_at  TIMESTAMPTZ NOT NULL,
        revoked_at  TIMESTAMPTZ
    )
    """,
    # A player's view of each hand they sat in: the base of per-player statistics and habits.
    """
    CREATE VIEW player_hands AS
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
        s.seat = h.dealer                    AS is_dealer,
        coalesce(s.seat = h.winner, false)   AS won,
        coalesce(s.seat = h.winner AND h.self_draw, false) AS won_self_draw,
        coalesce(s.seat = h.feeder, false)   AS dealt_in,
        st.delta
    FROM seats s
    JOIN hands h USING (source, hand_id)
    LEFT JOIN settlements st ON st.source = s.source AND st.hand_id = s.hand_id AND st.seat = s.seat
    """,
)

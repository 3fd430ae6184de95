"""Marshmallow schemas of the HTTP API: they validate query strings and generate the OpenAPI document.

Uploaded records are *not* loaded through these: a record is validated by
``schemas.hand_record`` (the upload contract's authority), record by record, so one bad record
in a batch is an ``invalid`` result rather than a failed request. The record schema appears in
the OpenAPI document for reference only.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from replay.games import GAMES

OUTCOMES = ("stored", "duplicate", "conflict", "invalid")
#: a hand's verdict; ``error``: the engine failed on it (issue #27), stored for ``reaudit`` to redo
STATUSES = ("ok", "illegal", "mismatch", "invalid", "error")
MAX_LIMIT = 1000
MAX_OFFSET = 10**9
#: the hosted games (``replay.games``): a hand's ``game`` is the one its record's ``format`` picked
GAME_NAMES = tuple(GAMES)
GAME_DOC = "a hosted game: " + ", ".join(f"{g.name} ({g.zh}, format {g.formats[0]})" for g in GAMES.values())


class FieldErrorSchema(Schema):
    field = fields.String(
        required=True, metadata={"description": "JSON path of the field, e.g. events[17].tile"}
    )
    message = fields.String(required=True)
    code = fields.String(
        metadata={"description": "internal_error: the engine failed on this record (status error)"}
    )
    id = fields.String(metadata={"description": "the id of the logged traceback, for an operator"})


class ProblemSchema(Schema):
    """RFC 9457 problem details, with the fields to blame."""

    type = fields.String(metadata={"example": "about:blank"})
    title = fields.String(metadata={"example": "Bad Request"})
    status = fields.Integer(metadata={"example": 400})
    detail = fields.String()
    errors = fields.List(fields.Nested(FieldErrorSchema))
    id = fields.String(
        metadata={"description": "a 500's id (uuid4 hex): the server's log has the traceback under it"}
    )


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ok"})


class UploadResultSchema(Schema):
    source = fields.String(allow_none=True, required=True)
    hand_id = fields.String(allow_none=True, required=True)
    outcome = fields.String(required=True, validate=validate.OneOf(OUTCOMES))
    status = fields.String(
        allow_none=True,
        required=True,
        validate=validate.OneOf(STATUSES),
        metadata={
            "description": "the audit's verdict; null for an invalid record; error when the engine"
            " failed on it (stored all the same, `errors` says why, re-audited by a reaudit)"
        },
    )
    errors = fields.List(fields.Nested(FieldErrorSchema), required=True)


class UploadResponseSchema(Schema):
    results = fields.List(fields.Nested(UploadResultSchema), required=True)


class UploadQuerySchema(Schema):
    analysis = fields.Boolean(
        load_default=True,
        metadata={
            "description": "run the mistake analysis (default true); false stores the verdict only,"
            " without mistakes or per-seat facts (faster)"
        },
    )


class HandQuerySchema(Schema):
    game = fields.String(validate=validate.OneOf(GAME_NAMES), metadata={"description": GAME_DOC})
    source = fields.String(validate=validate.Length(1, 128))
    player = fields.String(validate=validate.Length(1, 128), metadata={"description": "a player_id"})
    status = fields.String(validate=validate.OneOf(STATUSES))
    since = fields.AwareDateTime(
        default_timezone=None, metadata={"description": "played at or after (RFC 3339, with offset)"}
    )
    limit = fields.Integer(load_default=50, validate=validate.Range(1, MAX_LIMIT))
    offset = fields.Integer(load_default=0, validate=validate.Range(0, MAX_OFFSET))


class HandSummarySchema(Schema):
    source = fields.String(required=True)
    hand_id = fields.String(required=True)
    played_at = fields.String(allow_none=True, metadata={"description": "as the app sent it"})
    received_at = fields.String()
    players = fields.List(fields.String(), metadata={"description": "player ids by seat (0-3)"})
    status = fields.String(validate=validate.OneOf(STATUSES))
    preset = fields.String()
    session_id = fields.String(allow_none=True)
    hand_no = fields.Integer(allow_none=True)
    dealer = fields.Integer()
    winner = fields.Integer(
        allow_none=True,
        metadata={"description": "the winner; in a game with several winners (sichuan) the first to win"},
    )
    n_events = fields.Integer()
    game = fields.String(validate=validate.OneOf(GAME_NAMES), metadata={"description": GAME_DOC})


class HandListSchema(Schema):
    items = fields.List(fields.Nested(HandSummarySchema), required=True)
    total = fields.Integer(required=True)


class HandDetailSchema(Schema):
    record = fields.Dict(required=True, metadata={"description": "the record exactly as uploaded"})
    audit = fields.Dict(required=True, metadata={"description": "as `replay audit --json` prints it"})


class ReplaySchema(Schema):
    steps = fields.List(fields.Dict(), required=True, metadata={"description": "one per event replayed"})


class AuditListSchema(Schema):
    results = fields.List(
        fields.Dict(), required=True, metadata={"description": "`replay audit --json` objects"}
    )


class HabitFigureSchema(Schema):
    key = fields.String(required=True)
    label = fields.String(required=True, metadata={"description": "English with the Chinese term"})
    player = fields.Raw(allow_none=True, metadata={"description": "this player's figure"})
    population = fields.Raw(allow_none=True, metadata={"description": "every seat under the same filters"})
    percent = fields.Boolean(metadata={"description": "a fraction (0-1) to show as a percentage"})


class HandTypeWonSchema(Schema):
    hand_type = fields.String(required=True)
    player = fields.Integer(required=True)
    population_share = fields.Float()


class MistakeRateSchema(Schema):
    type = fields.String(required=True)
    player = fields.Float(required=True, metadata={"description": "per 100 hands"})
    population = fields.Float(required=True, metadata={"description": "per 100 hands"})
    player_cost = fields.Float(allow_none=True)


class HabitsSchema(Schema):
    filters = fields.Dict(keys=fields.String(), values=fields.String(allow_none=True))
    figures = fields.List(fields.Nested(HabitFigureSchema))
    hand_types_won = fields.List(fields.Nested(HandTypeWonSchema))
    mistakes_per_100 = fields.List(fields.Nested(MistakeRateSchema))


class HabitQuerySchema(Schema):
    """Filters of the habit figures: a game, a date range, a ruleset preset, a session."""

    game = fields.String(
        load_default=None,
        validate=validate.OneOf(GAME_NAMES),
        metadata={"description": GAME_DOC + "; by default the game the player sat in most"},
    )
    since = fields.Date(load_default=None)
    until = fields.Date(load_default=None)
    preset = fields.String(load_default=None, validate=validate.Length(max=64))
    session = fields.String(load_default=None, validate=validate.Length(max=128))


class PlayerMistakeSchema(Schema):
    source = fields.String(required=True)
    hand_id = fields.String(required=True)
    played_at = fields.String(allow_none=True)
    type = fields.String(required=True)
    seat = fields.Integer()
    index = fields.Integer(allow_none=True)
    severity = fields.String(allow_none=True)
    cost = fields.Float(allow_none=True)
    message = fields.String(allow_none=True)


class PlayerMistakesSchema(Schema):
    items = fields.List(fields.Nested(PlayerMistakeSchema))
    total = fields.Integer()


class PlayerStatsSchema(Schema):
    player_id = fields.String(required=True)
    name = fields.String(allow_none=True)
    hands = fields.Integer(required=True, metadata={"description": "stored hands the player sat in"})
    settled_hands = fields.Integer(
        metadata={"description": "of those, hands the engine settled (ok or mismatch)"}
    )
    wins = fields.Integer()
    self_draw_wins = fields.Integer()
    win_rate = fields.Float(allow_none=True, metadata={"description": "wins / settled hands"})
    deal_ins = fields.Integer(metadata={"description": "wins paid for by this player's discard (放冲)"})
    deal_in_rate = fields.Float(allow_none=True)
    dealer_hands = fields.Integer()
    total_points = fields.Integer(metadata={"description": "sum of the engine's deltas"})
    avg_points = fields.Float(allow_none=True)
    habits = fields.Nested(HabitsSchema, metadata={"description": "habit figures beside the population's"})
    game = fields.String(
        validate=validate.OneOf(GAME_NAMES),
        metadata={"description": "the game these figures are of (points or coins of one game only)"},
    )

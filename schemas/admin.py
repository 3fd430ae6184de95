"""Marshmallow schemas of the admin API (``/api/v1/admin``): tokens and background re-audits.

Kept apart from ``schemas.api`` (the public reads and uploads) so the document shows the admin
operations as their own group and the two files change for different reasons.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from schemas.envelope import ID_PATTERN, check_controls

SCOPES = ("upload", "read", "admin")
#: A token label is shown in ``replay token list`` on a terminal: bounded, no controls (no ANSI
#: escapes), and its invisible characters removed (``store.tokens.clean_label``).
LABEL_MAX_LENGTH = 200
JOB_STATES = ("running", "done", "failed", "stopped")
VERDICTS = ("ok", "illegal", "mismatch", "invalid")


class TokenSchema(Schema):
    token_id = fields.String(required=True, metadata={"example": "tok_1a2b3c4d"})
    scope = fields.String(required=True, validate=validate.OneOf(SCOPES))
    source = fields.String(
        allow_none=True, required=True, metadata={"description": "the only source an upload token stores"}
    )
    label = fields.String(allow_none=True, required=True)
    created_at = fields.String(required=True, metadata={"description": "RFC 3339"})
    revoked_at = fields.String(allow_none=True, required=True, metadata={"description": "null while live"})


class TokenListSchema(Schema):
    items = fields.List(fields.Nested(TokenSchema), required=True)


class TokenCreateSchema(Schema):
    """What a new token is for; the secret is made by the server and shown once."""

    scope = fields.String(required=True, validate=validate.OneOf(SCOPES))
    source = fields.String(
        validate=validate.Regexp(f"^{ID_PATTERN}$", error="1-128 characters of A-Z a-z 0-9 . _ : -"),
        metadata={"description": "required for (and only for) upload tokens"},
    )
    label = fields.String(
        validate=[validate.Length(max=LABEL_MAX_LENGTH), check_controls],
        metadata={
            "description": "who or what uses the token (no control characters; invisible ones are removed)"
        },
    )


class TokenCreatedSchema(Schema):
    token = fields.Nested(TokenSchema, required=True)
    secret = fields.String(
        required=True, metadata={"description": "send as 'Authorization: Bearer <secret>'; not shown again"}
    )


class ReauditStartSchema(Schema):
    workers = fields.Integer(
        load_default=None,
        validate=validate.Range(1, 64),
        metadata={
            "description": "processes that replay (capped at the server's cores; default one per core"
            " from 2,000 stored hands, else 1)"
        },
    )


class JobQuerySchema(Schema):
    limit = fields.Integer(
        load_default=100, validate=validate.Range(1, 1000), metadata={"description": "changes per page"}
    )
    offset = fields.Integer(load_default=0, validate=validate.Range(0, 10**9))


class JobProgressSchema(Schema):
    done = fields.Integer(required=True, metadata={"description": "hands re-audited and committed"})
    total = fields.Integer(
        required=True, metadata={"description": "hands stored when the job began (0 until listed)"}
    )


class ChangeSchema(Schema):
    source = fields.String(required=True)
    hand_id = fields.String(required=True)
    before = fields.String(required=True, metadata={"description": "the stored verdict ('none': no audit)"})
    after = fields.String(required=True, validate=validate.OneOf(VERDICTS))
    fields_ = fields.List(
        fields.String(),
        required=True,
        attribute="fields",
        data_key="fields",
        metadata={
            "description": "what changed: status, first_illegal, errors, differences, computed, mistakes"
        },
    )


class JobResultSchema(Schema):
    audited = fields.Integer(required=True)
    changed = fields.Integer(required=True, metadata={"description": "verdicts that changed, in all"})
    statuses = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    changes = fields.List(
        fields.Nested(ChangeSchema),
        required=True,
        metadata={"description": "the page limit/offset asked for"},
    )


class JobSchema(Schema):
    job_id = fields.String(required=True, metadata={"example": "job_0a1b2c3d4e5f"})
    kind = fields.String(required=True, validate=validate.OneOf(("reaudit",)))
    state = fields.String(required=True, validate=validate.OneOf(JOB_STATES))
    started_at = fields.String(required=True)
    finished_at = fields.String(allow_none=True, required=True)
    workers = fields.Integer(required=True)
    engine_version = fields.String(required=True)
    progress = fields.Nested(JobProgressSchema, required=True)
    result = fields.Nested(
        JobResultSchema,
        allow_none=True,
        required=True,
        metadata={"description": "null while running or when failed"},
    )
    error = fields.String(allow_none=True, required=True)


class JobListSchema(Schema):
    items = fields.List(fields.Nested(JobSchema), required=True)

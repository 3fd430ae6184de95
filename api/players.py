"""``/api/v1/players/{player_id}/stats``: basic figures now; the analysis module extends them."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView
from flask_smorest import Blueprint

from api import auth
from api.errors import Problem
from api.schemas import PlayerStatsSchema
from schemas.queries import player_stats

blp = Blueprint("players", __name__, url_prefix="/api/v1/players", description="Per-player figures")


@blp.route("/<player_id>/stats")
class PlayerStats(MethodView):
    @blp.doc(security=[{"bearerAuth": []}, {}], summary="A player's hands, wins, deal-ins and points")
    @blp.response(200, PlayerStatsSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, player_id: str) -> dict[str, Any]:
        auth.require(auth.READ, public=True)
        with current_app.extensions["replay.store"].read() as cur:
            stats = player_stats(cur, player_id)
        if stats is None:
            raise Problem(404, f"no stored hand has player {player_id!r}")
        return stats

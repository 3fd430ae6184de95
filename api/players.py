"""``/api/v1/players/{player_id}/stats`` and ``/mistakes``: a player's figures and habits beside the
population's (``store.habits``), and the mistakes each linked to a hand and event."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView

from api import auth
from api.bodies import Blueprint
from api.errors import Problem
from schemas.api import HabitQuerySchema, PlayerMistakesSchema, PlayerStatsSchema
from schemas.fields import echo
from store.habits import HabitFilters, player_game, player_habits, player_mistakes
from store.queries import player_stats

blp = Blueprint("players", __name__, url_prefix="/api/v1/players", description="Per-player figures")


@blp.route("/<anytext:player_id>/stats")
class PlayerStats(MethodView):
    @blp.doc(security=[{"bearerAuth": []}, {}], summary="A player's figures and habits beside everyone's")
    @blp.arguments(HabitQuerySchema, location="query")
    @blp.response(200, PlayerStatsSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, query: dict[str, Any], player_id: str) -> dict[str, Any]:
        scope = auth.read_scope(auth.require(auth.READ, public=True))
        with current_app.extensions["replay.store"].read() as cur:
            filters = HabitFilters(**query)
            game = player_game(cur, player_id, filters)
            stats = player_stats(cur, player_id, game, scope)
            if stats is None:
                if query.get("game") is None:
                    raise Problem(404, f"no stored hand has player {echo(player_id)}")
                raise Problem(404, f"no stored {game} hand has player {echo(player_id)}")
            habits = player_habits(cur, player_id, filters, scope)
        habits.pop("player_id")
        return {**stats, "game": game, "habits": habits}


@blp.route("/<anytext:player_id>/mistakes")
class PlayerMistakes(MethodView):
    @blp.doc(security=[{"bearerAuth": []}, {}], summary="A player's mistakes, newest first")
    @blp.arguments(HabitQuerySchema, location="query")
    @blp.response(200, PlayerMistakesSchema)
    def get(self, query: dict[str, Any], player_id: str) -> dict[str, Any]:
        scope = auth.read_scope(auth.require(auth.READ, public=True))
        with current_app.extensions["replay.store"].read() as cur:
            items = player_mistakes(cur, player_id, HabitFilters(**query), source=scope)
        return {"items": items, "total": len(items)}

"""Plotly dashboards and the hand viewer, served by the same Flask app as the API."""

from __future__ import annotations

from flask import Flask

from store.db import Store


def register(app: Flask, store: Store) -> None:
    """Mount the pages on ``app`` (reads follow ``app.config["REPLAY_PUBLIC_READ"]``)."""
    from dashboards.data import StoreData
    from dashboards.views import bp

    app.extensions["dashboards.data"] = StoreData(store)
    app.extensions.setdefault("replay.store", store)
    app.register_blueprint(bp)

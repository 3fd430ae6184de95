"""Plotly dashboards and the hand viewer, served by the same Flask app as the API."""

from __future__ import annotations

from flask import Flask

from store.db import Store


def register(app: Flask, store: Store) -> None:
    """Mount the pages on ``app`` (reads follow ``app.config["REPLAY_PUBLIC_READ"]``)."""
    from flask_compress import Compress

    from dashboards.data import StoreData
    from dashboards.views import bp

    # pages, JSON and scripts gzipped for browsers that accept it (plotly.js is pre-gzipped by
    # dashboards.assets and passed through untouched)
    app.config.setdefault("COMPRESS_ALGORITHM", ["gzip", "deflate"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["deflate"])
    if "compress" not in app.extensions:
        Compress(app)
    app.extensions["dashboards.data"] = StoreData(store)
    app.extensions.setdefault("replay.store", store)
    app.register_blueprint(bp)

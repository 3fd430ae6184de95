"""Plotly dashboards and the hand viewer, served by the same Flask app as the API."""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import PathConverter

from store.db import Store


def register(app: Flask, store: Store) -> None:
    """Mount the pages on ``app`` (reads follow ``app.config["REPLAY_PUBLIC_READ"]``)."""
    from flask_compress import Compress

    from dashboards.data import StoreData
    from dashboards.views import bp

    # the pages and their scripts gzipped for browsers that accept it (plotly.js is pre-gzipped
    # by dashboards.assets and passed through untouched); only this blueprint's responses, so
    # the API's bodies (and the headers any later after_request reads from them) stay as they are
    app.config.setdefault("COMPRESS_REGISTER", False)
    app.config.setdefault("COMPRESS_ALGORITHM", ["gzip", "deflate"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["deflate"])
    app.extensions["dashboards.compress"] = Compress(app)  # applied by views.compress
    app.extensions["dashboards.data"] = StoreData(store)
    app.extensions.setdefault("replay.store", store)
    app.url_map.converters.setdefault("anytext", AnyText)
    app.url_map.merge_slashes = False
    app.register_blueprint(bp)


class AnyText(PathConverter):
    """A player id in a page's path: any character, ``/`` included (as ``api.app.AnyText``,
    which the API's app registers first under the same name)."""

    regex = ".+?"
    part_isolating = False

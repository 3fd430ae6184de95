"""Static assets sent compressed and cacheable: plotly.js pre-gzipped once, versioned URLs.

plotly.min.js is 4.8 MB; gzipped once at first use (about 1.4 MB) it is sent as is to every
browser that accepts gzip, instead of being compressed again per request. Every asset URL
carries a version (plotly's release, or a digest of the file) so browsers may keep it a long
time and still see a new one after an upgrade.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from functools import cache

import plotly  # type: ignore[import-untyped]
from flask import Response, request, url_for
from werkzeug.wrappers import Response as BaseResponse

PLOTLY_FILE = os.path.join(os.path.dirname(plotly.__file__), "package_data", "plotly.min.js")
STATIC_DIR = os.path.join(os.path.dirname(__file__), "static")
MAX_AGE = 7 * 24 * 3600  # versioned URLs: a week is safe


@cache
def _plotly() -> tuple[bytes, bytes, str]:
    with open(PLOTLY_FILE, "rb") as f:
        raw = f.read()
    return raw, gzip.compress(raw, compresslevel=6, mtime=0), hashlib.sha256(raw).hexdigest()[:16]


def plotly_response() -> BaseResponse:
    """plotly.js, gzipped when the browser accepts it, with a strong ETag and a long max-age."""
    raw, packed, etag = _plotly()
    wants_gzip = "gzip" in request.headers.get("Accept-Encoding", "").lower()
    response = Response(packed if wants_gzip else raw, mimetype="text/javascript")
    if wants_gzip:
        response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    response.set_etag(f"{etag}-{'gz' if wants_gzip else 'id'}")
    response.cache_control.public = True
    response.cache_control.max_age = MAX_AGE
    return response.make_conditional(request)


@cache
def _digest(filename: str, mtime: float) -> str:
    with open(os.path.join(STATIC_DIR, filename), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:10]


def asset_url(filename: str) -> str:
    """The URL of a file in ``dashboards/static`` with its content digest as the version."""
    path = os.path.join(STATIC_DIR, filename)
    return url_for("dashboards.static", filename=filename, v=_digest(filename, os.path.getmtime(path)))


def plotly_url() -> str:
    return url_for("dashboards.plotly_js", v=plotly.__version__)

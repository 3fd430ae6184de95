"""The pages: hand viewer, player page, mistakes explorer, audits, overview and upload.

The blueprint reads through ``current_app.extensions["dashboards.data"]`` (a
``dashboards.data.StoreData``); who may read is the API's decision, asked through
``current_app.extensions["dashboards.authorize"]`` when the app sets one.
"""

from __future__ import annotations

import dataclasses
import itertools
from datetime import date
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from dashboards import (
    assets,
    changchun_viewer,
    changsha_viewer,
    charts,
    erren_viewer,
    review,
    sichuan_viewer,
    stats,
    terms,
    tuitongzi_viewer,
    viewer,
)
from dashboards.data import SORTS, Filters, MistakeQuery
from replay.games import GAMES
from replay.games.wuhan.ruleset import PRESETS
from replay.inputs import decode
from schemas.audit import audit_records
from schemas.fields import echo
from store.tokens import verify_token

bp = Blueprint(
    "dashboards", __name__, template_folder="templates", static_folder="static", static_url_path="/ui"
)
# static URLs carry a content digest (``assets.asset_url``), so browsers may keep them a week
bp.get_send_file_max_age = lambda filename: assets.MAX_AGE  # type: ignore[method-assign]
MAX_UPLOAD = 5 * 1024 * 1024


@bp.after_request
def compress(response: Response) -> Response:
    """gzip this blueprint's pages and files (see ``dashboards.register``)."""
    compressor = current_app.extensions.get("dashboards.compress")
    return compressor.after_request(response) if compressor is not None else response


@bp.context_processor
def names() -> dict[str, Any]:
    """Tile glyphs and names for the templates' tile macro, and the same tables for the scripts."""
    return {
        "asset": assets.asset_url,
        "plotly_url": assets.plotly_url,
        "glyphs": terms.TILE_GLYPH,
        "tile_names": terms.TILE_ZH,
        "terms_json": terms.for_pages(),
        "local_time": terms.local_time,
        "tiles_in_text": terms.words_in_text,  # tiles, and Sichuan parameters, in words
        "number": terms.number,
        "difference_words": terms.difference_words,
        "status_names": terms.STATUS_NAMES,
        "hand_type_names": terms.hand_types,
        "args_with": args_with,
        "severities": terms.SEVERITY_NAMES,
        "mistake_name": terms.mistake_name,
        "preset_name": terms.preset_name,
    }


def args_with(**changes: Any) -> dict[str, Any]:
    """The page's query string with some keys changed (a value of None drops the key): pager links."""
    out: dict[str, Any] = request.args.to_dict()
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def data() -> Any:
    return current_app.extensions["dashboards.data"]


TOKEN_COOKIE = "replay_token"
#: Methods that read: every other one is a form that changes something (a sign-in, an upload).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def sent_from_here() -> bool:
    """Whether a form was submitted by this server's own pages (issue 36, item 8).

    The sign-in cookie is ``SameSite=Strict``, but that only keeps it from being *sent* with
    another site's requests: a page elsewhere could still post a token to ``/signin`` and have
    the answer *set* the cookie (signing the user out, or in as the attacker). Browsers say where
    a request comes from: ``Sec-Fetch-Site`` (``same-origin``, or ``none`` when the user typed
    it) where they send it, else ``Origin``, which must be this server's own. A request with
    neither comes from no browser (a script, curl), which no other site can drive.
    """
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = request.headers.get("Origin")
    return origin is None or origin == request.host_url.rstrip("/")


@bp.before_request
def check_origin() -> Any:
    """A form posted from another origin is refused before it signs in, out or audits anything."""
    if request.method in SAFE_METHODS or sent_from_here():
        return None
    message = "This form was sent from another site; sign in from this server's own page."
    return render_template("signin.html", message=message), 403


@bp.before_request
def authorize() -> Any:
    """Pages are reads: open with ``--public-read``, else a read or admin token is needed.

    A browser cannot send a bearer header, so the token may come from a cookie set by the
    sign-in form (``/signin``), or from the header for scripts. A token that *is* sent must be
    valid even with ``--public-read``, as for the API: a revoked token is refused on both.
    """
    if request.endpoint in ("dashboards.signin", "dashboards.static", "dashboards.favicon"):
        return None
    public = current_app.config.get("REPLAY_PUBLIC_READ", True)
    header = request.headers.get("Authorization", "")
    secret = header[7:].strip() if header.lower().startswith("bearer ") else request.cookies.get(TOKEN_COOKIE)
    if not secret:
        if public:
            g.token = None
            return None
        return render_template("signin.html", message="Sign in with a read token to see the pages."), 401
    token = verify_token(current_app.extensions["replay.store"], secret)
    if token is None:
        message = "That token is unknown or revoked."
        if public:
            message += " Sign in with another, or with an empty token to read without one."
        return render_template("signin.html", message=message), 401
    if token.scope not in ("read", "admin"):
        return render_template("signin.html", message=f"A {token.scope} token cannot read pages."), 403
    g.token = token
    return None


@bp.route("/signin", methods=["GET", "POST"])
def signin() -> Any:
    if request.method == "POST":
        response = redirect(url_for("dashboards.overview"))
        secret = request.form.get("token", "").strip()
        secure = current_app.config.get("REPLAY_SECURE_COOKIES") == "always" or request.is_secure
        if secret:
            response.set_cookie(TOKEN_COOKIE, secret, httponly=True, samesite="Strict", secure=secure)
        else:  # an empty token signs out
            response.delete_cookie(TOKEN_COOKIE, httponly=True, samesite="Strict", secure=secure)
        return response
    return render_template("signin.html", message="")


def filters() -> Filters:
    """The shared filters from the query string; a bad date is the user's 400, not a crash."""
    args = request.args

    def day(name: str) -> date | None:
        value = args.get(name, "").strip()
        if not value:
            return None
        try:
            return date.fromisoformat(value)
        except ValueError:
            abort(400, description=f"{name}: not a date (YYYY-MM-DD): {value[:40]!r}")

    preset = args.get("preset") or None
    if preset is not None and preset not in ALL_PRESETS:
        abort(400, description=f"preset: unknown ruleset {preset[:40]!r}")
    source = args.get("source") or None
    scope = read_scope()
    if scope is not None and source not in (None, scope):
        abort(404, description=f"source: this sign-in reads only {scope[:64]!r}")
    game = args.get("game") or None
    if game is not None and game not in GAMES:
        abort(400, description=f"game: one of {', '.join(GAMES)}, not {game[:40]!r}")
    return Filters(
        since=day("since"),
        until=day("until"),
        preset=preset,
        session=args.get("session") or None,
        source=scope or source,
        game=game,
    )


def read_scope() -> str | None:
    """The one source the signed-in token reads (a club's read token), or None for every source."""
    token = g.get("token")
    return token.source if token is not None and token.scope == "read" else None


#: every game's presets, Wuhan's first: the ruleset filter offers them all
ALL_PRESETS = [*sorted(PRESETS), *(p for g in GAMES.values() if g.name != "wuhan" for p in g.presets)]


def page(template: str, **context: Any) -> str:
    return render_template(
        template,
        presets=ALL_PRESETS,
        preset_names=terms.PRESET_NAMES,
        games=terms.GAME_NAMES,
        args=request.args,
        **context,
    )


@bp.route("/ui/plotly.min.js")
def plotly_js() -> Response:
    """plotly.js from the installed package: no CDN, works on a club laptop without internet."""
    return assets.plotly_response()


@bp.route("/favicon.ico")
def favicon() -> tuple[str, int]:
    return "", 204


@bp.route("/")
def overview() -> str:
    f = filters()
    o = data().overview(f)
    return page(
        "overview.html",
        o=o,
        per_day=charts.hands_per_day(o["per_day"]),
        types=charts.hand_types(o["hand_types"], "Hand types won 牌型"),
    )


@bp.route("/audits")
def audits() -> str:
    f = filters()
    status = request.args.get("status") or None
    if status not in (None, "illegal", "mismatch"):
        abort(400, description="status: illegal or mismatch")
    o = data().audit_counts(f)  # not the whole overview: its charts are not on this page
    return page("audits.html", counts=o["status"], rows=data().disputed(f, status), o=o)


@bp.route("/mistakes")
def mistakes() -> str:
    f = filters()
    q = mistake_query()
    # a page past any store (its offset past DuckDB's BIGINT) is counted from page 1: the same 404
    m = data().mistakes(f, q if q.page <= MAX_PAGE else dataclasses.replace(q, page=1))
    last = max(1, -(-m["total"] // q.per_page))
    if q.page > last:
        digits = str(q.page)
        shown = digits if len(digits) <= 20 else f"{digits[:20]}… ({len(digits)} digits)"
        abort(404, description=f"page: there are {last} pages of mistakes with these filters, not {shown}")
    return page(
        "mistakes.html",
        m=m,
        q=q,
        last_page=last,
        sorts=SORT_NAMES,
        chart=charts.mistakes_by_type(m["summary"], terms.mistake_name),
    )


#: More pages than any store holds (50 findings a page): past it, no query is run with its offset.
MAX_PAGE = 10**9

SORT_NAMES = {
    "date": "newest 最新",
    "cost": "costliest 失分最多",
    "type": "type 类型",
    "severity": "severity 严重程度",
}


def mistake_query() -> MistakeQuery:
    """The explorer's choices from the query string; a bad value is the user's 400."""
    args = request.args
    sort = args.get("sort") or "date"
    if sort not in SORTS:
        abort(400, description=f"sort: one of {', '.join(SORTS)}, not {sort[:40]!r}")
    severity = args.get("severity") or None
    if severity is not None and severity not in terms.SEVERITY_NAMES:
        abort(400, description=f"severity: high, medium or low, not {severity[:40]!r}")
    try:
        page_no = int(args.get("page") or 1)
    except ValueError:
        abort(400, description=f"page: not a whole number: {args.get('page', '')[:40]!r}")
    if page_no < 1:
        abort(400, description="page: pages start at 1")
    return MistakeQuery(
        type=args.get("type") or None,
        player=args.get("player") or None,
        severity=severity,
        sort=sort,
        page=page_no,
        show_low=args.get("low") == "1",
    )


@bp.route("/players")
def players() -> str:
    return page("players.html", rows=data().players(filters()))


@bp.route("/players/<anytext:player_id>")
def player(player_id: str) -> str:
    p = data().player(player_id, filters(), scope=read_scope())
    if not p["figures"]["hands"]["player"]:
        abort(404, description=f"no hands of player {echo(player_id)} with these filters")
    return page(
        "player.html",
        p=p,
        points=charts.points_over_time(p["points"]),
        won=charts.hand_types(p["won_types"], "Hand types won 牌型") if p["game"] != "tuitongzi" else None,
        rates=charts.rates(p["figures"]),
        mistakes_chart=charts.mistakes_over_time(p["mistakes_weekly"], p["weeks"], terms.mistake_name),
        significance=stats.marks(p["habits"]["figures"]),
        liability=charts.liability(p["figures"]) if p["game"] == "wuhan" else None,
    )


@bp.route("/hands/<source>/<hand_id>")
def hand(source: str, hand_id: str) -> str:
    scope = read_scope()
    found = data().hand(source, hand_id) if scope in (None, source) else None
    if found is None:
        abort(404, description=f"no hand {echo(hand_id)} from {echo(source)}")
    record, audit = found
    fmt = record.get("format") if isinstance(record, dict) else None
    template = {
        "sichuan-hand/1": "sichuan_viewer.html",
        "changsha-hand/1": "changsha_viewer.html",
        "changchun-hand/1": "changchun_viewer.html",
        "tuitongzi-round/1": "tuitongzi_viewer.html",
        "erren-hand/1": "erren_viewer.html",
    }.get(str(fmt), "viewer.html")
    if fmt == "tuitongzi-round/1":  # a sitting's running totals beside the round
        return page(
            template, model=hand_model(record, audit), sitting=_tuitongzi_sitting(source, record, hand_id)
        )
    return page(template, model=hand_model(record, audit))


def _tuitongzi_sitting(source: str, record: dict[str, Any], hand_id: str) -> str | None:
    """The running totals chart of the round's sitting, or None for a round of no sitting."""
    from store.tuitongzi_sitting import sitting_rounds

    session = record.get("session")
    if not isinstance(session, dict) or not isinstance(session.get("id"), str):
        return None
    with data().store.read() as cur:
        sitting = sitting_rounds(cur, source, session["id"])
    return charts.sitting_totals(sitting, hand_id) if sitting["rounds"] else None


def hand_model(record: object, audit: dict[str, Any] | None) -> dict[str, Any]:
    """The viewer's model of a hand (either game's viewer, by the record's format).

    A hand the engine failed on (status ``error``, issue #27) may fail the viewer's own replay
    the same way: it is then shown like a record the viewer cannot replay (no table, no steps),
    with the audit's error and an ``error`` verdict, instead of a server error page.
    """
    fmt = record.get("format") if isinstance(record, dict) else None
    if fmt == "tuitongzi-round/1":  # a round: one table, no board to replay
        return tuitongzi_viewer.build(record, audit)
    build = {
        "sichuan-hand/1": sichuan_viewer.build,
        "changsha-hand/1": changsha_viewer.build,
        "changchun-hand/1": changchun_viewer.build,
        "erren-hand/1": erren_viewer.build,
    }.get(str(fmt), viewer.build)
    try:
        return build(record, audit)
    except Exception:
        if audit is None or audit.get("status") != "error":
            raise
        model = build(None, audit)  # the page's frame: players unknown, nothing replayed
        model.update(review.skeleton(audit, None))  # the audit's own words, not "not an object"
        model["verdict"] = review.error_verdict()
        return model


@bp.route("/upload", methods=["GET", "POST"])
def upload() -> str:
    """A player drops a record file and sees its audit like the viewer; nothing is stored."""
    if request.method == "GET":
        return page("upload.html", results=None)
    file = request.files.get("record")
    if file is None or not file.filename:
        return page("upload.html", results=None, error="choose a record file (.json or .ndjson)")
    raw = file.read(MAX_UPLOAD + 1)
    if len(raw) > MAX_UPLOAD:
        return page("upload.html", results=None, error="the file is larger than 5 MB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return page("upload.html", results=None, error="the file is not UTF-8 text")
    items = list(itertools.islice(decode(text, file.filename), 50))  # NDJSON past 50 is never parsed
    audits = audit_records(items)
    models = [hand_model(obj, audit) for (obj, _), audit in zip(items, audits, strict=True)]
    chosen = min(max(request.args.get("i", 0, type=int), 0), len(models) - 1) if models else 0
    return page("upload.html", results=models, model=models[chosen] if models else None)


@bp.errorhandler(400)
@bp.errorhandler(404)
def page_error(err: Any) -> tuple[str, int]:
    """Pages answer in HTML (the API's problem+json is for programs)."""
    return (
        render_template("error.html", code=err.code, title=err.name, message=err.description),
        err.code,
    )

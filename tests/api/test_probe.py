"""The hostile probe of issue 36 as a test, so the next field and the next endpoint are born covered.

Generated, deterministic, a few hundred requests in all (each game's cases ride in one body):

- a lone surrogate escape at every string and every key of a record of each game, each record
  in one JSON-list upload with a valid record first: each bad record comes back ``invalid``
  naming exactly the field that holds it, the valid one is stored, nothing is a 500;
- a wrong JSON type at every path of each game's evaluate input (Wuhan and Sichuan) and of each
  game's record (one wrong type per path, cycling through them): an answer per input, an error
  naming a field wherever the input is refused below its root, never a 500;
- huge integers (and a surrogate's UTF-8 bytes) in every query and path parameter of every GET
  endpoint the OpenAPI document lists: never a 500, and a 400 is problem+json naming the
  parameter.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from api.app import create_app
from replay.games.sichuan.simulate import simulate as sichuan_simulate
from replay.games.wuhan.simulate import simulate as wuhan_simulate
from tests.api.test_api import Api, assert_problem, line

ROOT = Path(__file__).resolve().parents[2]
Path_ = tuple[str | int, ...]
#: Values of every JSON type but the right one (for most paths), and the edges of numbers.
WRONG: list[Any] = [[], {}, "x", 1.5, True, None, 2**70, -1, [1], {"a": 1}, 10**30]
HUGE = ["9223372036854775807", "9223372036854775808", "-9223372036854775809", "1" + "0" * 400, "1e309"]
SURROGATE_BYTES = "%ED%A0%80"  # U+D800 as UTF-8 would spell it: not UTF-8


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    app = create_app(tmp_path_factory.mktemp("probe") / "probe.duckdb", public_read=True)
    yield Api(app)
    app.extensions["replay.jobs"].shutdown()
    app.extensions["replay.store"].close()


@functools.cache
def game_records() -> dict[str, dict[str, Any]]:
    return {"wuhan": next(iter(wuhan_simulate(1, 33))), "sichuan": next(iter(sichuan_simulate(1, 33)))}


def evaluate_inputs() -> dict[str, dict[str, Any]]:
    folder = ROOT / "sample_logs" / "evaluate"
    return {
        "wuhan": json.loads((folder / "examples.ndjson").read_text("utf-8").splitlines()[0]),
        "sichuan": json.loads((folder / "sichuan.ndjson").read_text("utf-8").splitlines()[0]),
    }


def paths(value: Any, path: Path_ = ()) -> Iterator[Path_]:
    """Every path in a JSON value, the value's own first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*path, i))


def spelled(path: Path_) -> str:
    """A path as the contracts spell a field: ``seats[1].melds[0].type``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def at(value: Any, path: Path_) -> Any:
    for part in path:
        value = value[part]
    return value


def replaced(value: Any, path: Path_, new: Any) -> Any:
    if not path:
        return new
    out = copy.deepcopy(value)
    at(out, path[:-1])[path[-1]] = new
    return out


# -- lone surrogates at every string and key ------------------------------------------------------

MARK = "probe-surrogate-mark"


def with_surrogate(record: dict[str, Any], path: Path_, in_key: bool) -> tuple[bytes, str]:
    """The record's JSON text with ``\\ud800`` spliced into the string (or the key) at ``path``,
    and the field the answer must name."""
    if in_key:
        parent, key = at(record, path[:-1]), path[-1]
        renamed = {(MARK + str(k) if k == key else k): v for k, v in parent.items()}
        value = replaced(record, path[:-1], renamed) if path[:-1] else renamed
        text = line(value).replace(f'"{MARK}'.encode(), b'"\\ud800', 1)
        return text, spelled((*path[:-1], f"\\ud800{key}"))
    value = replaced(record, path, MARK + at(record, path))
    return line(value).replace(f'"{MARK}'.encode(), b'"\\ud800', 1), spelled(path)


def surrogate_cases(record: dict[str, Any]) -> list[tuple[bytes, str]]:
    cases = []
    for path in paths(record):
        if path and isinstance(path[-1], str):
            cases.append(with_surrogate(record, path, in_key=True))
        if isinstance(at(record, path), str):
            cases.append(with_surrogate(record, path, in_key=False))
    return cases


@pytest.mark.parametrize("game", ["wuhan", "sichuan"])
def test_a_lone_surrogate_anywhere_in_a_record_names_its_field_and_the_rest_is_stored(
    api: Api, game: str
) -> None:
    record = game_records()[game]
    cases = surrogate_cases(record)
    assert len(cases) > 150  # every string (each wall tile too) and every key
    body = b"[" + b",".join([line(record), *(text for text, _ in cases)]) + b"]"
    for endpoint in ("/api/v1/hands", "/api/v1/audit"):
        response = api.post(endpoint, body)
        assert response.status_code == 200, response.data[:300]
        results = response.get_json()["results"]
        assert len(results) == len(cases) + 1
        first = results[0].get("outcome", results[0].get("status"))
        assert first in ("stored", "duplicate", "ok", "illegal", "mismatch")
        for (_, field), result in zip(cases, results[1:], strict=True):
            assert result["errors"] == [
                {
                    "field": field,
                    "message": "a lone surrogate escape (\\ud800-\\udfff) in "
                    + ("a key" if "\\ud800" in field else "a string")
                    + ": not valid Unicode",
                }
            ], field


# -- wrong JSON types at every path ---------------------------------------------------------------


def named_below_root(answer_field: str, path: Path_) -> bool:
    """An error raised for a change below the root names some field (not just the record)."""
    return bool(answer_field) or not path


@pytest.mark.parametrize("game", ["wuhan", "sichuan"])
def test_a_wrong_type_at_every_path_of_an_evaluate_input_is_answered(api: Api, game: str) -> None:
    base = evaluate_inputs()[game]
    cases = [(path, wrong) for path in paths(base) for wrong in WRONG]
    inputs = [replaced(base, path, wrong) for path, wrong in cases]
    response = api.post("/api/v1/evaluate", json.dumps(inputs).encode(), who=None)
    assert response.status_code == 200, response.data[:300]
    answers = response.get_json()["results"]
    assert len(answers) == len(cases)
    refused = 0
    for (path, wrong), answer in zip(cases, answers, strict=True):
        if "error" in answer:
            refused += 1
            assert set(answer["error"]) == {"field", "message"}
            assert named_below_root(answer["error"]["field"], path), (path, wrong, answer)
        else:
            assert isinstance(answer["legal"], bool), (path, wrong, answer)
    assert refused > len(cases) // 2


@pytest.mark.parametrize("game", ["wuhan", "sichuan"])
def test_a_wrong_type_at_every_path_of_a_record_is_an_invalid_item_naming_a_field(
    api: Api, game: str
) -> None:
    record = game_records()[game]
    cases = [(path, WRONG[i % len(WRONG)]) for i, path in enumerate(paths(record))]
    body = b"\n".join(line(replaced(record, path, wrong)) for path, wrong in cases)
    response = api.post("/api/v1/audit", body, content_type="application/x-ndjson")
    assert response.status_code == 200, response.data[:300]
    results = response.get_json()["results"]
    assert len(results) == len(cases)
    for (path, wrong), result in zip(cases, results, strict=True):
        assert result["status"] in ("ok", "illegal", "mismatch", "invalid"), (path, wrong)
        if result["status"] == "invalid":
            assert all(named_below_root(e["field"], path) for e in result["errors"]), (path, wrong, result)


# -- huge integers in every parameter of every GET endpoint ---------------------------------------


def get_endpoints(api: Api) -> list[tuple[str, list[str], list[str]]]:
    """``(path template, path parameters, query parameters)`` of every GET in the document."""
    doc = api.client.get("/api/v1/openapi.json").get_json()
    out = []
    for path, ops in doc["paths"].items():
        if "get" not in ops:
            continue
        params = ops["get"].get("parameters", []) + ops.get("parameters", [])
        in_path = [p["name"] for p in params if p["in"] == "path"]
        in_query = [p["name"] for p in params if p["in"] == "query"]
        out.append((path, in_path, in_query))
    return out


def test_huge_integers_in_every_get_parameter_are_never_a_500(api: Api) -> None:
    endpoints = get_endpoints(api)
    assert len(endpoints) >= 10 and any(q for _, _, q in endpoints)
    sent = 0
    for template, in_path, in_query in endpoints:
        plain = re.sub(r"\{[^}]+\}", "p1", template)
        for name in in_path:
            for value in [*HUGE, SURROGATE_BYTES]:
                target = template.replace("{" + name + "}", quote(value, safe="%"))
                target = re.sub(r"\{[^}]+\}", "p1", target)
                check(api, target, name)
                sent += 1
        for name in in_query:
            for value in [*HUGE, SURROGATE_BYTES]:
                check(api, f"{plain}?{name}={quote(value, safe='%')}", name)
                sent += 1
    for page in HUGE:  # the pages' own integer parameter
        response = api.client.get(f"/mistakes?page={quote(page)}")
        assert response.status_code in (400, 404), (page, response.status_code)
    assert sent > 100


def check(api: Api, target: str, name: str) -> None:
    response = api.get(target, who="admin")
    assert response.status_code < 500, (target, response.data[:300])
    if response.status_code >= 400:
        problem = assert_problem(response, response.status_code)
        if response.status_code == 400:
            assert name in [e["field"] for e in problem["errors"]], (target, problem)

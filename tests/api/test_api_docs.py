"""docs/api.md matches what a user gets (issue 14): every endpoint of the OpenAPI document is
listed, and the examples use the port ``./dev run`` serves."""

from __future__ import annotations

import re
from pathlib import Path

from api.app import create_app

ROOT = Path(__file__).resolve().parents[2]


def test_api_doc_lists_every_openapi_endpoint(tmp_path: Path) -> None:
    spec = create_app(tmp_path / "doc.duckdb").test_client().get("/api/v1/openapi.json").get_json()
    doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`(GET|POST|PUT|DELETE|PATCH) (/api/v1/[^`\s]*)`", doc))
    for path, operations in spec["paths"].items():
        for method in operations:
            if method in ("get", "post", "put", "delete", "patch"):
                assert (method.upper(), path) in listed, f"docs/api.md does not list {method.upper()} {path}"


def test_api_doc_uses_the_port_dev_run_serves() -> None:
    dev = (ROOT / "dev").read_text(encoding="utf-8")
    port = re.search(r"PORT:-(\d+)", dev)
    assert port
    doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    used = set(re.findall(r"127\.0\.0\.1:(\d+)", doc))
    assert used == {port.group(1)}


def test_readme_no_longer_promises_what_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(coming)" not in readme and " coming " not in readme

"""``replay audit`` and ``replay ingest`` freeze their process's heap after a first chunk or batch
(``schemas.audit_run.freeze_heap``): run in this process by the tests (the CLI, the ingest of the
store, API and page tests), they would freeze pytest's own. Undone after each test."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

import schemas.audit_run as audit_run


@pytest.fixture(autouse=True)
def _unfreeze() -> Iterator[None]:
    yield
    gc.unfreeze()
    audit_run._frozen = False

"""``replay audit`` freezes its process's heap after a first chunk (``schemas.audit_run.freeze_heap``):
run in this process by the tests, it would freeze pytest's own. Undone after each test."""

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

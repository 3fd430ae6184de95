"""The pages' window on the store: the reads live in ``store.pages`` (the store holds the SQL).

Kept as the name the views and ``dashboards.register`` import, so a page asks
``StoreData`` for its figures without knowing where the queries are.
"""

from __future__ import annotations

from store.pages import SORTS, Filters, MistakeQuery, StoreData

__all__ = ["SORTS", "Filters", "MistakeQuery", "StoreData"]

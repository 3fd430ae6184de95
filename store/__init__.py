"""The DuckDB store: the database and its write lock, migrations, ingest, reaudit, the read
queries, habits SQL, API tokens, and the Parquet layout of the batch audit.

Kept apart from ``schemas/`` (what a record must look like) and ``api/`` (HTTP) so that "where
are hands stored" and "where is the SQL of the player page" have one answer: here.
"""

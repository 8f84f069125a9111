"""Persistence: SQLAlchemy models and Alembic migrations (SQLite default, PostgreSQL by URL)."""

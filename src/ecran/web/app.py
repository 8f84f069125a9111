"""FastAPI application factory (placeholder until the first page lands)."""

from __future__ import annotations

from fastapi import FastAPI


def create_app() -> FastAPI:
    return FastAPI(title="ecran", openapi_url="/api/openapi.json")

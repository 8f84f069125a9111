"""`ecran serve`: the web table."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", metavar="ADDRESS", help="address to listen on"),
        port: int = typer.Option(8000, help="port"),
    ) -> None:
        """Start the web table (FastAPI) on http://HOST:PORT."""
        import uvicorn

        from ecran.web.app import create_app

        uvicorn.run(create_app(), host=host, port=port)

"""The command line: every capability of the API is also a command (Typer + Rich)."""

"""Artémis checks, one module per family."""

"""Fluid's checks, one module per family."""

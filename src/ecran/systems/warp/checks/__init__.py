"""The checks of WaRP, one module per family."""

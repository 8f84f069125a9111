"""The checks of `organique`, one module per family."""

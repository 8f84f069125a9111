"""One package per game. Each defines `SYSTEM`, an instance of `ecran.rules.System`."""

"""The demo's checks, in order: the tables of `data/checks.toml`, each naming its `module.Class`,
imported when the list reaches it (`ecran.systems.listed`)."""

from ecran.systems import listed

CHECKS = listed(__name__)

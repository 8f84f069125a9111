"""The demo's checks, in order: each id names its `module.Class`, imported when the list reaches
it (`ecran.systems.Listed`)."""

from ecran.systems import Listed

CHECKS = Listed("ecran.systems.demo.checks", {"d6": "d6.D6"})

"""Benchmark: what a fog change costs before a player gets their map again.

Run: `.venv/bin/python bench/bench_fog.py [--before OTHER/src]`. Not a test: it prints figures
and never fails on them.

Three maps (2048, 4096 and 8192 pixels a side: a painted map's gradients with noise, stored as
an upload is, WebP) are masked by a fog that reveals two thirds of them, at the desktop's size
(4096) and a phone's (2048). Printed per map and size: the first masking (the map decoded) and
each later one (a new fog on the kept map, `ecran.web.api.images`), in milliseconds of CPU,
and the copy's bytes. With `--before`, the same maps are masked by another checkout's
`image.masked` in a fresh process (no map kept there: every fog decodes), side by side.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

SIDES = (2048, 4096, 8192)
SIZES = (4096, 2048)


def _map(side: int) -> bytes:
    """A map as stored: gradients and noise, re-encoded as an upload is."""
    from ecran.play.board import image

    y, x = np.mgrid[0:side, 0:side]
    ground = np.stack([x * 255 // side, y * 255 // side, (x + y) * 127 // side], -1)
    noise = np.random.default_rng(side).integers(0, 30, ground.shape)
    out = io.BytesIO()
    Image.fromarray((ground + noise).astype(np.uint8)).save(out, format="PNG", compress_level=1)
    return image.encode(Image.open(io.BytesIO(out.getvalue())).convert("RGB")).data


def _fog(side: int, stroke: int) -> list[Any]:
    from ecran.play.board.model import FogOp, Rect

    w = side * 2 // 3
    return [FogOp(reveal=True, region=Rect(x=stroke, y=0, w=w, h=w))]


def _cpu_ms(run: Any) -> tuple[float, Any]:
    start = time.process_time()
    found = run()
    return (time.process_time() - start) * 1000, found


def _mask(raw: bytes, fog: list[Any], size: int, kept: bool) -> Any:
    from ecran.play.board import image
    from ecran.web.api import images

    if kept:
        return image.masked_copy(images._reduced(raw, size), fog)
    return image.masked(raw, fog, size)


def measure(kept: bool) -> dict[str, Any]:
    """Each map's first masking and a later one, per size (`kept`: through the web layer's
    kept maps, else `image.masked` whole each time)."""
    found: dict[str, Any] = {}
    for side in SIDES:
        raw = _map(side)
        for size in SIZES:
            times, copy = [], None
            for stroke in range(3):
                ms, copy = _cpu_ms(partial(_mask, raw, _fog(side, stroke), size, kept))
                times.append(ms)
            assert copy is not None
            found[f"{side}/{size}"] = {
                "first": times[0],
                "later": min(times[1:]),
                "bytes": len(copy.data),
            }
    return found


def _row(label: str, figures: dict[str, Any]) -> None:
    for key, one in figures.items():
        print(
            f"{label:8} {key:>10}  first {one['first']:7.0f} ms  later {one['later']:7.0f} ms"
            f"  {one['bytes'] / 1024:7.0f} KiB"
        )


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--child"]:
        print(json.dumps(measure(kept=False)))
        return
    print("A fog change: the players' map masked again (map side / copy's largest side), CPU")
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    _row("now", measure(kept=True))
    if args[:1] == ["--before"]:
        env = {**os.environ, "PYTHONPATH": str(Path(args[1]))}
        done = subprocess.run(
            [sys.executable, __file__, "--child"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        _row("before", json.loads(done.stdout.strip().splitlines()[-1]))


if __name__ == "__main__":
    main()

"""The benchmarks by the name the issues give them: `python -m bot.benchmarks --playouts 20`.

Each benchmark is a module of bot/bench/ with its own `main` (docs/console.md, `tabula bench`);
this one answers the issues' command for the engine's random playouts, every game and option
set, with the machine's load printed first.
"""

from __future__ import annotations

import sys

from bot.bench.playouts import main

if __name__ == "__main__":
    sys.exit(main())

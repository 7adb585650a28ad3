"""Seven Hills (Heo Nam-cheol, 3-4 players), a reconstructed edition: place your clients on the
hills of Rome over five eras. Rulebook: /work/shared/seeds/000_312bb2e17dfe1ee0.txt."""

from .game import SevenHills

__all__ = ["SevenHills"]

"""Seven Hills (Heo Nam-cheol, 3-4 players), a reconstructed edition: place your clients on the
hills of Rome over five eras. Rulebook: Seven Hills,
French translation by Didier Duchon (V1.0, 2010)."""

from .game import SevenHills

__all__ = ["SevenHills"]

"""7 Wonders Duel: Leaders on the pictures (engine/duel/leaders/ on the engine's side)."""

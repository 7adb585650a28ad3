"""7 Wonders Duel: Agora on the pictures (engine/duel/agora/ on the engine's side)."""

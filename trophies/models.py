"""Models of the trophies app (added by later issues)."""

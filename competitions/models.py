"""Models of the competitions app (added by later issues)."""

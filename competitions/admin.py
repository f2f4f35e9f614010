"""Admin registrations of the competitions app (added by later issues)."""

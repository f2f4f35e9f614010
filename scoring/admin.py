"""Admin registrations of the scoring app (added by later issues)."""

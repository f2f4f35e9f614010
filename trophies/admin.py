"""Admin registrations of the trophies app (added by later issues)."""

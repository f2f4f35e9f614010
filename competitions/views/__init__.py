"""Public pages of the competitions: stable addresses, no login (UX.md)."""

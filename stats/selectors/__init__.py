"""Selectors read: the season statistics and the live event day."""

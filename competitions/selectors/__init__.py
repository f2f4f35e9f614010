"""Selectors read (HackSoft): standings, and what the public pages show."""

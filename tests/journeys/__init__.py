"""Journeys: what users do, end to end in headless Chromium, and then the stored
records read back and compared with what was typed (marker ``browser``)."""

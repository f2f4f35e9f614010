"""The officials' pages of the competitions: cup, Grand Prix, free games."""

"""The result-entry workflow pages: referees, jury, captains, officials."""

"""The result-entry workflow pages (issue 5): referees, jury, captains, officials."""

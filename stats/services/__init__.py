"""Services write (HackSoft): the season statistics follow the stored hands."""

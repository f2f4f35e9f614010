from scoring.engine import score_match_record

from ._json_command import JsonRecordCommand


class Command(JsonRecordCommand):
    help = "Judge and score a match record (royal-tarokk-match/1) and print the result."
    judge = staticmethod(score_match_record)

from scoring.engine import score_hand_record

from ._json_command import JsonRecordCommand


class Command(JsonRecordCommand):
    help = "Judge and score one hand record (royal-tarokk-hand/1) and print the result."
    judge = staticmethod(score_hand_record)

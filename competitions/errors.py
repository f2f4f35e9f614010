"""The competitions app's refusals: each stable code and its message, declared once
(:class:`tarokk_admin.core.errors.ErrorTable`). A service raises
``ERRORS.refuse("code", field=…, **values)``; the API answers the code, a page shows
the message on the form, an import turns it into a row's problem."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from competitions.errors_season import SEASON
from tarokk_admin.core.errors import ErrorTable

# ---------------------------------------------------------------------------
# The cup, line-ups and rosters, players, free games and sittings, notices,
# disputes, honours, fixtures, finality.
# ---------------------------------------------------------------------------

CUP_AND_MORE = {
    "not_a_cup": _("%(name)s is not a cup."),
    "cup_drawn": _("The %(year)s cup is already drawn."),
    "cup_draw_count": _(
        "The draw needs exactly %(n)s registered teams (R15); %(count)s are registered."
    ),
    "cup_draw_reserve": _(
        "%(team)s is a reserve: the 16 teams of the cup are the first registered (R15)."
    ),
    "cup_not_registered": _("%(team)s is not registered for this cup."),
    "cup_draw_place_once": _("Place each of the %(n)s registered teams exactly once."),
    "cup_deadline_outside_season": _(
        "The deadline %(date)s is outside the %(year)s season."
    ),
    "cup_deadlines_out_of_order": _(
        "Round deadlines must follow each other: the last 16 first, the final last."
    ),
    "cup_drawn_registration": _(
        "The %(year)s cup is already drawn; no team can register now."
    ),
    "lineup_same_player": _(
        "The driver and the catcher must be two different players."
    ),
    "cup_pair_not_in_roster": _(
        "%(player)s is not %(team)s's %(role)s in %(year)s: a team "
        "registers exactly its driver and catcher, no substitute (R15)."
    ),
    "cup_registered_twice": _("%(team)s is already registered for the %(year)s cup."),
    "cup_drawn_withdrawal": _(
        "The cup is already drawn; %(team)s can no longer be withdrawn: "
        "record a walkover on its tie instead (R15)."
    ),
    "cup_registration_undated": _(
        "Registration for the %(year)s cup has no dates yet; an official sets "
        "them on the season."
    ),
    "cup_registration_not_open": _(
        "Registration for the %(year)s cup opens on %(date)s."
    ),
    "cup_registration_closed": _(
        "Registration for the %(year)s cup closed on %(date)s."
    ),
    "tiebreak_too_early": _(
        "A tie-breaker is played only after the tie's 3 matches; %(n)s completed "
        "so far (R15)."
    ),
    "tiebreak_totals_differ": _(
        "No tie-breaker: the totals differ (%(a)s:%(b)s), so the tie is decided (R15)."
    ),
    "tiebreak_differs": _(
        "No tie-breaker: the last tie-breaker differs (%(a)s:%(b)s), so the tie "
        "is decided (R15)."
    ),
    "tiebreak_inconsistent": _(
        "The tie's matches do not add up (%(detail)s): an official sorts them out "
        "before a tie-breaker (R15)."
    ),
    "outside_round_month": _(
        "The match is dated %(date)s; a match of %(tie)s is played in the "
        "cup round's month (%(year)s-%(month)02d, R15)."
    ),
    "cup_tie_teams_pending": _(
        "The teams of %(tie)s are not known yet: it is played by the winners "
        "of %(round)s ties %(a)s and %(b)s."
    ),
    "decided__cup_tie": _("%(tie)s is decided: %(team)s won it."),
    "cup_tie_no_fourth_match": _(
        "%(tie)s already has its %(n)s matches; a tie has no 4th match "
        "(R15). On level totals schedule a tie-breaker instead."
    ),
    "tiebreak_before_completion": _(
        "Complete %(what)s first: a tie-breaker follows the completed matches (R15)."
    ),
    "cup_tie_grand_prix_only": _("Only a Grand Prix match can count for a cup tie."),
    "cup_tie_match_counted": _("This match already counts for a cup tie."),
    "cup_tie_other_season": _("The cup tie is of another season."),
    "cup_tie_other_teams": _("%(tie)s is not played by this match's two teams (R15)."),
    "cup_tie_full": _("%(tie)s already has its %(n)s matches (R15)."),
    "cup_lineup_not_registered": _(
        "%(team)s's line-up is not its registered cup pair: cup rules "
        "allow no substitutes (R15)."
    ),
    "not_an_official__walkover": _("Only officials record a walkover."),
    "reason__walkover": _("Say why the tie is lost by walkover."),
    "bad_kind": _("Choose whether the team withdrew or did not play."),
    "teams_unknown": _("The teams of %(tie)s are not known yet."),
    "not_in_tie": _("%(team)s does not play %(tie)s."),
    "too_early": _(
        "%(tie)s may still be played until %(date)s, the end of its round's "
        "month: a team that did not play loses by walkover only after that "
        "(R15). A team that withdraws loses at once."
    ),
    "no_walkover": _("%(tie)s was not decided by walkover."),
    "later_played": _(
        "%(later)s already has matches: the walkover of %(tie)s stands "
        "(void those matches first)."
    ),
    "lineup_match_over": _("The line-up of a completed or void match cannot change."),
    "lineup_not_eligible": _("%(player)s cannot play for %(team)s: %(reason)s."),
    "lineup_wrong_role": _(
        "%(player)s is the team's %(their)s and cannot play %(role)s (R15)."
    ),
    "lineup_both_sides": _("A player cannot play on both sides of a match."),
    "dispute_note_missing": _("Say how the dispute is settled."),
    "dispute_note_too_long": _("The note is at most %(n)s characters."),
    "no_open_dispute": _("This match has no open dispute."),
    "year_final": _(
        "The records of %(year)s are final: the annual meeting of %(date)s "
        "approved them (R15). Nothing of that year can change any more."
    ),
    "closed__match": _(
        "%(competition)s is closed: correcting this match needs the jury's "
        "approval with a reason first (R15). The closed table stays as it "
        "was kept."
    ),
    "closed__new_match": _("%(competition)s is closed: it takes no new match."),
    "not_an_official__honours": _("Only officials mark honours as presented."),
    "no_such_honour": _("The roll of honour of %(year)s has no such honour."),
    "not_an_official__rosters": _("Only officials manage teams and rosters."),
    "team_name_missing": _("Give the team's name."),
    "team_exists": _("There is already a team called %(name)s."),
    "roster_contradicts_matches": _(
        "%(player)s already played in %(season)s as the line-ups of these "
        "matches record, which this change would contradict: %(matches)s"
    ),
    "roster_role_unknown": _("Choose driver, catcher or substitute."),
    "roster_player_inactive": _("%(name)s is deactivated; reactivate them first."),
    "roster_copy_same_season": _("Choose another season to copy from."),
    "not_an_official__free_games": _(
        "Only officials close or reopen a year's free games."
    ),
    "closed__free_games": _("The free games of %(year)s are already closed."),
    "year_not_over": _(
        "The free games of %(year)s can be closed when the year is over, "
        "from 1 January %(next)s (R15)."
    ),
    "pending_sittings": _(
        "%(n)s sitting(s) of %(year)s await confirmation: confirm or void "
        "them first, so that nothing recorded is left out."
    ),
    "not_closed__free_games": _("The free games of %(year)s are not closed."),
    "reason__free_games_reopen": _("Say why the year is reopened."),
    "fixtures_not_schedulable": _(
        "A fixtures file schedules championship and free-games matches; "
        "%(name)s's matches are scheduled from its own page."
    ),
    "duplicate": _(
        "This sitting is already recorded (%(status)s, by %(user)s): "
        "confirm that one instead."
    ),
    "not_a_player": _(
        "Your account is not linked to a player of the federation: claim "
        "your federation record first, then record your sittings."
    ),
    "not_an_official__paper_sittings": _(
        "Only officials key in sittings from paper sheets."
    ),
    "paper_note_missing": _(
        "Write the paper sheet's note: where it is kept, who signed it."
    ),
    "not_pending": _("This sitting is %(status)s: there is nothing to confirm."),
    "own_sitting": _(
        "Another player of the table or an official confirms a sitting, "
        "not the player who recorded it."
    ),
    "not_at_the_table": _("Only a player of this table or an official may confirm it."),
    "void": _("This sitting is void; a void sitting stays void."),
    "confirmed": _("The sitting is confirmed: only an official may change it now."),
    "not_the_recorder": _(
        "Only the player who recorded this sitting, or an official, may change it."
    ),
    "reason__sitting_correction": _("Say why the sitting is corrected."),
    "recorder_left_out": _(
        "You recorded this sitting as a player of it: keep yourself among "
        "its players (an official may correct that)."
    ),
    "reason__sitting_void": _("Say why the sitting is void."),
    "sitting_in_future": _(
        "%(date)s is in the future: enter the day the sitting was played."
    ),
    "sitting_no_season": _(
        "There is no %(year)s season: an official creates it first."
    ),
    "closed__sittings": _(
        "The free games of %(year)s are closed: their sittings can no "
        "longer change (an official may reopen the year)."
    ),
    "sitting_name_not_taken": _(
        "%(variant)s has no name of its own: leave the name empty "
        "(only Royal variants, training and test games are named)."
    ),
    "sitting_name_missing": _(
        "Name the game: %(variant)s sittings are recorded under their name."
    ),
    "sitting_name_too_long": _("Keep the game's name under 80 characters."),
    "sitting_player_count": _("A sitting has 3 to 5 players (R15); %(n)s are entered."),
    "sitting_player_twice": _("%(player)s is entered twice."),
    "sitting_points_implausible": _(
        "%(points)s points for %(player)s is not a plausible score."
    ),
    "sitting_variant_unknown": _("Unknown variant %(variant)s."),
    "sitting_event_too_long": _("Keep the event under 120 characters."),
    "sitting_recorder_missing": _(
        "You record a sitting you played in: add yourself to its players."
    ),
    "notice_kind_unknown": _("There is no notice of the kind %(kind)s."),
    "notice_language_unknown": _("There is no language %(code)s."),
    # A fixtures file's problems, each on its line and column.
    "fixtures_date_missing": _("The date is required (YYYY-MM-DD)."),
    "fixtures_not_a_date": _("%(value)s is not a date written YYYY-MM-DD."),
    "fixtures_not_a_time": _("%(value)s is not a time written HH:MM (24 h)."),
    "fixtures_team_missing": _("The team's name is required."),
    "fixtures_unknown_team": _(
        "There is no team named %(name)s (names exactly as registered)."
    ),
    "fixtures_yes_or_no": _("%(value)s: write yes or no."),
    "fixtures_referee_not_in_pool": _("%(name)s is not in the %(year)s referee pool."),
    "fixtures_not_a_referee": _("%(name)s is not in the Referee group."),
    "fixtures_unknown_account": _("There is no account named %(name)s."),
    "fixtures_empty_file": _("The file is empty: no header row."),
    "fixtures_no_rows": _("The file has no fixtures after its header."),
    "too_many_fixtures": _(
        "A fixtures file schedules at most %(most)s matches; this one has more: "
        "split it into smaller files."
    ),
    "too_many_problems__fixtures": _(
        "The check stopped at this line after %(n)s problems: fix these and "
        "upload the file again."
    ),
    "fixtures_team_twice": _("%(team)s already plays on %(date)s (line %(first)s)."),
    "fixtures_team_busy": _("%(team)s already plays on %(date)s (%(match)s)."),
    "fixtures_53rd_match": _(
        "This would be %(team)s's 53rd championship match of "
        "%(year)s; a team plays at most 52 a season (R15)."
    ),
    "fixtures_already_scheduled": _(
        "%(a)s – %(b)s on %(date)s is already scheduled; not counted."
    ),
    # A matches file's cup (R15), checked whole once its matches are stored.
    "too_many_teams": _(
        "The %(year)s cup would have more than %(n)s teams with %(team)s (R15)."
    ),
    "cup_lineup_changed": _(
        "%(team)s played its first cup match with %(pair)s; a cup "
        "line-up is always that pair, no substitute (R15)."
    ),
    "fourth_match": _("Cup %(tie)s already has its 3 matches; a tie has no 4th (R15)."),
    "tiebreak_number": _(
        "The tie-breakers of cup %(tie)s are numbered %(numbers)s; they are "
        "numbered 1, 2, … in the order played (R15)."
    ),
    "tiebreak_not_level": _("Tie-breaker %(n)s of cup %(tie)s is refused: %(reason)s"),
    "not_the_winners": _(
        "Cup %(tie)s is %(a)s – %(b)s, but it is played by %(expected)s (R15)."
    ),
}


ERRORS = ErrorTable("competitions", SEASON, CUP_AND_MORE)

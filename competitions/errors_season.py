"""The competitions app's refusals of seasons, teams, accounts, the schedule,
matches, results, closings and the jury: each stable code and its message, declared
once; :mod:`competitions.errors` makes them part of the app's one table."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

SEASON = {
    # Officials' work, refused to others: official_check raises these with the code
    # ``not_an_official``, each sentence naming the work (after the two underscores).
    "not_an_official__seasons": _("Only officials set up seasons."),
    "not_an_official__accounts": _("Only officials manage accounts and roles."),
    "not_an_official__claims": _("Only officials link accounts to players."),
    "not_an_official__players": _("Only officials register and edit players."),
    "not_an_official__referees": _("Only officials keep the referee pool."),
    "not_an_official__captains": _("Only officials remove a team's captain."),
    "not_an_official__closings": _(
        "Only officials close competitions and record the annual meeting."
    ),
    # The season and its dates (R15).
    "annual_meeting_missing": _("Give the date of the annual meeting (R15)."),
    "meeting_outside_season": _(
        "The annual meeting of %(year)s must be in %(year)s (R15)."
    ),
    "registration_dates_half": _("Give both cup registration dates, or neither."),
    "year_out_of_range": _("A season's year is between %(first)s and %(last)s."),
    "dates_inverted": _(
        "Cup registration cannot close (%(closes)s) before it opens (%(opens)s)."
    ),
    "registration_outside_season": _(
        "The cup registration of %(year)s must be in %(year)s."
    ),
    "season_exists": _(
        "The %(year)s season already exists; a season is a calendar year, "
        "so two would overlap."
    ),
    "played_without_approval": _(
        "These matches were played before %(date)s without a jury "
        "approval, which R15 would then need: %(matches)s"
    ),
    # Accounts and roles.
    "reason_too_long": _("Keep the reason under %(n)s characters."),
    "unknown_role": _("There is no role %(role)s."),
    "email_taken": _("%(email)s already has an account: %(name)s (%(user)s)."),
    "name_missing": _("Give the person's name (or choose their federation record)."),
    "name_too_long": _("A name has at most 150 characters."),
    "inactive": _("The account is deactivated: reactivate it first."),
    "password_set": _(
        "%(name)s has set a password already; if it is lost, “Forgot your "
        "password?” on the login page sends a new link."
    ),
    "no_email": _("The account has no e-mail address."),
    "own_rights": _("Nobody gives themselves a role: another official does."),
    "has_role": _("%(name)s already has the role %(role)s."),
    "no_role": _("%(name)s does not have the role %(role)s."),
    "inactive_already": _("The account is deactivated already."),
    "active": _("The account is active already."),
    "official_exists": _(
        "The federation has an official already (%(user)s): officials "
        "invite the others in the workspace (Accounts and roles)."
    ),
    "no_username": _("Give a username."),
    "bad_email": _("“%(email)s” is not an e-mail address."),
    "bad_username": _(
        "A username has at most 150 letters, digits and the signs "
        "@ . + - _ (no spaces)."
    ),
    "username_taken": _("The username %(user)s is taken."),
    "captain_now": _(
        "%(name)s captains %(teams)s: choose another captain on the team's page first."
    ),
    "reason_missing": _("Say why you give these roles."),
    "grant_reason_missing": _("Say why you give this role."),
    "withdraw_reason_missing": _("Say why you withdraw this role."),
    "deactivate_reason_missing": _("Say why the account is deactivated."),
    "reactivate_reason_missing": _("Say why the account is reactivated."),
    "last_official": _(
        "%(name)s is the last official: give another account the role "
        "first, so that someone can still run the federation."
    ),
    "last_active_official": _(
        "%(name)s is the last active official: the federation would have nobody "
        "to run it. Give another account the Official role first."
    ),
    # Linking accounts to players.
    "account_linked": _("The account %(user)s is already linked to %(player)s."),
    "player_linked": _(
        "%(player)s is already linked to another account; unlink it first."
    ),
    "own_account_linked": _("Your account is already linked to a player."),
    "player_claimed_linked": _(
        "%(player)s is already linked to an account; if that is wrong, ask an official."
    ),
    "claim_pending": _("Your claim is already waiting for an official."),
    "decided": _("This claim is already %(status)s."),
    "claim_refusal_note_missing": _("Say why the claim is refused."),
    "username_unknown": _("There is no account with the username “%(name)s”."),
    "not_linked": _("%(player)s has no linked account."),
    # The players' federation records.
    "bad_number": _(
        "A federation number is 1-20 letters, digits or hyphens, such as H10023."
    ),
    "player_name_missing": _("Give the player's name."),
    "player_name_too_long": _("The name is too long (at most 120 characters)."),
    "number_taken": _("The federation number %(number)s is already %(name)s's."),
    "player_played": _(
        "%(name)s has a roster place, matches or sittings on record and "
        "cannot be deleted; deactivate them instead."
    ),
    # The referee pool.
    "not_a_referee": _("%(user)s is not in the Referee group."),
    "not_in_pool": _(
        "%(user)s is not in the %(year)s referee pool: an official adds "
        "them on the season's page (Referees)."
    ),
    "no_referee_role": _(
        "%(user)s does not have the Referee role: give it on their account "
        "first (Accounts and roles)."
    ),
    "in_pool": _("%(user)s is already in the %(year)s referee pool."),
    "pool_leave_reason_missing": _("Say why the referee leaves the pool."),
    "not_in_pool_now": _("%(user)s is not in the %(year)s referee pool."),
    "assigned": _(
        "%(user)s referees %(matches)s: assign another referee to those matches first."
    ),
    # Team captains.
    "not_the_captain": _("%(user)s is not the captain of %(team)s in %(year)s."),
    "not_a_member": _(
        "%(player)s is not on %(team)s's roster in %(year)s: the captain is "
        "one of the team's members of the season."
    ),
    "no_account": _(
        "%(player)s has no account yet: invite them first (Accounts and "
        "roles), then choose them as the captain."
    ),
    "captain_account_inactive": _("%(player)s's account is deactivated."),
    "not_allowed": _(
        "Only an official or the team's captain of %(year)s chooses its captain."
    ),
    "already_captain": _("%(name)s is already the captain of %(team)s in %(year)s."),
    "captain_removal_reason_missing": _("Say why the team has no captain now."),
    "no_captain": _("%(team)s has no captain in %(year)s."),
    # The schedule.
    "same_team_twice": _("A match is played between two different teams."),
    "match_outside_season": _(
        "The match date %(date)s is outside the %(year)s season."
    ),
    "match_outside_competition": _(
        "%(name)s runs from %(starts)s to %(ends)s; %(date)s is outside it."
    ),
    "team_plays_that_day": _(
        "%(team)s already plays on %(date)s (%(match)s); a team plays one match a day."
    ),
    "scheduled_elsewhere": _(
        "Matches of %(name)s are scheduled from its own page (a cup tie or a "
        "Grand Prix round)."
    ),
    "venue_too_long": _("The venue is at most %(n)s characters."),
    "match_already_scheduled": _("%(a)s – %(b)s is already scheduled on %(date)s."),
    "move_started": _(
        "Only a match not started yet can be moved; this one is %(status)s."
    ),
    "postpone_reason_missing": _("Say why the match is postponed."),
    "postponed_not_later": _("A postponed match is played later than %(date)s."),
    "referee_fixed": _("The match is %(status)s: its referee no longer changes."),
    "team_not_in_competition": _("%(team)s is not entered in %(name)s %(year)s."),
    # Grand Prix events (R15).
    "event_name_missing": _("Give the event a name."),
    "event_ends_before_start": _("The event cannot end before it starts."),
    "grand_prix_name_taken": _(
        "The %(year)s season already has a Grand Prix named %(name)s."
    ),
    "not_a_grand_prix": _("This competition is not a Grand Prix."),
    "entries_fixed": _("Round 1 is already paired: the teams can no longer change."),
    "too_few_entries": _("A Grand Prix needs at least 3 teams; enter more teams."),
    "seeding_fixed": _("Round 1 is already paired: the seeding can no longer change."),
    "seeding_incomplete": _("List every entered team exactly once to set the seeding."),
    "team_not_entered": _("%(team)s is not entered in this event."),
    "rounds_all_paired": _("All 3 rounds of this event are paired already."),
    "round_before_unfinished": _(
        "Round %(n)s can be paired once every match of round %(p)s is completed."
    ),
    "pairing_started": _("Only a pairing whose match has not started can change."),
    "team_busy_in_round": _(
        "One of the teams already plays another match in round %(n)s."
    ),
    "rematch": _("%(a)s and %(b)s have met in this event already: no rematches (R15)."),
    "event_outside_season": _("The event's dates must fall in the %(year)s season."),
    "round_unpairable": _("The round cannot be paired: %(why)s"),
    "championship_cap_exceeded": _(
        "%(team)s would play %(count)s championship matches in "
        "%(year)s; a team plays at most 52 a season (R15)."
    ),
    # Matches: line-ups, the cut, completion, voiding.
    "match_void": _("This match is void."),
    "lineups_missing": _("Enter both teams' line-ups first (R15)."),
    "cut_missing": _("Enter the cut (which team attacks in hand 1) first (R3)."),
    "team_not_in_match": _("%(team)s does not play this match."),
    "cut_fixed": _("The cut cannot change once hands are entered."),
    "match_completed": _("This match is already completed."),
    "early": _(
        "This match is dated %(date)s, after today: confirm that it is "
        "completed early (tick the box), or check that these are its hands."
    ),
    "void_reason_missing": _("Say why the match is void."),
    "void_already": _("This match is void already."),
    "championship_cap_reached": _(
        "%(team)s has already played %(count)s championship matches in "
        "%(year)s; a team plays at most 52 a season (R15)."
    ),
    "jury_approval_missing": _(
        "This match needs a jury approval recorded before the match, "
        "because %(why)s (R15)."
    ),
    # Results and their confirmation.
    "hands_missing": _("The match has %(n)s hands; enter hand(s) %(missing)s first."),
    "stored_hand_invalid": _("A stored hand is no longer valid: %(path)s %(message)s"),
    "result_not_completed": _("Only a completed match's result can be confirmed."),
    "result_objection_missing": _("Say what is wrong with the result."),
    "not_the_teams_side": _(
        "%(user)s is neither a captain of %(team)s nor its driver in this "
        "match, so cannot accept the result for it."
    ),
    # The jury (R15).
    "approval_after_start": _(
        "A jury approval must be recorded before the match starts (R15)."
    ),
    "not_the_jury": _("Only the jury (or an official) refuses a match."),
    "reason": _("Say why the jury refuses the match."),
    "no_approval_needed": _(
        "This match needs no jury decision: it is played in public after the "
        "annual meeting (R15)."
    ),
    "started": _("Only a match not started yet is refused; this one is %(status)s."),
    "twice": _("The jury has refused this match already."),
    "refused_by_jury": _(
        "The jury refused this match on %(date)s (%(name)s: “%(reason)s”): it is not "
        "played as a championship match. An official voids it or reschedules it in "
        "public (R15)."
    ),
    # Closings and the annual meeting (R15).
    "final_undecided": _(
        "The cup's final is not decided yet: it cannot be closed (R15)."
    ),
    "free_games": _(
        "The free games are closed on their own page, when the year is over."
    ),
    "closed": _("%(competition)s is already closed."),
    "empty": _("%(competition)s has no completed match: there is no table to keep."),
    "not_jury": _("Only the jury approves a correction after closing."),
    "correction_reason_missing": _("Say why the correction is approved."),
    "not_closed": _("This match's competition is not closed: correct it as usual."),
    "meeting_within_year": _(
        "The meeting approving %(year)s is held after the year, from 1 January %(next)s."
    ),
    "meeting_in_future": _(
        "%(date)s is in the future: record the meeting once it is held."
    ),
    "recorded": _("The annual meeting approving %(year)s is recorded already."),
    "nothing_closed": _(
        "Nothing of %(year)s is closed: close its competitions first (R15)."
    ),
}

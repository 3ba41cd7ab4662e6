"""xlwings declarations of the xlrating spreadsheet functions.

GENERATED from the registry in xlrating/sheet/catalog.py by ``python -m xlrating.generate``:
do not edit by hand (a test checks that this file is up to date).  Each function only
declares its arguments for Excel and hands the cell values to the registry, which
coerces them, calls the rating core, and turns any failure into one line of text.

Set "UDF Modules" to ``xlrating.udfs`` in the xlwings add-in, then Import Functions.
On Linux and macOS the decorators do nothing and the functions are plain Python.
"""

from __future__ import annotations

import xlwings as xw

from xlrating.sheet.catalog import call


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('games', doc="Number of rated games the rating is based on (0 if unrated; 'established' if unknown).", err_to_str=True)
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('floor', doc='Your rating floor, if you know it (default 0: only the absolute floor 100).', err_to_str=True)
@xw.arg('bonus_ok', doc='FALSE if the event cannot give bonus points (a match, or an opponent met more than twice). Default TRUE.', err_to_str=True)
@xw.arg('dual_rated', doc='TRUE for the reduced K of a Regular rating above 2200 in a dual-rated event. Default FALSE.', err_to_str=True)
@xw.arg('history', doc='Your rated history before the event: mixed (default), all wins or all losses.', err_to_str=True)
@xw.arg('event_date', doc='Date of the event (a date or ISO text); default today.', err_to_str=True)
@xw.arg('multiplier', doc='Bonus multiplier B (0 to 100); default by the event date: 14 from 2017-05-01, 12 from 2023-02-01, 10 from 2025-01-01 (give it for earlier events).', err_to_str=True)
def USCF_NEW_RATING(rating, games, opponents, results, floor=None, bonus_ok=None, dual_rated=None, history=None, event_date=None, multiplier=None):
    'US Chess post-event rating (unrounded) by the standard or special formula, with bonus and floors.'
    return call('USCF_NEW_RATING', rating, games, opponents, results, floor, bonus_ok, dual_rated, history, event_date, multiplier)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('games', doc="Number of rated games the rating is based on (0 if unrated; 'established' if unknown).", err_to_str=True)
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('floor', doc='Your rating floor, if you know it (default 0: only the absolute floor 100).', err_to_str=True)
@xw.arg('bonus_ok', doc='FALSE if the event cannot give bonus points (a match, or an opponent met more than twice). Default TRUE.', err_to_str=True)
@xw.arg('dual_rated', doc='TRUE for the reduced K of a Regular rating above 2200 in a dual-rated event. Default FALSE.', err_to_str=True)
@xw.arg('history', doc='Your rated history before the event: mixed (default), all wins or all losses.', err_to_str=True)
@xw.arg('event_date', doc='Date of the event (a date or ISO text); default today.', err_to_str=True)
@xw.arg('multiplier', doc='Bonus multiplier B (0 to 100); default by the event date: 14 from 2017-05-01, 12 from 2023-02-01, 10 from 2025-01-01 (give it for earlier events).', err_to_str=True)
def USCF_RATING_CHANGE(rating, games, opponents, results, floor=None, bonus_ok=None, dual_rated=None, history=None, event_date=None, multiplier=None):
    'US Chess rating change (new rating minus old, unrounded).'
    return call('USCF_RATING_CHANGE', rating, games, opponents, results, floor, bonus_ok, dual_rated, history, event_date, multiplier)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('games', doc="Number of rated games the rating is based on (0 if unrated; 'established' if unknown).", err_to_str=True)
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('floor', doc='Your rating floor, if you know it (default 0: only the absolute floor 100).', err_to_str=True)
@xw.arg('bonus_ok', doc='FALSE if the event cannot give bonus points (a match, or an opponent met more than twice). Default TRUE.', err_to_str=True)
@xw.arg('dual_rated', doc='TRUE for the reduced K of a Regular rating above 2200 in a dual-rated event. Default FALSE.', err_to_str=True)
@xw.arg('history', doc='Your rated history before the event: mixed (default), all wins or all losses.', err_to_str=True)
@xw.arg('event_date', doc='Date of the event (a date or ISO text); default today.', err_to_str=True)
@xw.arg('multiplier', doc='Bonus multiplier B (0 to 100); default by the event date: 14 from 2017-05-01, 12 from 2023-02-01, 10 from 2025-01-01 (give it for earlier events).', err_to_str=True)
def USCF_DETAILS(rating, games, opponents, results, floor=None, bonus_ok=None, dual_rated=None, history=None, event_date=None, multiplier=None):
    "US Chess rating calculation as a two-column table that spills: formula, N', K, score, expected score, change, bonus, new rating, performance, class."
    return call('USCF_DETAILS', rating, games, opponents, results, floor, bonus_ok, dual_rated, history, event_date, multiplier)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('opponent', doc="The opponent's rating, or a range of ratings (one result per row).", err_to_str=True)
def USCF_EXPECTED(rating, opponent):
    'US Chess winning expectancy 1/(1+10^((opponent-rating)/400)); a range of opponents spills one value per opponent.'
    return call('USCF_EXPECTED', rating, opponent)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('games', doc="Number of rated games the rating is based on (0 if unrated; 'established' if unknown).", err_to_str=True)
def USCF_EFFECTIVE_GAMES(rating, games):
    "US Chess effective number of games N' = min(N, N*)."
    return call('USCF_EFFECTIVE_GAMES', rating, games)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('games', doc="Number of rated games the rating is based on (0 if unrated; 'established' if unknown).", err_to_str=True)
@xw.arg('event_games', doc='Number of games in the event (m).', err_to_str=True)
@xw.arg('dual_rated', doc='TRUE for a dual-rated event (reduced K above 2200). Default FALSE.', err_to_str=True)
def USCF_K(rating, games, event_games, dual_rated=None):
    "US Chess K factor 800/(N'+m), or the dual-rated K for Regular ratings above 2200."
    return call('USCF_K', rating, games, event_games, dual_rated)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('games', doc="Number of rated games the rating is based on (0 if unrated; 'established' if unknown).", err_to_str=True)
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('event_date', doc='Date of the event (a date or ISO text); default today.', err_to_str=True)
@xw.arg('multiplier', doc='Bonus multiplier B (0 to 100); default by the event date: 14 from 2017-05-01, 12 from 2023-02-01, 10 from 2025-01-01 (give it for earlier events).', err_to_str=True)
def USCF_BONUS(rating, games, opponents, results, event_date=None, multiplier=None):
    'US Chess bonus points for the event (0 if below the threshold B*sqrt(max(m,4))).'
    return call('USCF_BONUS', rating, games, opponents, results, event_date, multiplier)


@xw.func(category="Chess Ratings")
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
def USCF_PERFORMANCE(opponents, results):
    'US Chess performance rating: the rating whose expected score equals your score (perfect: highest opponent + 400; zero: lowest - 400).'
    return call('USCF_PERFORMANCE', opponents, results)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc='A US Chess rating.', err_to_str=True)
def USCF_CLASS(rating):
    'US Chess rating class of a rating (Class A, Expert, ...).'
    return call('USCF_CLASS', rating)


@xw.func(category="Chess Ratings")
@xw.arg('age', doc="The player's age in years (fractions allowed).", err_to_str=True)
def USCF_INITIAL_RATING(age):
    'US Chess starting rating of an unrated player from age: 50 x age (2 to 26), 100 under 2, 1300 over 26.'
    return call('USCF_INITIAL_RATING', age)


@xw.func(category="Chess Ratings")
@xw.arg('peak_rating', doc='Highest established rating ever reached (0 if none).', err_to_str=True)
@xw.arg('wins', doc="Rated wins in the player's career (default 0).", err_to_str=True)
@xw.arg('draws', doc="Rated draws in the player's career (default 0).", err_to_str=True)
@xw.arg('events', doc='Events with at least 3 rated games (default 0).', err_to_str=True)
@xw.arg('life_master', doc='TRUE for an Original Life Master (floor 2200). Default FALSE.', err_to_str=True)
def USCF_FLOOR(peak_rating, wins=None, draws=None, events=None, life_master=None):
    'US Chess rating floor: the highest of 100, the low-rating floor, the peak-based floor and the Original Life Master floor.'
    return call('USCF_FLOOR', peak_rating, wins, draws, events, life_master)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('opponent', doc="The opponent's rating, or a range of ratings (one result per row).", err_to_str=True)
@xw.arg('rating_list', doc='FIDE rating list: standard (default), rapid or blitz.', err_to_str=True)
@xw.arg('event_date', doc='Date of the event (a date or ISO text); default today.', err_to_str=True)
@xw.arg('method', doc="table (FIDE's table 8.1.2, default) or logistic.", err_to_str=True)
def FIDE_EXPECTED(rating, opponent, rating_list=None, event_date=None, method=None):
    'FIDE expected score from table 8.1.2 with the 400-point rule (or the logistic curve); a range of opponents spills one value per opponent.'
    return call('FIDE_EXPECTED', rating, opponent, rating_list, event_date, method)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('rated_games', doc='Rated games completed so far (default 30: not new).', err_to_str=True)
@xw.arg('birth_year', doc='Year of birth (juniors: K 40 to the end of the year they turn 18, under 2300). Blank: not a junior.', err_to_str=True)
@xw.arg('reached_2400', doc='TRUE once a published rating has reached 2400. Default FALSE.', err_to_str=True)
@xw.arg('period_games', doc='Games in this rating period (for the 700 rule; default 1).', err_to_str=True)
@xw.arg('period_date', doc='Date of the rating period (default today).', err_to_str=True)
def FIDE_K(rating, rated_games=None, birth_year=None, reached_2400=None, period_games=None, period_date=None):
    "FIDE development coefficient K (40, 20 or 10) from the player's facts, with the K x n <= 700 rule for the period's games."
    return call('FIDE_K', rating, rated_games, birth_year, reached_2400, period_games, period_date)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('k', doc='The development coefficient K (for example from FIDE_K).', err_to_str=True)
@xw.arg('rating_list', doc='FIDE rating list: standard (default), rapid or blitz.', err_to_str=True)
@xw.arg('event_date', doc='Date of the event (a date or ISO text); default today.', err_to_str=True)
def FIDE_RATING_CHANGE(rating, opponents, results, k, rating_list=None, event_date=None):
    'FIDE rating change for a rating period: K x sum(score - expected), rounded to a whole number (8.3.4). Unrated opponents are ignored.'
    return call('FIDE_RATING_CHANGE', rating, opponents, results, k, rating_list, event_date)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('k', doc='The development coefficient K (for example from FIDE_K).', err_to_str=True)
@xw.arg('rating_list', doc='FIDE rating list: standard (default), rapid or blitz.', err_to_str=True)
@xw.arg('event_date', doc='Date of the event (a date or ISO text); default today.', err_to_str=True)
def FIDE_NEW_RATING(rating, opponents, results, k, rating_list=None, event_date=None):
    'FIDE rating after the rating period: rating + the rounded change.'
    return call('FIDE_NEW_RATING', rating, opponents, results, k, rating_list, event_date)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('k', doc='The development coefficient K (for example from FIDE_K).', err_to_str=True)
@xw.arg('rating_list', doc='FIDE rating list: standard (default), rapid or blitz.', err_to_str=True)
@xw.arg('event_date', doc='Date of the event (a date or ISO text); default today.', err_to_str=True)
def FIDE_DETAILS(rating, opponents, results, k, rating_list=None, event_date=None):
    'FIDE rating calculation as a two-column table that spills: games rated, score, expected score, K, change, new rating, performance.'
    return call('FIDE_DETAILS', rating, opponents, results, k, rating_list, event_date)


@xw.func(category="Chess Ratings")
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
def FIDE_PERFORMANCE(opponents, results):
    'FIDE performance rating: average opponent rating plus dp from table 8.1.1 for the percentage scored (Title Regulations 1.4.7-1.4.9).'
    return call('FIDE_PERFORMANCE', opponents, results)


@xw.func(category="Chess Ratings")
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('first_event_games', doc="How many of the first rows are the player's first event (a zero score there is disregarded, 8.2.1); 0 if it is not among them. Default: all one event.", err_to_str=True)
def FIDE_FIRST_RATING(opponents, results, first_event_games=None):
    "FIDE first rating of a new player (8.2): opponents' average with two 1800 draws plus dp; at most 2200, published from 1400 and 5 games."
    return call('FIDE_FIRST_RATING', opponents, results, first_event_games)


@xw.func(category="Chess Ratings")
@xw.arg('fraction', doc='The fractional score p, from 0 to 1 (for example 0.6).', err_to_str=True)
def FIDE_DP(fraction):
    'FIDE rating difference dp for a fractional score p (table 8.1.1; p rounded to a whole percent).'
    return call('FIDE_DP', fraction)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('opponent', doc="The opponent's rating, or a range of ratings (one result per row).", err_to_str=True)
@xw.arg('scale', doc='The Elo scale (default 400).', err_to_str=True)
def ELO_EXPECTED(rating, opponent, scale=None):
    'Elo expected score 1/(1+10^((opponent-rating)/scale)); a range of opponents spills one value per opponent.'
    return call('ELO_EXPECTED', rating, opponent, scale)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('k', doc='The K-factor (for example 10, 20 or 40).', err_to_str=True)
@xw.arg('games', doc='Repeat the listed games this many times (1 to 1000, default 1).', err_to_str=True)
@xw.arg('scale', doc='The Elo scale (default 400).', err_to_str=True)
def ELO_RATING_CHANGE(rating, opponents, results, k, games=None, scale=None):
    'Elo rating change K x (score - expected) over the listed games, repeated games times.'
    return call('ELO_RATING_CHANGE', rating, opponents, results, k, games, scale)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's rating before the event.", err_to_str=True)
@xw.arg('opponents', doc="Range (a row or a column) of the opponents' ratings.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('k', doc='The K-factor (for example 10, 20 or 40).', err_to_str=True)
@xw.arg('games', doc='Repeat the listed games this many times (1 to 1000, default 1).', err_to_str=True)
@xw.arg('scale', doc='The Elo scale (default 400).', err_to_str=True)
def ELO_NEW_RATING(rating, opponents, results, k, games=None, scale=None):
    'Elo rating after the listed games (unrounded): rating + K x (score - expected).'
    return call('ELO_NEW_RATING', rating, opponents, results, k, games, scale)


@xw.func(category="Chess Ratings")
@xw.arg('rating', doc="The player's Glicko-2 rating before the period (1500 for a new player).", err_to_str=True)
@xw.arg('rd', doc="The player's rating deviation RD (350 for a new player).", err_to_str=True)
@xw.arg('volatility', doc="The player's volatility (0.06 for a new player).", err_to_str=True)
@xw.arg('opponents', doc="Range of the opponents' ratings (a row or a column).", err_to_str=True)
@xw.arg('opponent_rds', doc="Range of the same shape with the opponents' RDs.", err_to_str=True)
@xw.arg('results', doc='Range of the same shape with your results: 1, 0.5, 0 or W, D, L. Rows blank in both ranges are skipped.', err_to_str=True)
@xw.arg('tau', doc='The system constant tau (default 0.5; Glickman suggests 0.3 to 1.2).', err_to_str=True)
def GLICKO2_RATING(rating, rd, volatility, opponents, opponent_rds, results, tau=None):
    "Glicko-2 rating after one rating period (Glickman's algorithm): a table that spills: rating, RD and volatility."
    return call('GLICKO2_RATING', rating, rd, volatility, opponents, opponent_rds, results, tau)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('players', doc='Players table: name, rating (blank if unrated), games (blank or 0 if unrated), [floor], [age]. A header row is skipped.', err_to_str=True)
@xw.arg('games', doc="Games table: round, white, black, result from White's side (1-0, 0-1, ½-½, 1, 0.5, 0, +- or -+ for forfeits); a bye has black blank or BYE.", err_to_str=True)
@xw.arg('event_date', doc='Date of the event (a date or ISO text); default today.', err_to_str=True)
@xw.arg('dual_rated', doc='TRUE for a dual-rated event (reduced K above 2200). Default FALSE.', err_to_str=True)
def USCF_EVENT(players, games, event_date=None, dual_rated=None):
    'US Chess rating of a whole event (all five steps): a table that spills, one row per player: Player, Pre-event, Post-event, Change, Games, Formula, Bonus.'
    return call('USCF_EVENT', players, games, event_date, dual_rated)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('players', doc='Players table: name, rating (blank if unrated), [rated games so far], [birth year], [reached 2400: TRUE/FALSE], [K to use instead of the rules].', err_to_str=True)
@xw.arg('games', doc="Games table: round, white, black, result from White's side (1-0, 0-1, ½-½, 1, 0.5, 0, +- or -+ for forfeits); a bye has black blank or BYE.", err_to_str=True)
@xw.arg('rating_list', doc='FIDE rating list: standard (default), rapid or blitz.', err_to_str=True)
@xw.arg('period_date', doc='Date of the rating period (default today).', err_to_str=True)
def FIDE_PERIOD(players, games, rating_list=None, period_date=None):
    'FIDE rating period for every player: a table that spills: Player, Rating, K, Games, Change, New rating; newcomers get a first rating when earned.'
    return call('FIDE_PERIOD', players, games, rating_list, period_date)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('players', doc='Players table: name, rating (blank if unrated), games (blank or 0 if unrated), [floor], [age]. A header row is skipped.', err_to_str=True)
@xw.arg('games', doc='Games table with the event first: event, [date], round, white, black, result. Each event is rated with the ratings the previous one left.', err_to_str=True)
@xw.arg('system', doc='uscf (default), fide, elo or glicko2.', err_to_str=True)
@xw.arg('k', doc='K-factor for the elo system.', err_to_str=True)
@xw.arg('columns', doc='Event columns to give (blank: one per event). Then one row per players row, padded with empty texts; more events than columns: the last header says so.', err_to_str=True)
@xw.arg('skip', doc='TRUE: rate the rows that can be rated and leave the others out (SEASON_GAME_STATUS says why). Blank or FALSE: a row that cannot be read is an error.', err_to_str=True)
@xw.arg('players_first_row', doc="Sheet row of the players range's first row, e.g. ROW(Players!A5): messages then name the row you see (Players row 9). Blank: rows counted in the range.", err_to_str=True)
@xw.arg('games_first_row', doc="Sheet row of the games range's first row, e.g. ROW(Games!A5): messages then name the row you see (Games row 77). Blank: rows counted in the range.", err_to_str=True)
def SEASON_RATINGS(players, games, system=None, k=None, columns=None, skip=None, players_first_row=None, games_first_row=None):
    'Ratings of every player after each event of a season (uscf, fide, elo or glicko2): a table that spills, one row per player, one column per event in date order.'
    return call('SEASON_RATINGS', players, games, system, k, columns, skip, players_first_row, games_first_row)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('players', doc='Players table: name, rating (blank if unrated), games (blank or 0 if unrated), [floor], [age]. A header row is skipped.', err_to_str=True)
@xw.arg('games', doc='Games table with the event first: event, [date], round, white, black, result (as SEASON_RATINGS reads it).', err_to_str=True)
@xw.arg('system', doc='uscf (default), fide, elo or glicko2, as for SEASON_RATINGS.', err_to_str=True)
@xw.arg('k', doc='K-factor for the elo system.', err_to_str=True)
@xw.arg('skip', doc='TRUE: rate the rows that can be rated and leave the others out (SEASON_GAME_STATUS says why). Blank or FALSE: a row that cannot be read is an error.', err_to_str=True)
@xw.arg('players_first_row', doc="Sheet row of the players range's first row, e.g. ROW(Players!A5): messages then name the row you see (Players row 9). Blank: rows counted in the range.", err_to_str=True)
@xw.arg('games_first_row', doc="Sheet row of the games range's first row, e.g. ROW(Games!A5): messages then name the row you see (Games row 77). Blank: rows counted in the range.", err_to_str=True)
def SEASON_START_FINAL(players, games, system=None, k=None, skip=None, players_first_row=None, games_first_row=None):
    "Each SEASON_RATINGS row's rating at the start of the season (the players table's) and after its last event: a table that spills, Start and Final, in the same rows, padded with blank rows to the players table's height."
    return call('SEASON_START_FINAL', players, games, system, k, skip, players_first_row, games_first_row)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('players', doc='Players table: name, rating (blank if unrated), games (blank or 0 if unrated), [floor], [age]. A header row is skipped.', err_to_str=True)
@xw.arg('games', doc='Games table with the event first: event, [date], round, white, black, result (as SEASON_RATINGS reads it).', err_to_str=True)
@xw.arg('event', doc="The event to show (its name in the games table's first column); blank or 0: the latest event in date order.", err_to_str=True)
@xw.arg('system', doc='uscf (default), fide, elo or glicko2, as for SEASON_RATINGS.', err_to_str=True)
@xw.arg('k', doc='K-factor for the elo system.', err_to_str=True)
@xw.arg('skip', doc='TRUE: rate the rows that can be rated and leave the others out (SEASON_GAME_STATUS says why). Blank or FALSE: a row that cannot be read is an error.', err_to_str=True)
@xw.arg('players_first_row', doc="Sheet row of the players range's first row, e.g. ROW(Players!A5): messages then name the row you see (Players row 9). Blank: rows counted in the range.", err_to_str=True)
@xw.arg('games_first_row', doc="Sheet row of the games range's first row, e.g. ROW(Games!A5): messages then name the row you see (Games row 77). Blank: rows counted in the range.", err_to_str=True)
@xw.arg('order', doc="rows (default): the players table's order; rank: by rank, players without a game in the event after them, blank rows last.", err_to_str=True)
def SEASON_STANDINGS(players, games, event=None, system=None, k=None, skip=None, players_first_row=None, games_first_row=None, order=None):
    "One event's standings for every players row, a table that spills: Player, Rounds, Points, Rank, Rating before, New rating, Change, Ratings row (ratings as SEASON_RATINGS gives them)."
    return call('SEASON_STANDINGS', players, games, event, system, k, skip, players_first_row, games_first_row, order)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('players', doc='Players table: name, rating (blank if unrated), games (blank or 0 if unrated), [floor], [age]. A header row is skipped.', err_to_str=True)
@xw.arg('games', doc='Games table with the event first: event, [date], round, white, black, result (as SEASON_RATINGS reads it).', err_to_str=True)
@xw.arg('event', doc="The event to show (its name in the games table's first column); blank or 0: the latest event in date order.", err_to_str=True)
@xw.arg('rounds', doc='Round columns to give (blank: the most rounds of any event in games); the table is padded with empty texts to this width and to one row per players row.', err_to_str=True)
@xw.arg('skip', doc='TRUE: rate the rows that can be rated and leave the others out (SEASON_GAME_STATUS says why). Blank or FALSE: a row that cannot be read is an error.', err_to_str=True)
@xw.arg('players_first_row', doc="Sheet row of the players range's first row, e.g. ROW(Players!A5): messages then name the row you see (Players row 9). Blank: rows counted in the range.", err_to_str=True)
@xw.arg('games_first_row', doc="Sheet row of the games range's first row, e.g. ROW(Games!A5): messages then name the row you see (Games row 77). Blank: rows counted in the range.", err_to_str=True)
def EVENT_CROSSTABLE(players, games, event=None, rounds=None, skip=None, players_first_row=None, games_first_row=None):
    "One event of a season as a crosstable that spills: Place, Player, Rating, each round (opponent's place, colour w/b, result), Total, Buchholz, Sonneborn-Berger (FIDE C.07)."
    return call('EVENT_CROSSTABLE', players, games, event, rounds, skip, players_first_row, games_first_row)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('players', doc='Players table: name, rating (blank if unrated), games (blank or 0 if unrated), [floor], [age]. A header row is skipped.', err_to_str=True)
@xw.arg('games', doc='Games table with the event first: event, [date], round, white, black, result (as SEASON_RATINGS reads it).', err_to_str=True)
@xw.arg('system', doc='uscf (default), fide, elo or glicko2, as for SEASON_RATINGS.', err_to_str=True)
@xw.arg('k', doc='K-factor for the elo system.', err_to_str=True)
@xw.arg('players_first_row', doc="Sheet row of the players range's first row, e.g. ROW(Players!A5): messages then name the row you see (Players row 9). Blank: rows counted in the range.", err_to_str=True)
@xw.arg('games_first_row', doc="Sheet row of the games range's first row, e.g. ROW(Games!A5): messages then name the row you see (Games row 77). Blank: rows counted in the range.", err_to_str=True)
def SEASON_GAME_STATUS(players, games, system=None, k=None, players_first_row=None, games_first_row=None):
    "Whether each row of a season's games table is rated: one cell per games row, rated, 'not rated yet: ' and why (round is blank, unknown player...), or empty for a blank row."
    return call('SEASON_GAME_STATUS', players, games, system, k, players_first_row, games_first_row)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('players', doc='Players table: name, rating (blank if unrated), games (blank or 0 if unrated), [floor], [age]. A header row is skipped.', err_to_str=True)
@xw.arg('games', doc='Games table with the event first: event, [date], round, white, black, result (as SEASON_RATINGS reads it).', err_to_str=True)
@xw.arg('system', doc='uscf (default), fide, elo or glicko2, as for SEASON_RATINGS.', err_to_str=True)
@xw.arg('k', doc='K-factor for the elo system.', err_to_str=True)
@xw.arg('players_first_row', doc="Sheet row of the players range's first row, e.g. ROW(Players!A5): messages then name the row you see (Players row 9). Blank: rows counted in the range.", err_to_str=True)
@xw.arg('games_first_row', doc="Sheet row of the games range's first row, e.g. ROW(Games!A5): messages then name the row you see (Games row 77). Blank: rows counted in the range.", err_to_str=True)
def SEASON_CHECK(players, games, system=None, k=None, players_first_row=None, games_first_row=None):
    "One line on a season's tables: 'All 412 game rows rated', 'No games yet...', or how many game rows are not rated yet and players rows left out, with the first of each."
    return call('SEASON_CHECK', players, games, system, k, players_first_row, games_first_row)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('games', doc='Games table with the event first: event, [date], round, white, black, result (as SEASON_RATINGS reads it).', err_to_str=True)
@xw.arg('event', doc="An event's name (it must be in the games table); blank or 0: the latest event in date order.", err_to_str=True)
@xw.arg('skip', doc='TRUE: rate the rows that can be rated and leave the others out (SEASON_GAME_STATUS says why). Blank or FALSE: a row that cannot be read is an error.', err_to_str=True)
@xw.arg('games_first_row', doc="Sheet row of the games range's first row, e.g. ROW(Games!A5): messages then name the row you see (Games row 77). Blank: rows counted in the range.", err_to_str=True)
def SEASON_EVENT(games, event=None, skip=None, games_first_row=None):
    "The event SEASON_STANDINGS and EVENT_CROSSTABLE show for an event argument: the name given, the latest event (date order) when blank or 0, or a 'No games yet' line."
    return call('SEASON_EVENT', games, event, skip, games_first_row)


@xw.func(category="Chess Ratings", call_in_wizard=False)
@xw.arg('games', doc='Games table with the event first: event, [date], round, white, black, result (as SEASON_RATINGS reads it).', err_to_str=True)
@xw.arg('player', doc="The player's name as the games table writes it (blank or 0: an empty table).", err_to_str=True)
@xw.arg('rows', doc='Rows to give below the header (blank: one per game); padded with empty texts. With more games than rows, the last row says how many more there are.', err_to_str=True)
@xw.arg('skip', doc='TRUE: rate the rows that can be rated and leave the others out (SEASON_GAME_STATUS says why). Blank or FALSE: a row that cannot be read is an error.', err_to_str=True)
@xw.arg('games_first_row', doc="Sheet row of the games range's first row, e.g. ROW(Games!A5): messages then name the row you see (Games row 77). Blank: rows counted in the range.", err_to_str=True)
def PLAYER_GAMES(games, player=None, rows=None, skip=None, games_first_row=None):
    "One player's games of a season as a table that spills: Event, Round, Colour, Opponent, Result and Points from the player's side, in the games table's order."
    return call('PLAYER_GAMES', games, player, rows, skip, games_first_row)


@xw.func(category="Chess Ratings")
@xw.arg('ratings', doc='A SEASON_RATINGS table with its header row: the names first, then one column per event.', err_to_str=True)
@xw.arg('player', doc="The player's name as the table writes it (blank: no ratings shown).", err_to_str=True)
@xw.arg('rows', doc='Rows to give (blank: one per event column); padded with empty texts, from one per event to 16,383.', err_to_str=True)
def PLAYER_RATINGS(ratings, player, rows=None):
    "One player's rating after each event, read from a SEASON_RATINGS table, as a table that spills: Event and Rating, one row per event ('unrated' before a first rating)."
    return call('PLAYER_RATINGS', ratings, player, rows)

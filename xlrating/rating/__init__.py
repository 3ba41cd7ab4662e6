"""The rating core: the published rules as pure functions over frozen dataclasses.

Math only: the standard library, no I/O, no Excel library (tests/test_layering.py guards
it).  One module per system or piece of one:

* :mod:`.uscf` (with :mod:`.uscf_rules`, the constants and which rules a date picks, and
  :mod:`.uscf_special`, the special formula's solver): the US Chess rating system;
* :mod:`.fide` (with :mod:`.fide_rules`): the FIDE Rating Regulations;
* :mod:`.elo` and :mod:`.glicko2`: plain Elo and Glicko-2;
* :mod:`.tournament` (players, games, events), :mod:`.events` (a US Chess event's
  two-pass rating, a FIDE rating period), :mod:`.season` (a club season, event by event),
  :mod:`.tiebreak` (FIDE tie-breaks), :mod:`.batch` (federation-scale FIDE periods with
  numpy, the ``fast`` extra) and :mod:`.synthetic` (seeded events for benchmarks and tests);
* :mod:`._check` and :mod:`._numeric`: the shared input checks and rounding.

The spreadsheet boundary (:mod:`xlrating.sheet`) and every front end import from here;
nothing here imports them.
"""

# ruff: noqa: E501 - each message whole, as the catalogues hold it
"""Every help text of the ``pokerroom`` command tree, marked for the catalogues.

Typer takes a command's help from its docstring and its options' help from ``typer.Option``;
:func:`pokerroom.cli.language.word_help` translates them when the language is known. This
list is their msgids: ``tests/test_cli_language.py`` fails when a help text is not in it
(``python -m tests.test_cli_language`` rewrites it from the tree).
"""

from __future__ import annotations

from pokerroom.i18n.marker import N_

HELP_TEXTS = (
    N_(
        "A poker room: play a series, OFC or a tournament at the terminal table, run tournaments of bots, direct a live one with its clock screen, serve the web cardroom, replay hand histories, value hands and compute equity."
    ),
    N_("A rule ID in a message (A-8, T-6, ...) is explained in the rule book, docs/rules.md."),
    N_("Each hand's win, tie and equity: exact when feasible, otherwise Monte Carlo."),
    N_("Print the best hand the cards make and its description."),
    N_("Replay hand histories through the rules engine; exit 1 if any action is illegal."),
    N_("Play a series at the terminal table, against bots or in hot seat."),
    N_(
        "Play Open-Face Chinese Pineapple against bots; all is saved as you go (pokerroom history)."
    ),
    N_(
        "List the hands of a saved series or OFC session, show a tournament's results, export, or import hand histories from other rooms."
    ),
    N_(
        "Each player's statistics from the web cardroom's hand archive: VPIP, PFR, 3-bet, aggression, showdowns, winnings."
    ),
    N_(
        "The home game's settle-up: each player's buy-ins, top-ups and cash-outs, and the fewest transfers that square everyone."
    ),
    N_("Show a tournament's clock full-screen, for a TV or a projector."),
    N_("Run a live tournament dealt with real cards, saved as it happens."),
    N_("Run the web cardroom: the lobby, sign-up and log-in, the tables."),
    N_("Play at a web cardroom's tables from this terminal."),
    N_(
        "Tournaments: check a regulation (T-3), list the examples, run one with bots, play one at the terminal table, export a saved one."
    ),
    N_("A club's season: the standings table from its tournaments' results."),
    N_("The web cardroom's accounts: list them, grant or revoke a role."),
    N_(
        "Each hand's win, tie and equity: exact when feasible, otherwise Monte Carlo.\n\nCtrl-C stops a long run at once (exit code 130)."
    ),
    N_("Two or more hands, e.g. AhKh QsQd; xx (or '??', '*': quote them) is an unknown hand."),
    N_("Community cards dealt: 0, 3, 4 or 5 of them."),
    N_("Cards known to be out of play."),
    N_("Which game to play out."),
    N_("Force Monte Carlo with this many deals, 1-100,000,000."),
    N_("Seed for a reproducible Monte Carlo run."),
    N_("Print one JSON object."),
    N_("Your cards, e.g. 'AhKh' or 'As Ks Qd 2c'."),
    N_("Community cards."),
    N_("How to value the cards."),
    N_(
        "Replay hand histories through the rules engine; exit 1 if any action is illegal.\n\nAn illegal action names the rule it breaks (A-2, A-8, ...): docs/rules.md explains each."
    ),
    N_(".phh or .phhs hand histories, or OFC records (.ofc.toml)."),
    N_("Rule profile where the sources disagree."),
    N_("One JSON object per hand, one per line."),
    N_(
        "Play a series at the terminal table, against bots or in hot seat.\n\nAny game of the engine: Texas Hold'em; Omaha with 4, 5 or 6 cards and its\nHi-Lo split; double-board bomb-pot Omaha; Seven-card Stud and Stud Hi-Lo;\nFive-card Draw. By default the home series: No-limit Hold'em, 200 chips,\nblinds 1/2, until one player has every chip (H-1). Everything is saved as\nyou go (pokerroom history); quit with q and come back with --resume.\n\nKeys at the table: f fold, c check/call, r raise (any amount), m/h/t/p/a\nmin, half pot, 2/3 pot, pot, all-in, b bring in (Stud), 1-5 mark cards and\nd draw (Draw), s show or x muck at showdown, k/j/l/o pre-actions,\nz sit out or back in, v straddle on/off (--straddle),\nspace show your cards (hot seat), ? list the keys, q quit."
    ),
    N_("With --resume: the series to go on with (pokerroom history --list)."),
    N_("Bots in every seat: the series plays itself."),
    N_("Players (Stud 8, Draw 6)."),
    N_("Seed for a reproducible series."),
    N_("Starting chips."),
    N_("Stop on this hand and rank by chips (H-3), 1-100000."),
    N_("With --all-bots: one JSON object per hand, then the result."),
    N_("People at the keyboard (hot seat)."),
    N_("Stop after this time and rank by chips (H-3), up to a week."),
    N_("Go on with an unfinished series (the latest, or the one named), mid-hand too."),
    N_("Give up an unfinished series."),
    N_("Your name at the table."),
    N_(
        "Bot styles in seat order, cycled: tight-aggressive, loose-aggressive, tight-passive, loose-passive; also equity, station, random, tournament."
    ),
    N_(
        "The game: holdem, omaha, omaha-hilo, omaha5, omaha5-hilo, omaha6, omaha6-hilo, bomb-pot-omaha, stud, stud-hilo, draw."
    ),
    N_(
        "Betting structure; by default the game's usual one: no-limit Hold'em, pot-limit Omaha and bomb pot, fixed-limit Stud and Draw."
    ),
    N_(
        "Small/big blind; in Stud the bring-in/small bet, in the bomb pot the big blind is the ante."
    ),
    N_("Alternate fixed-limit and pot-limit each orbit (B-6)."),
    N_("Seconds per decision before the countdown (A-18), 0-3600; 0: none."),
    N_(
        "Rules where the sources differ: short all-in re-raise (A-12), who shows first (P-4), where the deal starts (V-1), time out (A-18), first button (H-4)."
    ),
    N_(
        "Ante of every player, in any game (B-7); Stud antes the small blind and the bomb pot the big blind unless given."
    ),
    N_("Pots split down to this chip (P-3); stack, blinds and ante are made of it."),
    N_("Muck your losing hands at showdown unasked (P-5)."),
    N_(
        "Let players straddle twice the big blind under the gun or on the button (key v at the table turns yours on or off); off by default."
    ),
    N_(
        "All-in before the river, everyone may agree within 10 s (keys y/o) to deal the rest of the board twice, each pot halved by run; Hold'em and Omaha."
    ),
    N_("With --resume: the session to go on with (pokerroom history --list)."),
    N_("Players at the table."),
    N_("Bot kinds in seat order, cycled: sensible, random."),
    N_("Hands to play; by default until you end it, 10 with --all-bots."),
    N_("Seed for a reproducible session."),
    N_("Bots in every seat."),
    N_("With --all-bots: one JSON object at the end."),
    N_("Go on with an unfinished session (the latest, or the one named), mid-hand too."),
    N_("Give up an unfinished session."),
    N_(
        "List the hands of a saved series or OFC session, show a tournament's results, export,\nor import hand histories from other rooms.\n\nA series' hands with number, button, pot and winners; a tournament's results table.\n\nhistory import FILE... brings PokerStars and Poker Now hands into the hand archive."
    ),
    N_("The series to show; the latest by default."),
    N_("The OFC session to show."),
    N_("The tournament whose results to show (p1, p2 … played at this terminal)."),
    N_("List every series, OFC session and tournament instead."),
    N_("Also write the hands: a series as PHH (.phhs), OFC as TOML (.ofc.toml)."),
    N_("Export as this human seat saw the hands; the first human by default."),
    N_("Export every player's cards (host only; a finished series)."),
    N_("Import hand histories from PokerStars or Poker Now into the hand archive."),
    N_("Hand histories: PokerStars text or Poker Now logs (CSV)."),
    N_("pokerstars, pokernow or auto (the file's first line tells)."),
    N_("The database of pokerroom serve (a URL or SQLite file); default: the data directory."),
    N_("The web account that played the hero's seat: the hands become his."),
    N_("Poker Now: who downloaded the log; found from his shown hands by default."),
    N_("One JSON object per file: counts and refused hands."),
    N_(
        "Each player's statistics from the web cardroom's hand archive: VPIP, PFR, 3-bet,\naggression, showdowns, winnings."
    ),
    N_("Only this player (his name at the tables)."),
    N_("Hands from this UTC day or moment on."),
    N_("Hands up to this UTC day (all of it)."),
    N_("Only the hands of this table."),
    N_("Only the hands of this tournament."),
    N_("As NAME sees them: his own hole cards value his own all-ins."),
    N_("Print JSON: one object per player."),
    N_(
        "The home game's settle-up: each player's buy-ins, top-ups and cash-outs, and the\nfewest transfers that square everyone."
    ),
    N_(
        "A ledger CSV with the columns 'player,kind,amount', the kind 'buy-in', 'top-up' or 'cash-out'."
    ),
    N_(
        "Instead: settle a web cash table from its saved ledger (a table without one: from its hands in the archive)."
    ),
    N_(
        "With --table: the database of pokerroom serve (a URL or SQLite file); default: the data directory."
    ),
    N_("Print the transfers as CSV."),
    N_("Print the accounts and transfers as JSON."),
    N_(
        "Show a tournament's clock full-screen, for a TV or a projector.\n\nThe time left in huge digits, the level and blinds, the next level\nand break, the field, the pool and prizes, the colour-up notice; a\nflash and the bell at each level change. Keys: space pause/resume,\nb a 10-minute break, + / - a minute more or less, n next level now,\nu undo, ? the keys, q quit."
    ),
    N_(
        "A regulation TOML file (see docs/regulation.md), or the id of a live tournament to follow."
    ),
    N_("A shipped example instead of a file."),
    N_("Players who entered: the field, average stack, pool and prizes shown."),
    N_("Start now, even if the regulation starts later."),
    N_(
        "Run a live tournament dealt with real cards, saved as it happens.\n\nThe desk, the seat draw, the clock, bust-outs and moves, penalties, the deal and payouts."
    ),
    N_("A regulation TOML file (see docs/regulation.md)."),
    N_("Where w writes the seat cards and the list by table (default: here)."),
    N_("Reopen a saved live tournament."),
    N_(
        "Run the web cardroom: the lobby, sign-up and log-in, the tables.\n\nOpen http://HOST:PORT/ in a browser. Accounts are kept in the\ndatabase; pokerroom accounts grant NAME director gives a role."
    ),
    N_("The address to listen on."),
    N_("The port to listen on."),
    N_(
        "A database URL (postgresql+psycopg://…) or SQLite file; default: pokerroom.db in the data directory."
    ),
    N_("Mark cookies Secure and send HSTS: the server is reached by https."),
    N_(
        "A table pauses when the database has not saved its play for this long (0.1-60; default 3)."
    ),
    N_(
        "The proxies (addresses or networks, comma-separated) whose X-Forwarded-For is believed; default: nobody's."
    ),
    N_(
        "A NATS server (nats://HOST:4222) shared by several servers on one PostgreSQL database: each table is run by one of them, any serves its sockets."
    ),
    N_(
        "Server processes on this port (1-64; default 1); more than one needs --broker and a PostgreSQL --database."
    ),
    N_(
        "Play at a web cardroom's tables from this terminal.\n\nLog in (the password is not echoed; the session, never the password, is saved in\nyour config directory), pick a table from the lobby, play. In the text mode type\nfold, check, call, raise N, show, sit SEAT ... or quit."
    ),
    N_("The cardroom: http://HOST:PORT."),
    N_("Your account's name."),
    N_("Join a private home game by its link."),
    N_("Open this table; no lobby question."),
    N_("Make the account first."),
    N_("Plain text: each frame as lines, commands typed."),
    N_("Take this seat as the table opens."),
    N_("A cash table's buy-in (--seat)."),
    N_("Validate a regulation and print its levels, duration and payouts."),
    N_("Check a shipped example instead of a file."),
    N_("Show the pool and prizes for N entries (repeatable)."),
    N_("List the example regulations shipped with pokerroom, or print one."),
    N_("Print this example's TOML."),
    N_(
        "Play a whole American or Olympic tournament with bots in simulated time; print the results.\n\nIt is saved as it goes (pokerroom history); a run stopped or killed goes on with\n--resume, from its last saved hand."
    ),
    N_(
        "A regulation TOML file (see docs/regulation.md); with --resume, the id of the tournament to go on with."
    ),
    N_("Run a shipped example instead of a file."),
    N_("How many bots enter."),
    N_(
        "Bot kinds, comma-separated, dealt to entrants in turn: tournament (push/fold when short), tight-aggressive, loose-aggressive, tight-passive, loose-passive, equity, station, random."
    ),
    N_("Seed for a repeatable run."),
    N_("One JSON object per line: a header, every event, then results (docs/tournament-log.md)."),
    N_("Go on with an unfinished tournament (the latest, or the id given as FILE)."),
    N_("Give up an unfinished tournament."),
    N_("Also save every hand's PHH, for pokerroom tournament export --hands."),
    N_(
        "Export a saved tournament's results, moves and logs as CSV and JSON files.\n\nThe results table, the moves, the penalty log and the event log; with --hands every hand\nkept (tournament run --keep-hands; a tournament played at this terminal as you saw it)\nas PHH."
    ),
    N_(
        "The tournament to export, its id in pokerroom history --list (p1, p2 … for those played at this terminal)."
    ),
    N_("Where to write; made if missing."),
    N_("Only CSV or only JSON; both by default."),
    N_(
        "Also the hands as PHH (a run saved with --keep-hands; one played at this terminal as you saw them)."
    ),
    N_("The director's copy: soft-play flags, and a finished run's every hole card."),
    N_(
        "Play a tournament at the terminal table: you and bots; the other tables play on.\n\nSaved as it goes; a tournament you leave goes on with --resume."
    ),
    N_(
        "A regulation TOML file (default: the home sit-and-go); with --resume, the id of the tournament to go on with."
    ),
    N_("Play a shipped example instead."),
    N_("Entrants, you included."),
    N_("Your name."),
    N_(
        "Bot kinds, comma-separated, dealt to the bots in turn: tournament (push/fold when short), tight-aggressive, loose-aggressive, tight-passive, loose-passive, equity, station, random."
    ),
    N_("Seed for a repeatable deal."),
    N_(
        "Seconds per decision before the countdown (A-18) where the regulation has no shot clock, 0-3600; 0: none."
    ),
    N_(
        "The tournament clock (levels, breaks, the bots' own tables) runs N times as fast as the wall clock, 1-100; your shot clock does not."
    ),
    N_("Sit down again in a tournament you left (the latest, or the id given as FILE)."),
    N_(
        "Print a season's standings: places, points, events played, wins, prizes.\n\nTies go to more wins, then the better best finish, then more prize money; players\nstill level share the place."
    ),
    N_("The season's TOML file (dates, formula, counts)."),
    N_(
        "A results CSV with the header 'event,date,entrants,place,player,prize,bounties' (the last two may be left out); repeatable."
    ),
    N_("Count the finished live tournaments of this database (a URL or SQLite file)."),
    N_("Count only the --results files."),
    N_("Print CSV."),
    N_("List every account with its roles, oldest first."),
    N_("Give the account NAME the role ROLE."),
    N_("The account's name (any case)."),
    N_("One of host, director, admin, bot."),
    N_("Take the role ROLE from the account NAME."),
)

"""The encounter simulator ("chances de victoire"): a whole fight, many times over.

Nothing of a game's rules is written here. One exchange — an attacker's attack on a defender —
is the game's own procedure: the attack the system offers (`System.attacks`), its check's
`resolve`, the result's `consequences` and the operations that apply them to both sheets. A
participant's state is its sheet's fight state (`System.fight_state`: the part of the sheet a
fight reads and changes), so sheets that fight alike share every cached step and a wound that
changes the next attack changes the state. Each step is drawn from an exact table: the check's
results (`CheckTable`: the check's own `result_law` where the game writes one, its listed
results then its tails; else its `resolve` walked once per parameter set, the most probable
dice sequences first, within a fixed budget, the sequences not walked left as a frontier of
prefixes, each with its exact probability), then what the drawn result does (the game's
consequences, worked out the first time it is drawn, once per part of the result and of the
sheets they read: `System.consequence_reads`, `consequence_sheets`), then each operation's next
states (its `Operation.law`, else walked over the operation's own dice, once per state and
operation). Each round ends with the game's round end on every participant
(`System.round_end`: exertion, a dying character's first-aid clock, a condition counted down),
its operations drawn from the same step tables. A sheet a blow puts out of the fight is its
status alone (`FightStates.state`) once the round end can change nothing of it; a dying one
keeps its sheet.
Numpy keeps the books: every state over every trial, and those tables in lazily filled integer
arrays (`GameTables`), drawn for all trials at once.

A draw that lands on a frontier prefix resumes the check's `resolve` from it on fresh dice (a
seeded `Roller`): exact in law, since the dice after a prefix do not depend on it. Its result
then goes through the same tables as a walked one. So a check with an endless tree (Fluid's
attack re-rolls ties and explodes) or a large pool costs one `resolve` per trial that reaches
its frontier, never a wrong law. A walk that ends no dice sequence in its first replays gives up
early (`walk_frontier`'s patience): walking such a check for every parameter set costs more
than resuming it. An operation whose walk gives up is run on each trial's own `Roller`.

A key few trials of a batch ask (a pair of states, a state and an operation: Fluid meets
thousands that one or two trials reach) is rolled instead (`rolled`): the check's `resolve`
and the operations run on a seeded `Roller`, exact in law as the tables are, chosen by the
batch's own draws so a seed replays the same fights warm or cold (#32).

The fight (our simulator's convention, shown with the result): initiative is rolled once
(`System.initiative`, exact distribution; ties in random order), then every round each standing
participant, in that order, makes its chosen attack (`attack`: its index in the list the
tracker offers, default 0, the first) on the first standing opponent in the file's order. A side
wins when the other has no one standing; after `max_rounds` the fight is undecided. No one
gives first aid: after the fight, the fallen's round ends run until they change nothing more
(`Fight.aftermath`), so one left dying dies when its clock runs out (Organique L637-640); "out"
is read when the fight ends, "dead" after that. Conditions the game keeps on the sheet (prone,
unconscious, a symptom) act through the sheet and count down through its round end;
the conditions an operation puts on its bearer (`Change.conditions`) that act are kept on the
sheet (`Change.worn`, `ecran.rules.ongoing`): their shifts weigh on the attacks, a lost action
offers none, and each one runs down at the end of its bearer's turn (`System.turn_end`, the
tracker's convention; a knock-out's unconsciousness then lifts, Organique L3203-3208).

The modules, from the file to the answer:
- `encounter_file`: the encounter file's schema, read into a game and its sheets;
- `states`: every sheet a fight has met, numbered (`FightStates`), and the statuses;
- `check_tables`: a check's results as exact tables (`CheckTable`, `check_results`);
- `exchange`: the exact law of one attack between two states (`Attack`, `exact_exchange`);
- `arrays`: the numpy bookkeeping (`ArrayHashMap`, `FlatDistributions`, `GrowingArray`);
- `game_tables`: a game's lazily filled tables, shared by its fights (`GameTables`);
- `run`: one encounter file's fights over many trials (`Fight`, `run_batch`);
- `rolled`: the rolled route of rare keys (`RolledRoute`, `rare`);
- the garbage collector paused during a batch: `ecran.collector.collector_paused`;
- `report`: what a simulation answers (`EncounterReport`, `BatchTally`);
- `kept`: the fights and tables the process keeps between simulations (`forget_tables`);
- `pool`: the helper processes of a long simulation (`BatchWorker`);
- `simulation`: `simulate_encounter`, the batches added up;
- `chances`: the tracker's chances of victory and planned attacks' exact odds.

This package's face loads nothing: each name below comes from its module on first use (the
simulator needs numpy; `engine.advise` reads the check tables alone).
"""

from __future__ import annotations

from ecran.lazy import lazy_names

#: Each name of the package's face -> the module that defines it (for mypy, a name read here
#: is `Any`: code that wants its type imports it from its module).
_HOME = {
    **dict.fromkeys(
        (
            "PLANNED_PATHS",
            "VICTORY_BATCH",
            "PlannedAttack",
            "planned_attack",
            "planned_attacks",
            "victory",
        ),
        "chances",
    ),
    **dict.fromkeys(
        (
            "RESULTS",
            "TABLED",
            "WALK_PATHS",
            "CheckTable",
            "Results",
            "check_results",
            "check_table",
            "result_key",
            "walk_resolve",
            "walk_results",
        ),
        "check_tables",
    ),
    **dict.fromkeys(("EncounterFile", "FighterFile", "load_encounter"), "encounter_file"),
    **dict.fromkeys(("Attack", "exact_exchange", "unknown_attack"), "exchange"),
    **dict.fromkeys(("TABLES", "GameTables", "tables_of"), "game_tables"),
    **dict.fromkeys(("FIGHTS", "fight_of", "forget_tables"), "kept"),
    **dict.fromkeys(("EncounterReport", "FighterOdds", "SideOdds"), "report"),
    "Fight": "run",
    **dict.fromkeys(("BATCH", "simulate_encounter"), "simulation"),
    **dict.fromkeys(("DEAD", "OUT", "UP", "FightStates"), "states"),
}

__all__ = sorted(_HOME)


__getattr__ = lazy_names(__name__, _HOME)

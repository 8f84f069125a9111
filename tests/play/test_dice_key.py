"""Dice anyone can verify: the table's key, its commitment, seeds derived from both, the reveal,
and a player's seed refused (issue 15 part 3, issue 13 "Dice belong to the table")."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from ecran.engine.records import RollRecord
from ecran.play import dice_key as dk
from ecran.play import rebuild, view_for, view_state
from ecran.play.errors import Forbidden
from ecran.play.fairness import chi2_sf, gamma_q
from ecran.play.payloads import RollMade
from ecran.play.rolls import replay, reveal_key, roll, start_key
from ecran.rules import EcranError
from toy import LiveTable


def _made(event_payload: dict[str, object]) -> RollMade:
    return RollMade.model_validate(event_payload)


def test_the_seed_is_the_hmac_of_the_key_and_the_rolls_number() -> None:
    key = "00" * 32
    digest = hmac.new(bytes(32), b"ecran:roll:7", hashlib.sha256).digest()
    assert dk.seed_for(key, 7) == int.from_bytes(digest[:8], "big") & (2**63 - 1)
    assert dk.commitment(key) == hashlib.sha256(bytes(32)).hexdigest()
    assert dk.seed_for(key, 7) != dk.seed_for(key, 8)
    with pytest.raises(EcranError):
        dk.seed_for("zz", 1)


def test_a_table_commits_before_its_first_roll_and_each_roll_seeds_from_key_and_number() -> None:
    live = LiveTable()
    alice = live.join("Alice")
    key = live.now.dice_key
    assert key is not None and key.index == 1 and key.commitment == dk.commitment(key.key)
    event = live.do(roll(live.now, alice, "test", {"skill": 1}))
    made = _made(event.payload)
    assert made.commitment == dk.Commitment(index=1, commitment=key.commitment)
    assert made.record.seed == dk.seed_for(key.key, event.seq)
    assert not made.gm_seed
    assert replay(made.record) == made.record  # the seed replays the same dice


def test_a_players_seed_is_refused_and_a_gms_is_flagged() -> None:
    live = LiveTable()
    alice = live.join("Alice")
    with pytest.raises(Forbidden) as refused:
        roll(live.now, alice, "test", {}, seed=5)
    assert "graine" in refused.value.text.fr and "\n" not in refused.value.text.fr
    event = live.do(roll(live.now, live.gm, "test", {}, seed=5))
    made = _made(event.payload)
    assert made.gm_seed and made.record.seed == 5
    assert made.commitment is not None  # the key in force is still named


def test_the_reveal_shows_the_key_and_starts_a_new_commitment() -> None:
    live = LiveTable()
    alice = live.join("Alice")
    first = live.now.dice_key
    assert first is not None
    with pytest.raises(Forbidden):
        reveal_key(live.now, alice)
    revealed = live.do(reveal_key(live.now, live.gm))
    change = dk.DiceKeyChanged.model_validate(revealed.payload)
    assert change.revealed is not None and change.revealed.key == first.key
    assert dk.commitment(change.revealed.key) == first.commitment
    second = live.now.dice_key
    assert second is not None and second.index == 2 and second.commitment != first.commitment
    assert change.next.commitment == second.commitment
    after = live.do(roll(live.now, alice, "test", {}))
    assert _made(after.payload).commitment == dk.Commitment(index=2, commitment=second.commitment)
    with pytest.raises(EcranError):
        start_key(live.now, live.gm)  # only a reveal ends a key


def test_the_secret_key_is_in_no_view_and_no_dump() -> None:
    live = LiveTable()
    alice = live.join("Alice")
    live.do(roll(live.now, alice, "test", {}))
    live.do(reveal_key(live.now, live.gm))
    secret = live.now.dice_key
    assert secret is not None
    for member in (live.gm, alice):
        for event in live.events:
            assert secret.key not in view_for(event, member).model_dump_json()
        assert secret.key not in view_state(live.now, member).model_dump_json()
    assert secret.key not in repr(live.now)


def test_the_log_alone_rebuilds_the_key_in_force() -> None:
    live = LiveTable()
    live.join("Alice")
    live.do(reveal_key(live.now, live.gm))
    assert rebuild(live.events).dice_key == live.now.dice_key


def test_rolls_of_old_events_without_commitment_still_fold() -> None:
    live = LiveTable()
    event = live.do(roll(live.now, live.gm, "test", {}))
    old = {k: v for k, v in event.payload.items() if k not in ("commitment", "gm_seed")}
    made = RollMade.model_validate(old)
    assert made.commitment is None and not made.gm_seed
    assert isinstance(made.record, RollRecord)


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        # the chi-square table's critical values (any statistics textbook, e.g. NIST/SEMATECH
        # e-Handbook §1.3.6.7.4): P(X >= x) for X ~ chi2(df)
        (3.841, 1, 0.05),
        (6.635, 1, 0.01),
        (11.070, 5, 0.05),
        (15.086, 5, 0.01),
        (16.919, 9, 0.05),
        (30.144, 19, 0.05),
        (124.342, 100, 0.05),
    ],
)
def test_the_chi_square_tail_agrees_with_the_table(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, rel=2e-3)


def test_the_upper_gamma_agrees_with_its_closed_form_for_whole_a() -> None:
    import math

    for a in (1, 2, 3, 7):
        for x in (0.1, 1.0, 2.5, 8.0, 30.0):
            exact = math.exp(-x) * sum(x**i / math.factorial(i) for i in range(a))
            assert gamma_q(a, x) == pytest.approx(exact, rel=1e-10)
    assert chi2_sf(0.0, 3) == 1.0


def test_nothing_rolls_at_a_table_without_a_key_in_force() -> None:
    """A table from before verifiable dice or imported (its key in force dropped): every roll is
    refused (`NoDiceKey`, for the write path to start a key), a player's seed first as a seed; a
    chat message without dice needs no key; once a key starts, the roll is seeded by it."""
    from ecran.play import encounter as enc
    from ecran.play.characters import draw_npc, operate_character, save_character
    from ecran.play.chat import send
    from toy import Toy

    live = LiveTable()
    alice = live.join("Alice")
    hector = {"name": "Hector", "might": 3, "agility": 2}
    saved = live.do(save_character(live.now, Toy(), alice, hector))
    cid = saved.payload["character"]["id"]
    eid = live.do(enc.create(live.now, live.gm, "Embuscade")).payload["encounter_id"]
    keyless = live.now.model_copy(update={"dice_key": None})
    with pytest.raises(dk.NoDiceKey) as refused:
        roll(keyless, alice, "test", {"skill": 1})
    assert "clé de dés" in refused.value.text.fr and "\n" not in refused.value.text.fr
    with pytest.raises(dk.NoDiceKey):
        roll(keyless, live.gm, "test", {"skill": 1}, seed=5)  # a GM's seed too: key first
    with pytest.raises(dk.PlayerSeed):
        roll(keyless, alice, "test", {"skill": 1}, seed=5)  # refused as a seed, no key started
    rolling = [
        lambda: operate_character(keyless, Toy(), alice, cid, "hit", {}),
        lambda: draw_npc(keyless, Toy(), live.gm),
        lambda: enc.add_participant(keyless, Toy(), live.gm, eid, random_npc=True),
        lambda: enc.roll_initiative(keyless, Toy(), live.gm, eid, None),
        lambda: send(keyless, alice, "/r 1d20"),
        lambda: send(keyless, alice, "on tente [[2d6]]"),
    ]
    for command in rolling:
        with pytest.raises(dk.NoDiceKey):
            command()
    assert send(keyless, alice, "Bonsoir").kind == "message"
    with pytest.raises(dk.NoDiceKey):
        reveal_key(keyless, live.gm)  # nothing to reveal: a key starts first, numbered on
    with pytest.raises(Forbidden):
        reveal_key(keyless, alice)
    live.state = keyless
    live.do(start_key(live.now, alice, 4))
    key = live.now.dice_key
    assert key is not None and key.index == 4
    event = live.do(roll(live.now, alice, "test", {"skill": 1}))
    assert _made(event.payload).record.seed == dk.seed_for(key.key, event.seq)
    with pytest.raises(dk.KeyInForce):
        start_key(live.now, live.gm, 5)

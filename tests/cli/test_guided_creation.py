"""`ecran character new SYSTEM` in a terminal: prompts generated from the sheet model."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from ecran.cli import characters
from ecran.engine import all_systems, get_system

SHEETS = [pytest.param(s.id, id=s.id) for s in all_systems().values() if s.character]


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Pretend stdin is a terminal and type the given lines into it."""

    def typing(text: str) -> None:
        monkeypatch.setattr(characters, "_interactive", lambda: True)
        monkeypatch.setattr("sys.stdin", io.StringIO(text))

    return typing


def test_fluid_character_from_defaults_and_one_trait(
    cli: Any, terminal: Any, tmp_path: Path
) -> None:
    out = tmp_path / "aline.json"
    # name, kind, player, notes, 8 characteristics at their 5 (40 points, L29-101), magie
    # empty, then one Trait: name, value, kind, origin, duration, note; no second Trait;
    # the six equipment fields at their defaults.
    answers = ["Aline", "", "", ""] + [""] * 8 + [""] + ["y", "Escrime", "2", "", "", "", ""]
    answers += ["n"] + [""] * 6
    terminal("\n".join(answers) + "\n" * 20)
    result = cli("character", "new", "fluid", "-o", str(out))
    assert result.code == 0, result.err + result.out
    sheet = json.loads(out.read_text(encoding="utf-8"))
    assert sheet["name"] == "Aline"
    assert sheet["traits"][0]["name"] == "Escrime" and sheet["traits"][0]["value"] == 2
    system = get_system("fluid")
    assert system.validate(system.sheet_model().model_validate(sheet)) == []


@pytest.mark.parametrize("system_id", SHEETS)
def test_guided_creation_never_ends_in_a_traceback(cli: Any, terminal: Any, system_id: str) -> None:
    terminal("Nom\n" + "\n" * 300)
    result = cli("character", "new", system_id)
    assert "Traceback" not in result.err + result.out
    assert result.code in (0, 2)
    if result.code == 0:
        data = json.loads(result.out[result.out.index("{") :])
        assert data["system"] == system_id and data["name"] == "Nom"


def test_the_prompts_name_skills_and_levels_in_words_never_by_their_ids(
    cli: Any, terminal: Any, tmp_path: Path
) -> None:
    """Artémis asks each skill's level: the skill by its name ("Attraper/lancer"), the levels
    by theirs ("Débutant"), a blank box as a dash — never `attraper_lancer` or `debutant`."""
    terminal("Zoé\n" + "\n" * 400)
    result = cli("character", "new", "artemis", "-o", str(tmp_path / "zoe.json"))
    asked = (result.out + result.err).replace("\u202f", " ")  # the prompts, typeset
    assert "Compétences : niveaux · " in asked
    assert "attraper_lancer" not in asked and "debutant" not in asked
    assert "ordinateur_portable" not in asked
    assert "(, " not in asked  # a blank choice reads as a dash


def test_a_number_out_of_its_bounds_is_asked_again_at_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trait's dice (WaRP, 0-6) typed as 99 is refused on the spot and asked again, not found
    at the end of the questionnaire (which then started over)."""
    from ecran.cli import prompts
    from ecran.rules import FieldMeta
    from ecran.systems.warp.sheet import Trait

    meta = FieldMeta.of("score", Trait.model_fields["score"])
    assert meta.bounds  # the field declares its range
    monkeypatch.setattr("sys.stdin", io.StringIO("99\n5\n"))
    assert prompts.ask_value("Dés", int, 4, "fr", meta) == 5
    said = capsys.readouterr()
    assert "doit être ≤ 6 (« 99 »)" in (said.out + said.err).replace("\u202f", " ")


@pytest.mark.parametrize(
    ("lang", "typed", "line"),
    [
        ("fr", "-3", "doit être ≥ 0 (« −3 »)"),
        ("en", "-3", "must be ≥ 0 ('-3')"),
    ],
)
def test_a_number_out_of_bounds_is_refused_in_words_not_in_code(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    typed: str,
    line: str,
) -> None:
    """The refusal says the bound as the command line's options do (« doit être ≥ 0 »), never
    click's `0<=x<=6`, with the reader's typography."""
    from ecran.cli import lang as cli_lang
    from ecran.cli import prompts
    from ecran.rules import FieldMeta
    from ecran.systems.warp.sheet import Trait

    monkeypatch.setattr(cli_lang, "current", lambda: lang)
    meta = FieldMeta.of("score", Trait.model_fields["score"])
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{typed}\n5\n"))
    assert prompts.ask_value("Dés", int, 4, lang, meta) == 5
    said = capsys.readouterr()
    shown = (said.out + said.err).replace("\u202f", " ").replace("\u00a0", " ")
    assert line.replace("\u202f", " ") in shown, shown
    assert "<=" not in shown and "x<" not in shown


def test_skills_are_a_list_to_fill_not_asked_one_by_one(
    cli: Any, terminal: Any, tmp_path: Path
) -> None:
    """#30 item 7: Artémis's 26 skill levels are listed once and filled in one answer
    (« Bagarre = Professionnel, Esquive = Amateur »); a bad name or value is said in one line
    and asked again; an empty answer keeps the list. Nephilim's hundreds of skills ask a few
    questions, not one per skill."""
    out = tmp_path / "zoe.json"
    answers = ["Zoé"] + [""] * 30  # identity, characteristics… up to the levels
    terminal("\n".join(answers) + "\n" * 400)
    plain = cli("character", "new", "artemis", "-o", str(out))
    asked = (plain.out + plain.err).replace("\u202f", " ")  # the questions are typeset
    assert "Compétences : niveaux · Bagarre = " in asked  # the list, in words
    assert asked.count("Compétences : niveaux (« nom = valeur »") >= 1
    from ecran.cli import prompts
    from ecran.rules import FieldMeta
    from ecran.systems.artemis.sheet import ArtemisSheet

    info = ArtemisSheet.model_fields["levels"]
    meta = FieldMeta.of("levels", info)
    levels = ArtemisSheet(system="artemis", name="x").levels
    typed = "Bagarre = Professionnel, esquive = amateur\nNage = x\n\n"
    import sys

    sys.stdin = io.StringIO(typed)
    try:
        got = prompts.ask_value("Compétences : niveaux", info.annotation, dict(levels), "fr", meta)
    finally:
        sys.stdin = sys.__stdin__
    assert got["bagarre"] == "professionnel" and got["esquive"] == "amateur"
    assert {k: v for k, v in got.items() if k not in ("bagarre", "esquive")} == {
        k: v for k, v in levels.items() if k not in ("bagarre", "esquive")
    }
    terminal("Nom\n" + "\n" * 400)
    nephilim = cli("character", "new", "nephilim", "-o", str(tmp_path / "n.json"))
    prompts_seen = (nephilim.out + nephilim.err).count("\u202f: ")
    assert "Traceback" not in nephilim.err + nephilim.out
    assert prompts_seen < 120, prompts_seen  # ~250 skill prompts before


def test_an_optional_number_out_of_its_bounds_is_asked_again_at_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fluid's Magie (empty = none, 0-30) typed as 99999 is refused on the spot, as a number
    field is, not found at the end of the questionnaire (which then started over)."""
    from ecran.cli import prompts
    from ecran.rules import FieldMeta
    from ecran.systems.fluid.sheet import Characteristics

    meta = FieldMeta.of("magie", Characteristics.model_fields["magie"])
    monkeypatch.setattr("sys.stdin", io.StringIO("99999\nzz\n-1\n7\n"))
    assert prompts.ask_value("Magie", int | None, None, "fr", meta) == 7
    said = capsys.readouterr()
    shown = (said.out + said.err).replace("\u202f", " ")
    assert "doit être ≤ 30 (« 99999 »)" in shown and "doit être ≥ 0 (« −1 »)" in shown, shown
    assert "nombre attendu" in shown
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    assert prompts.ask_value("Magie", int | None, None, "fr", meta) is None


def test_a_text_field_with_declared_choices_is_asked_by_their_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """WaRP's bulletproof armour (a table key: `none`, `vest`…) was asked as free text with the
    id `[none]` as its default: it is a choice, shown and typed by its words."""
    from ecran.cli import prompts
    from ecran.rules import FieldMeta
    from ecran.systems.warp.sheet import WarpSheet

    meta = FieldMeta.of("bulletproof", WarpSheet.model_fields["bulletproof"])
    monkeypatch.setattr("sys.stdin", io.StringIO("cotte\ngilet pare-balles\n"))
    assert prompts.ask_value("Armure pare-balles", str, "none", "fr", meta) == "vest"
    said = capsys.readouterr()
    shown = said.out + said.err
    assert "[Aucune]" in shown and "Gilet pare-balles" in shown, shown
    assert "[none]" not in shown and "vest" not in shown


def test_the_questions_keep_french_typography(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """« Traits n° 1 : Agile — garder ? » was asked with plain spaces before : and ?: every
    question goes through the typographic pass (a narrow no-break space)."""
    from ecran.cli import prompts
    from ecran.systems.fluid.sheet import Trait
    from ecran.typography import faults

    monkeypatch.setattr("sys.stdin", io.StringIO("n\nn\n"))
    entry = {"name": "Agile", "value": 2}
    assert prompts._ask_list("Traits", Trait, [entry], "fr") == []
    asked = capsys.readouterr().out
    assert "garder" in asked and "ajouter" in asked
    assert not re.search(r"[ \u00a0][:;!?]", asked), asked
    assert faults(asked) == [], faults(asked)


def test_the_questionnaires_refusals_keep_french_typography(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """« choisir parmi : PJ, PNJ » was said with a plain space before the colon."""
    from ecran.cli import prompts
    from ecran.typography import faults

    monkeypatch.setattr("sys.stdin", io.StringIO("zz\nPNJ\npeut-être\nn\n"))
    assert prompts.ask_choice("Type", {"pc": "PJ", "npc": "PNJ"}, "pc", "fr") == "npc"
    assert prompts.confirm("Garder", True, "fr") is False
    said = capsys.readouterr()
    assert "choisir parmi\u202f: PJ, PNJ" in said.err and "oui ou non" in said.err
    assert faults(said.out + said.err) == [], faults(said.out + said.err)


def test_a_nested_part_is_announced_before_its_questions(
    cli: Any, terminal: Any, tmp_path: Path
) -> None:
    """WaRP asks four traits' « Nom », « Dés »…: each group opens on the part's name (« Trait
    central », « Défaut »), so the reader knows which trait a « Nom » is."""
    terminal("Zoé\n" + "\n" * 200)
    result = cli("character", "new", "warp", "-o", str(tmp_path / "zoe.json"))
    asked = result.out.replace("\u202f", " ")
    central, name = asked.find("Trait central"), asked.find("Nom [Antécédents militaires]")
    assert 0 <= central < name, asked[:600]
    assert asked.find("Défaut") < asked.find("Nom [Enclin à la violence]")


def test_an_english_creation_starts_from_english_examples(
    cli: Any, terminal: Any, tmp_path: Path
) -> None:
    """WaRP's starting sheet (the seed's example traits) was in French whatever the reader's
    language: « Name [Antécédents militaires] » in an English questionnaire."""
    terminal("Zoe\n" + "\n" * 200)
    out = tmp_path / "zoe.json"
    result = cli("--lang", "en", "character", "new", "warp", "-o", str(out))
    assert result.code == 0, result.err
    assert "Antécédents" not in result.out and "Coriace" not in result.out
    sheet = json.loads(out.read_text())
    assert sheet["central"]["name"] == "Military background", sheet["central"]
    assert "é" not in json.dumps(sheet, ensure_ascii=False).replace("Zoe", "")
    terminal("Zoé\n" + "\n" * 200)
    french = tmp_path / "zoe-fr.json"
    assert cli("character", "new", "warp", "-o", str(french)).code == 0
    assert json.loads(french.read_text())["central"]["name"] == "Antécédents militaires"

"""One reader of field metadata: a pydantic field and its property in the published JSON Schema
read the same (label, help, option kind, source, choices with their words, bounds)."""

from __future__ import annotations

from typing import Literal

from ecran.rules import FieldMeta, Option, Params, cite, param, tr

STANCE = Option(
    "stance",
    "careful",
    tr("Posture", "Stance"),
    tr("Prudente ou à outrance", "Careful or all-out"),
    cite("seed.txt", 10, 12),
    "reading",
    choices={"careful": tr("prudente", "careful"), "all_out": tr("à outrance", "all-out")},
)


class Sample(Params):
    skill: int = param(
        tr("Compétence", "Skill"), tr("Le score", "The score"), default=0, ge=0, le=9
    )
    stance: Literal["careful", "all_out"] = STANCE.field()
    note: str = ""


def test_field_and_schema_property_read_the_same() -> None:
    schema = Sample.model_json_schema()["properties"]
    for name in ("skill", "stance"):
        meta = FieldMeta.of_model(Sample)[name]
        from_schema = FieldMeta.of(name, schema[name])
        assert (meta.label, meta.help, meta.option, meta.source) == (
            from_schema.label,
            from_schema.help,
            from_schema.option,
            from_schema.source,
        )
        assert meta.choices == from_schema.choices
        assert dict(meta.bounds) == dict(from_schema.bounds)


def test_a_parameter() -> None:
    meta = FieldMeta.of_model(Sample)["skill"]
    assert meta.label("fr") == "Compétence" and meta.help is not None
    assert meta.help("en") == "The score"
    assert dict(meta.bounds) == {"ge": 0, "le": 9}
    assert not meta.is_option


def test_an_option_with_named_choices() -> None:
    meta = FieldMeta.of_model(Sample)["stance"]
    assert meta.option == "reading" and meta.is_option
    assert meta.source == "seed.txt L10-12"
    assert meta.choices == ("careful", "all_out")
    assert meta.choice_label("all_out")("fr") == "à outrance"


def test_a_plain_field_falls_back_to_its_name() -> None:
    meta = FieldMeta.of_model(Sample)["note"]
    assert meta.label("fr") == "note" and meta.help is None and meta.choices == ()


def test_a_sheet_view_row_takes_the_label_its_field_declares() -> None:
    """`field_rows`: the sheet's view shows a field under the words declared on the field
    (and the common words of every sheet for `player`), never a second copy of them."""
    from ecran.engine import get_system
    from ecran.rules.field import field_labels, field_rows

    warp = get_system("warp")
    sheet = warp.new_character("Zoé").model_copy(update={"concept": "Pilote", "player": "Ana"})
    rows = field_rows(sheet, ("player", "concept"))
    labels = field_labels(type(sheet))
    assert [(r.label, r.value("fr")) for r in rows] == [
        (labels["player"], "Ana"),
        (labels["concept"], "Pilote"),
    ]
    assert rows[0].label.fr == "Joueur" and rows[1].label.en == "Concept"

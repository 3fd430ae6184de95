"""§1 tiles: canonical codes and every alias normalise to one kind; bad tokens name themselves."""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.tiles import CODES, JIANG, parse_tile


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("5m", "5m"),
        ("五万", "5m"),
        ("5万", "5m"),
        ("九条", "9s"),
        ("1筒", "1p"),
        ("东风", "E"),
        ("东", "E"),
        ("红中", "C"),
        ("中", "C"),
        ("发财", "F"),
        ("发", "F"),
        ("白板", "P"),
        ("白", "P"),
        ("1z", "E"),
        ("4z", "N"),
        ("5z", "P"),
        ("6z", "F"),
        ("7z", "C"),
        (0x01, "1m"),
        (0x19, "9s"),
        (0x21, "1p"),
        (0x34, "N"),
        (0x35, "C"),
        (0x36, "F"),
        (0x37, "P"),
        ("0x35", "C"),
    ],
)
def test_aliases_normalise(token: object, canonical: str) -> None:
    assert CODES[parse_tile(token)] == canonical


def test_every_canonical_code_round_trips() -> None:
    assert [CODES[parse_tile(c)] for c in CODES] == list(CODES)
    assert len(CODES) == 34


@pytest.mark.parametrize("token", ["0m", "10m", "X", "", 0, 0x0A, 0x38, True, None, 3.0, ["1m"], "红"])
def test_bad_token_is_an_error_naming_it(token: object) -> None:
    with pytest.raises(InputError) as err:
        parse_tile(token, "seats[1].hand[4]")
    assert err.value.field == "seats[1].hand[4]"
    assert repr(token) in err.value.message or str(token) in err.value.message


def test_jiang_are_suited_2_5_8() -> None:
    assert sorted(CODES[k] for k in JIANG) == sorted(f"{n}{s}" for s in "msp" for n in (2, 5, 8))

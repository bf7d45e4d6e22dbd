"""The four book games the solvers play, with their rule specs: as ``extract/rules.py`` reads them
from the book 004, and completed by hand from the book's own sentences.

:data:`BOOK_FIELDS` gives, per game, fields the solvers' lines depend on, each with the book's
sentence and its raw lines of ``corpus/004_…txt`` (``tests/test_oracles.py`` checks that every
quote is in those lines and that extraction agrees). :func:`completed_spec` lays them over the
extracted spec, so a replay under it tests the engine on the book's rules whatever extraction
reads that day.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORACLES = Path(__file__).resolve().parent / "fixtures" / "oracles"

GAMES = {
    "golf": ("004-021", "Гольф"),
    "eight_off": ("004-017", "Восемь резервных"),
    "simple_simon": ("004-035", "Простой Симон"),
    "beleaguered_castle": ("004-004", "Осажденная крепость"),
}
"""Oracle folder → (book game key, book title)."""

BOOK_FIELDS: dict[str, dict[str, tuple]] = {
    "golf": {
        "waste.build_direction": ("either", (1743, 1747),
                                  "Любая из карт в нижнем ряду звеньев пригодна для покрытия верхней карты резервной "
                                  "стопки в восходящей или нисходящей последовательности, независимо от масти."),
        "waste.build_suit": ("any-suit", (1743, 1747),
                             "Любая из карт в нижнем ряду звеньев пригодна для покрытия верхней карты резервной "
                             "стопки в восходящей или нисходящей последовательности, независимо от масти."),
        "waste.wrap": (False, (1747, 1753),
                       "В резервную стопку можно помещать поочередно возможно больше карт, а серия карт может, "
                       "по желанию, идти в восходящем или нисходящем порядке, при этом нельзя класть на "
                       "короля туза, а на туза короля."),
        "stock.deal": ("1 at a time", (1741, 1743),
                       "Оставшиеся карты сохраняются под рукой и помещаются поочередно в резервную стопку."),
        "stock.deal_to": ("waste", (1741, 1743),
                          "Оставшиеся карты сохраняются под рукой и помещаются поочередно в резервную стопку."),
    },
    "eight_off": {
        "layout.cells": (8, (1455, 1458),
                         "Название игры выводится из того факта, что у игрока есть в распоряжении восемь "
                         "резервных карт (но не больше)."),
        "foundations.step": (1, (1446, 1449),
                             "Целью игры является выстраивание на тузах серий карт соответствующей масти до королей."),
    },
    "simple_simon": {
        "foundations.base": ("none", (2943, 2946),
                             "Цель игры — выстроить, в пределах расклада, серии карт соответствующей масти в "
                             "нисходящей последовательности от королей до тузов."),
        "tableau.build_suit": ("any-suit", (2947, 2950),
                               "Нижнюю карту каждого столбца можно покрыть серией карт нисходящей "
                               "последовательности, независимо от масти и цвета."),
        "tableau.move": ("same-suit-sequence", (2950, 2953),
                         "За раз может перемещаться только одна карта. Исключение составляет перемещение серии "
                         "карт соответствующей масти."),
        "tableau.space": ("any", (2954, 2958),
                          "Место, освободившееся в результате перемещения всех карт столбца, может быть заполнено "
                          "любой игровой картой или серией карт соответствующей масти."),
    },
    "beleaguered_castle": {
        "foundations.step": (1, (542, 544),
                             "Цель игры — собрать на базовые серии карт соответствующей масти вплоть до королей."),
        "tableau.move": ("one-card", (544, 547),
                         "Можно играть только картами на дальнем от туза конце ряда, то есть теми картами, чья "
                         "лицевая сторона полностью открыта."),
    },
}
"""Per oracle game: field → (value, raw lines of 004, the book's sentence): the fields the
solvers' lines depend on that are easiest to misread (the first extraction left them unknown or
put them in the wrong section). Tests check that extraction agrees with them."""


def _book():
    """(source 004, its BookSegmentation): the test session's (read once, shared; never change it)."""
    from .corpus_session import corpus, segmented

    return corpus()["004"], segmented()["004"].detail


def book_source():
    """The corpus source 004 (the book)."""
    return _book()[0]


@lru_cache(maxsize=8)
def _extracted(key: str) -> str:
    import json

    from pasyans.extract.rules import extract_rules

    seg = _book()[1]
    return json.dumps(extract_rules(seg.game_texts[key], "ru"), ensure_ascii=False)


def extracted_spec(game: str) -> dict:
    """The spec ``extract_rules`` reads from the book's text of the oracle game ``game``."""
    import json

    return json.loads(_extracted(GAMES[game][0]))


def book_games() -> list:
    """The four games' :class:`~pasyans.models.GameText` records (copies, without examples), each
    with its extracted spec in ``rules``: enough for a small knowledge base."""
    seg = _book()[1]
    out = []
    for folder, (key, _title) in GAMES.items():
        g = copy.copy(seg.game(key))
        g.examples, g.rules = [], extracted_spec(folder)
        out.append(g)
    return out


def completed_spec(game: str) -> dict:
    """:func:`extracted_spec` with :data:`BOOK_FIELDS` laid over it (status ``stated``, quote, lines)."""
    spec = copy.deepcopy(extracted_spec(game))
    for path, (value, lines, quote) in BOOK_FIELDS[game].items():
        section, _, key = path.partition(".")
        spec[section][key] = {"value": value, "status": "stated", "quote": quote, "lines": list(lines), "ref": None}
    spec["conflicts"] = [c for c in spec["conflicts"] if c["field"] not in BOOK_FIELDS[game]]
    return spec


def oracle_cases() -> list[tuple[str, Path, Path, str]]:
    """Every oracle solution: (game folder, board path, solution path, format)."""
    out = []
    for folder in sorted(GAMES):
        d = ORACLES / folder
        for board in sorted(d.glob("*.board")):
            stem = board.name[: -len(".board")]
            if folder == "golf":
                out += [(folder, board, s, "bhs") for s in sorted(d.glob(f"{stem}.*.sol.txt"))]
            else:
                out += [(folder, board, s, "fcs") for s in sorted(d.glob(f"{stem}.fcs.*.txt"))]
    return out

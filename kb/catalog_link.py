"""A new game linked to the catalogue names (PySolFC, Aisleriot, KPatience in ``kb/catalogs/``) with
the evidence and a confidence — for the games of a user's own text, which the hand-checked
``kb/crosswalk.tsv`` has no row for.

Each of the game's names (title, aliases, glosses; not ``related`` or ``disputed`` names) is looked
up among the catalogues' reviewed names (PySolFC's fuzzy Russian translations never count) with
:func:`pasyans.kb.crosswalk.same_name`. Every hit is evidence for the catalogue entry's English game:

=========================  ======  ============================================================
what matched               weight  example
=========================  ======  ============================================================
the title, same language    3      «Косынка» (ru) = Aisleriot's and KPatience's Russian «Косынка»
an English name the text    3      alias «Klondike», «(от англ. Spider)» = the catalogue's English
gives
an alias, same language     2      alias «Клондайк» = PySolFC's Russian «Клондайк»
a name, another language    1      «Косинка» (uk) = Aisleriot's Russian «Косынка» (letters alike)
=========================  ======  ============================================================

Evidence is counted once per (name, catalogue, English game). The game with the most weight wins;
confidence ``high`` at weight ≥ 5 with no rival in the text's own language, ``medium`` at ≥ 3,
else ``low``. A tie links nothing. A rival — a catalogue that gives one of the game's names to
another game — is never merged: it is written in the row's ``conflict`` column (so the
``catalogue_matches`` table marks it ``acknowledged``), e.g. «Косинка» is KPatience's Ukrainian
name of Freecell while this text's alias «Клондайк» says Klondike.

The rows use the crosswalk's evidence vocabulary (``pysol-ru``, ``aisleriot-uk``, ``kpat-ru``,
``text-alias:X=E``, ``english-alias:E``) after ``auto`` (the row was computed, not reviewed).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .crosswalk import CATALOGUE_LABEL, CatalogueName, CrosswalkRow, fold, name_key

WEIGHTS = {"title": 3, "english": 3, "alias": 2, "other-language": 1}
"""Weight of one piece of evidence by what matched (see the module docstring)."""

_NAME_KINDS = ("title", "alias", "gloss", "title-form")


@dataclass
class Evidence:
    """One catalogue name matching one of the game's names."""

    name: str
    kind: str
    language: str
    cat: CatalogueName
    weight: int
    what: str

    def token(self) -> str:
        if self.what == "english":
            return f"english-alias:{self.cat.english}"
        if self.kind == "title" and self.cat.language in ("ru", "uk"):
            return f"{self.cat.catalogue}-{self.cat.language}"
        return f"text-alias:{self.name}={self.cat.english}"

    def say(self) -> str:
        where = f"{CATALOGUE_LABEL[self.cat.catalogue]} {self.cat.language} «{self.cat.name}» ({self.cat.ref})"
        return f"{self.kind} «{self.name}» ({self.language}) = {where}"


def _index(cats) -> dict[tuple[str, str], list[CatalogueName]]:
    """(``"en"`` or ``"cyr"``, name key) → reviewed catalogue names: English names folded, Russian
    and Ukrainian ones by :func:`~pasyans.kb.crosswalk.name_key` in their own language (as
    :func:`~pasyans.kb.crosswalk.catalogue_matches` compares them)."""
    out: dict[tuple[str, str], list[CatalogueName]] = defaultdict(list)
    for c in cats:
        if c.fuzzy:
            continue
        if c.language in ("ru", "uk"):
            out[("cyr", name_key(c.name, c.language))].append(c)
        else:
            out[("en", fold(c.name))].append(c)
    return out


def evidence(game, lang: str, index) -> list[Evidence]:
    """Every catalogue name that is one of ``game``'s names (see the module docstring)."""
    names = [(game.name, "title", lang)] + [(a.name, a.kind, a.language or lang) for a in game.aliases
                                            if a.kind in _NAME_KINDS]
    out, seen = [], set()
    for name, kind, nlang in names:
        if not name:
            continue
        kind = "title" if kind == "title-form" else ("alias" if kind == "gloss" else kind)
        if nlang == "en":
            hits = [(c, "english") for c in index.get(("en", fold(name)), ())]
        else:
            hits = [(c, kind if c.language == nlang else "other-language")
                    for c in index.get(("cyr", name_key(name, nlang)), ())]
        for c, what in hits:
            key = (fold(name), c.catalogue, fold(c.english))
            if key in seen:
                continue
            seen.add(key)
            out.append(Evidence(name, kind, nlang, c, WEIGHTS[what], what))
    return out


def propose(games, source_language: dict[str, str], rows: list[CrosswalkRow], cats) -> list[CrosswalkRow]:
    """Crosswalk rows for the named games (not fragments) that ``rows`` do not list and whose names
    some catalogue knows; a game no catalogue name matches gets none (the build reports it)."""
    listed = {r.game for r in rows}
    index = _index(cats)
    by_english: dict[str, list[CatalogueName]] = defaultdict(list)
    for c in cats:
        if not c.fuzzy:
            by_english[fold(c.english)].append(c)
    out = []
    for g in games:
        if g.key in listed or not g.name or g.fragment:
            continue
        lang = source_language.get(g.source, "ru")
        ev = evidence(g, lang, index)
        if not ev:
            continue
        score: dict[str, int] = defaultdict(int)
        for e in ev:
            score[fold(e.cat.english)] += e.weight
        ranked = sorted(score.items(), key=lambda kv: -kv[1])
        best, top = ranked[0]
        if len(ranked) > 1 and ranked[1][1] == top:
            out.append(_unlinked(g, ev, ranked))
            continue
        mine = [e for e in ev if fold(e.cat.english) == best]
        rivals = [e for e in ev if fold(e.cat.english) != best]
        own_rival = any(e.what != "other-language" for e in rivals)
        confidence = "high" if top >= 5 and not own_rival else "medium" if top >= 3 else "low"
        entry = by_english[best]
        pysol = next((c for c in entry if c.catalogue == "pysol" and c.pysol_id is not None), None)
        english = next((e.cat.english for e in mine if e.cat.catalogue == "pysol"), mine[0].cat.english)
        aisleriot = next((c.english for c in entry if c.catalogue == "aisleriot"), "")
        kpat = next((c.english for c in entry if c.catalogue == "kpat"), "")
        conflict = "; ".join(dict.fromkeys(
            f"{e.kind} «{e.name}» is the {CATALOGUE_LABEL[e.cat.catalogue]} {e.cat.language} name of "
            f"«{e.cat.english}» ({e.cat.ref}), another game" for e in rivals))
        out.append(CrosswalkRow(
            g.key, g.name, english, ["auto"] + list(dict.fromkeys(e.token() for e in mine)), confidence,
            pysol.pysol_id if pysol else None, pysol.english if pysol else "", aisleriot, kpat, conflict,
            "computed from the names: " + "; ".join(e.say() for e in mine) + f" (weight {top})"))
    return out


def _unlinked(g, ev: list[Evidence], ranked) -> CrosswalkRow:
    """A row that links nothing: two English games have the same weight of evidence."""
    tied = [en for en, w in ranked if w == ranked[0][1]]
    conflict = "; ".join(f"{e.kind} «{e.name}» is the {CATALOGUE_LABEL[e.cat.catalogue]} {e.cat.language} name of "
                         f"«{e.cat.english}» ({e.cat.ref})" for e in ev)
    return CrosswalkRow(g.key, g.name, "", ["auto"], "", None, "", "", "", conflict,
                        f"not linked: the names point as strongly to {' and to '.join(tied)}")

"""Which headings of a classified text open games and which are sub-headings of a game's section
(:mod:`pasyans.extract.articles`, «Game or sub-heading»): :func:`structure` works in place on the
non-blank :class:`~pasyans.extract.article_text.Line` s of :func:`pasyans.extract.article_lines.classify`,
setting a heading's ``kind`` to ``subheading`` / ``label`` / ``part`` or its ``parent`` (a variant)."""

from __future__ import annotations

from . import headings as hd
from .article_parts import fold_name as _fold_name
from .article_sections import HEADS as _HEADS, framed_section as _framed_section
from .article_text import QUOTE_RE, Line, words

__all__ = ["structure"]


def _opens_game(nonblank: list[Line], k: int, seen: set[str]) -> bool:
    """Whether the heading ``nonblank[k]``, under a game whose label lines so far are ``seen``
    (kinds), starts a new game: a label line follows it at once (after a byline), or the first
    label line after it — before the next heading — is one the game already had (the labels start
    over). Labels opening a paragraph inline («Цель — …») are no layout and do not count."""
    for j in range(k + 1, len(nonblank)):
        ln = nonblank[j]
        if ln.kind == "byline":
            continue
        if ln.kind == "label":
            return j == k + 1 or nonblank[j - 1].kind == "byline" or ln.section in seen
        if ln.kind in _HEADS or ln.kind == "doc-title":
            return False
    return False


def _option_line(nonblank: list[Line], k: int) -> bool:
    """An option's name under a variants label: a short line without final punctuation followed by
    a paragraph that has it («Сдавать по три карты» above «Карты сдаются … по три за раз.»)."""
    ln = nonblank[k]
    nxt = nonblank[k + 1] if k + 1 < len(nonblank) else None
    return (ln.kind == "prose" and not ln.section and 0 < len(words(ln.text)) <= 6 and len(ln.text) <= 60
            and ln.text[-1] not in ".!?…:;," and ln.text[:1].isupper() and nxt is not None and nxt.kind == "prose"
            and nxt.text[-1:] in ".!?…" and len(nxt.text) > len(ln.text))


def structure(nonblank: list[Line], lang: str) -> None:
    """Decide, in place, which headings open games and which are sub-headings of a game's section
    (see the module doc, «Game or sub-heading»)."""
    game: Line | None = None
    seen: set[str] = set()
    under: str | None = None
    for k, ln in enumerate(nonblank):
        if ln.kind == "label" and game is not None and _leaves_numbering(ln, game):
            ln.kind, ln.name, ln.label = "part", ln.text, "next chapter"   # «Розділ 4. …» after «3.2 Гольф»
            game, seen, under = None, set(), None
            continue
        if ln.kind == "label" and ln.section and game is not None:
            seen.add(ln.section)
            under = ln.section
        if game is not None and under == "variants" and _option_line(nonblank, k):
            ln.kind, ln.printed = "subheading", ln.raw.strip()
            continue
        if ln.kind in ("group-heading", "variant-heading", "doc-title", "part"):
            game, seen, under = None, set(), None
            continue
        if ln.kind != "heading":
            continue
        if ln.mark == "step" or (game is not None and game.frame in _ONE_GAME_FRAMES
                                 and ln.mark in ("numbered", "roman") and ln.mark != game.mark):
            # «Шаг 2. Ходы», or «2. Первые ходы» under «Как разложить пасьянс «Ёлочка»»: a step, never a game
            ln.kind = "subheading"
            continue
        if (kind := _framed_section(ln, game)) is not None:   # «Как играть в Паука» under «Паук»: a section
            ln.kind, ln.section, ln.name = "label", kind, hd.marks(ln.text).rest
            continue
        if ln.names_variant and game is not None:
            if _fold_name(ln.name) == _fold_name(game.name):  # «Вариант: «Косынка» по три карты»: a section
                ln.kind, ln.section, ln.name, ln.printed = "prose", "variants", None, None
                continue
            ln.parent = game  # «Разновидность: «Большая пирамида» — …»: a variant of the game above
            continue
        if (parent := _variant_parent(nonblank, k)) is not None:
            ln.parent = parent  # «Вегас» / «Это вариант «Клондайка»: …»: a variant of Клондайк, not a topic of the game above
            continue
        if game is not None and ln.frame is None and not QUOTE_RE.search(ln.text) and len(words(ln.name or "")) > 1 \
                and hd.section_label(words(ln.name)[0], lang) is not None:
            ln.kind = "subheading"  # «Правила из буклета» under «Осада»: a label's word and more, a topic of the game
            continue
        if game is not None and _sub_heading(ln, game, seen, nonblank, k) and not (
                under != "variants" and k + 1 < len(nonblank) and nonblank[k + 1].kind == "prose"
                and hd.states_pack(nonblank[k + 1].text, lang)    # «Осада» / «Берут одну колоду …»: a game,
                and hd.section_label((words(ln.name or "") or [""])[0], lang) is None):   # «Правила из буклета» a topic
            if _names_variant(ln, game):
                ln.parent = game  # «Паук (одна масть)» under «Паук»: a variant of it, not a topic
                continue
            ln.kind = "subheading"
            continue
        game, seen, under = ln, set(), None


def _leaves_numbering(ln: Line, game: Line) -> bool:
    """Whether line ``ln`` carries a chapter number outside the sub-numbering of the game's title («Розділ 4. …»
    after «3.2 Гольф»: the game is a sub-chapter of chapter 3, chapter 4 is none of it)."""
    mk = hd.marks(ln.text)
    if mk.mark != "chapter" or game.mark != "numbered" or (game.level or 1) < 2 or not mk.num or not mk.num.isdigit():
        return False
    gm = hd.marks(game.text)
    return bool(gm.num) and gm.num.split(".")[0] != mk.num


def _variant_parent(nonblank: list[Line], k: int) -> Line | None:
    """The heading of the game that the paragraph right under heading ``nonblank[k]`` says it is a variant
    of («Это вариант «Клондайка»: …», :func:`~pasyans.extract.headings.variant_of`), when a game heading above
    has that name; else ``None``."""
    nxt = nonblank[k + 1] if k + 1 < len(nonblank) else None
    named = hd.variant_of(nxt.text) if nxt is not None and nxt.kind == "prose" else None
    if named is None:
        return None
    return next((h for h in reversed(nonblank[:k]) if h.kind == "heading" and h.parent is None
                 and any(hd.same_words(h.name or "", named, lg) for lg in ("ru", "uk"))), None)


_ONE_GAME_FRAMES = frozenset({"how to play name", "how to play: name", "rules of name", "name and a stock subtitle"})
"""Title frames of an article about one game («Как разложить пасьянс «Ёлочка»», «Паук: правила и
стратегия»): the numbered headings under such a title are its steps or parts."""


def _names_variant(ln: Line, game: Line) -> bool:
    """Whether heading ``ln`` is the name of game ``game`` with more words: «Паук (одна масть)»,
    «Паук: две масти», «Косынка по три карты» under «Паук» / «Косынка»."""
    own, name = _fold_name(game.name).strip(), _fold_name(ln.name).strip()
    return bool(own) and name.startswith(own) and len(name) > len(own) + 2 and not name[len(own)].isalnum()


def _sub_heading(ln: Line, game: Line, seen: set[str], nonblank: list[Line], k: int) -> bool:
    """Whether heading ``ln`` is a sub-heading of the game headed by ``game``."""
    if ln.mark in ("markdown", "setext") and game.mark in ("markdown", "setext"):
        return (ln.level or 0) > (game.level or 0)
    if ln.mark == game.mark == "numbered" and ln.level == game.level:
        return False  # «3.1 Павук» … «3.2 Гольф»: sister games numbered alike
    if ln.mark == "numbered" and (ln.level or 1) > 1:
        return True  # «4.1. Мета гри», «3.1. Простий варіант» under «4. Гольф»: a section of the game above, never a game
    if ln.strength < game.strength:
        return False
    same_mark = ln.mark == game.mark and ln.mark != "none" and ln.level == game.level
    if same_mark or (ln.shape in ("caps", "quoted") and ln.shape == game.shape and ln.mark == game.mark):
        return False  # «Пасьянс «Солитёр»» … «Пасьянс «Тринадцать»»: sister games, as capitals under capitals
    return bool(seen) and not _opens_game(nonblank, k, seen)

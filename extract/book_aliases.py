"""Names a game text of the book 004 gives its game (see :func:`aliases`): after a naming word,
in a chain of names, a gloss, a compared or cross-referenced game, the title's own words in
another form; each sentence read once from the shared ``Doc`` (:mod:`pasyans.extract.book_sentences`).
:func:`nominative` puts a quoted name in the nominative case.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pasyans import morph
from pasyans.models import Alias

from .book_sentences import Sentence, read
from .clean import norm_title
from .text import MappedText

if TYPE_CHECKING:
    from .textdoc import Span

_GAME_WORDS = frozenset({"игра", "пасьянс"})
_COMPARE = frozenset({"вариант", "схожий", "похожий", "подобно", "напоминать", "соответствовать", "путать", "отличаться"})
_DISPUTE = frozenset({"неправильно", "ошибочно", "неверно", "ошибочный", "неправильный"})
_STOP = frozenset({"потому", "поскольку", "хотя"})


def nominative(name: str) -> str:
    """A quoted name in the nominative case, as a dictionary form would print it.

    The leading nouns/adjectives that share the first word's case are put in the nominative
    (number kept): «Пробелами» → «Пробелы», «Императором Германии» → «Император Германии»,
    «Четырехугольника» → «Четырехугольник»; verbs and other words stay («Попытайся еще»).
    """
    words = name.split()
    if not words:
        return name
    first = morph.parse(words[0])
    if first is None or first.tag.case in (None, "nomn") or first.tag.POS not in ("NOUN", "ADJF"):
        return name
    if any(p.tag.case == "nomn" for p in morph.analyzer().parse(words[0].lower())):
        return name  # «Пустоты», «Синьора» may already be nominative: keep the printed form
    case = first.tag.case
    out = []
    for i, w in enumerate(words):
        p = morph.parse(w)
        if p is not None and p.tag.case == case and p.tag.POS in ("NOUN", "ADJF"):
            infl = p.inflect({"nomn"})
            nw = infl.word if infl else w
            if "ё" not in w.lower():
                nw = nw.replace("ё", "е")
            if w[:1].isupper():
                nw = nw[:1].upper() + nw[1:]
            out.append(nw)
        else:
            out.extend(words[i:])
            break
    return " ".join(out)


def _quotes(sent: "Span") -> list[tuple[int, int, str]]:
    """``(token start, token end, name)`` of every «…» in a spaCy span/doc."""
    out = []
    i = 0
    while i < len(sent):
        if sent[i].text == "«":
            j = i + 1
            while j < len(sent) and sent[j].text != "»":
                j += 1
            if j < len(sent):
                name = sent[i + 1: j].text.strip()
                if name:
                    out.append((i, j + 1, name))
            i = j + 1
        else:
            i += 1
    return out


def aliases(mt: MappedText, name: str | None, own_names: list[str], skip: list[str] = (),
            sents: list[Sentence] | None = None) -> list[Alias]:
    """Names the text gives the game, sentence by sentence (see module doc): after a naming word
    («называют», «другое название», «известная также как») → ``alias``, or ``disputed`` when the
    sentence or the next says it is wrong («Это неправильно»); a chain «Title», или «X» →
    ``alias``; «(швабра — англ.)» → ``gloss``; a name in a sentence that compares
    («вариант», «подобно», «напоминает», «схож») or cross-references «(см. с. 27)» → ``related``;
    any other quoted name made of the title's own words in another order or form («Пекарская
    дюжина» in the text of «Дюжина пекаря», :func:`_stems`) → ``title-form``.
    ``sents``: :func:`pasyans.extract.book_sentences.read` of ``mt.text`` when the caller has it."""
    own = {norm_title(nominative(n)) for n in own_names if n} | {norm_title(n) for n in own_names if n}
    skipped = {norm_title(nominative(n)) for n in skip} | {norm_title(n) for n in skip}
    text = mt.text
    if sents is None:
        sents = read(text)
    out: list[Alias] = []
    seen: set[tuple[str, str]] = set()
    own_stems = [_stems(n) for n in own_names if n and len(n.split()) >= 2]

    def same_words(raw_name: str) -> bool:
        return len(raw_name.split()) >= 2 and _stems(raw_name) in own_stems

    def add(raw_name: str, kind: str, a: int, b: int) -> None:
        nm = nominative(raw_name) if kind != "gloss" else raw_name
        if kind != "gloss" and not nm[:1].isupper():
            return  # game names are capitalised; «звенья» is a term
        key = norm_title(nm)
        if key in own or norm_title(raw_name) in own or key in skipped or (key, kind) in seen:
            return
        if kind == "related" and any(k == key for k, _ in seen):
            return
        seen.add((key, kind))
        out.append(Alias(name=nm, language="ru", lines=mt.lines_of(a, b), kind=kind, sentence=text[a:b]))

    for si, sn in enumerate(sents):
        a, b, sent = sn.start, sn.end, sn.span
        if sent is None:
            continue
        quotes = _quotes(sent)
        if not quotes:
            continue
        lemmas = {t.lemma_ for t in sent}
        nxt = text[sents[si + 1].start: sents[si + 1].end] if si + 1 < len(sents) else ""
        disputed = bool(lemmas & _DISPUTE) or bool(re.match(r"Это\s+(неправильно|ошибочно|неверно)", nxt))
        compare = bool(lemmas & _COMPARE)
        matches = sn.matches
        for label, s, e in matches:
            if label == "GLOSS":
                add(sent[s + 1: e - 2].text, "gloss", a, b)
        naming = [(s, e) for label, s, e in matches if label == "NAMING"]
        used: set[int] = set()
        for s, e in naming:
            # the named thing: a noun just before the verb that is not the game («Этот расклад называют»)
            quoted = {i for qs, qe, _ in quotes for i in range(qs, qe)}
            subj = next((t for t in reversed(sent[max(0, s - 3): s]) if t.is_alpha and t.i - sent.start not in quoted
                         and (morph.parse(t.text).tag.POS == "NOUN")), None)
            if subj is not None and subj.lemma_ not in _GAME_WORDS and not compare:
                continue
            if s > 0 and sent[s - 1].lower_ == "так":
                continue  # «так называемый "алмаз"»: a term, not a name of the game
            stop = next((t.i - sent.start for t in sent[e:] if t.lemma_ in _STOP), len(sent))
            after = [q for q in quotes if q[0] >= e and q[0] < stop]
            kind = "related" if compare else ("disputed" if disputed else "alias")
            names = [q for q in after if norm_title(nominative(q[2])) not in own]
            if not names and after:
                # «"X" иногда называют "Title"»: the other name comes before the verb
                names = [q for q in quotes if q[1] <= s and norm_title(nominative(q[2])) not in own]
            for q in names:
                used.add(q[0])
                add(q[2], kind, a, b)
        # «"Title", или "X"», «"Title", "X", "Y" или "Z"»: a chain of names joined by , / или / и
        for qi, (qs, qe, qn) in enumerate(quotes):
            if norm_title(nominative(qn)) not in own and norm_title(qn) not in own:
                continue
            chain, joiners, k = [], [], qe
            for q2 in quotes[qi + 1:]:
                between = [t.text.lower() for t in sent[k: q2[0]]]
                if not between or not all(w in (",", "или", "и") for w in between):
                    break
                chain.append(q2)
                joiners += between
                k = q2[1]
            if chain and "или" in joiners:
                for q2 in chain:
                    if q2[0] not in used:
                        used.add(q2[0])
                        add(q2[2], "related" if compare else ("disputed" if disputed else "alias"), a, b)
        # comparisons and cross-references to other games
        for qs, qe, qn in quotes:
            if qs in used:
                continue
            xref = bool(re.match(r"\s*\(см\.\s*с\.", sent[qe:].text if qe < len(sent) else "")) or (
                qe < len(sent) and sent[qe].text == "(" and qe + 1 < len(sent) and sent[qe + 1].text.startswith("см"))
            if compare or xref:
                add(qn, "related", a, b)
            elif same_words(qn):
                add(qn, "title-form", a, b)  # «Пекарская дюжина» for «Дюжина пекаря»
    return out


def _stems(name: str) -> list[str]:
    """The first five letters of the pymorphy3 lemma of each word, sorted: a name's words
    whatever their order, case or part of speech («Пекарская дюжина» ~ «Дюжина пекаря»)."""
    return sorted(morph.lemma(w)[:5] for w in re.findall(r"[^\W\d_]+", name))

"""Numbered rules of the articles: rule lines («Правило 5. …», «Правила 2, 3, 4 і 7.», «Правило 7
(вар. Б).», read with a lark grammar) and the rules each lettered variant uses, in the order the
text gives them (see :mod:`pasyans.extract.articles` for how the text states them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from pasyans import morph

from .article_text import doc as make_doc, matches, sentences

_RULE_NUMS_RE = re.compile(r"[Пп]равил\w*\s+(\d+(?:\s*(?:,|\sі\s|\sи\s|\sта\s|\sй\s)\s*\d+)*)")
_DEAL_RE = re.compile(r"\bпо\s+(\S+)\s+карт")
_TIMES_RE = re.compile(r"\bдо\s+(\S+)\s+раз")
_NUMERALS = {"один": 1, "два": 2, "три": 3, "чотири": 4, "четыре": 4, "п'ять": 5, "пять": 5}

# --------------------------------------------------------------------------------------------
# Numbered-rule lines («Правило 5. …», «Правила 2, 3, 4 і 7.», «Правило 7 (вар. Б).»)
# --------------------------------------------------------------------------------------------

_RULE_GRAMMAR = r"""
start: RULEWORD _SP nums variant? tail
nums: NUM (_SEP NUM)*
variant: _LPAR _VAR LETTER _RPAR
tail: DOTEND   -> refs
    | DOTTEXT  -> definition
    | DASHTEXT -> modifier
RULEWORD: /[Пп]равил[оаи]/
NUM: /\d+/
_SP: /\s+/
_SEP: /\s*,\s*/ | /\s+(і|и|й|та)\s+/
_LPAR: /\s*\(\s*/
_VAR: /вар\.?\s*/
LETTER: /[А-ЯІЇЄҐ]/
_RPAR: /\s*\)/
DOTEND: /\.\s*$/
DOTTEXT: /\.\s+\S.*/s
DASHTEXT: /\s*[-–—]\s*\S.*/s
"""


@lru_cache(maxsize=1)
def _rule_parser() -> Lark:
    return Lark(_RULE_GRAMMAR, parser="earley", lexer="dynamic")


@dataclass
class RuleLine:
    """A line that states or cites numbered rules.

    ``kind``: ``"definition"`` («Правило 5. Вилучають …»: one number and its text),
    ``"refs"`` (only numbers: «Правила 2, 3, 4 і 7.», «Правило 1 (вар. А).»), or
    ``"modifier"`` («Правило 7 - дозволяється використовувати до двох разів.»).
    """

    kind: str
    numbers: list[str]
    variant: str | None = None
    text: str = ""


def parse_rule_line(line: str) -> RuleLine | None:
    """Read a numbered-rule line with the lark grammar above; ``None`` if the line is not one."""
    s = line.strip()
    if not re.match(r"[Пп]равил[оаи]\s+\d", s):
        return None
    try:
        tree = _rule_parser().parse(s)
    except LarkError:
        return None
    nums: list[str] = []
    variant = None
    kind, text = "refs", ""
    for ch in tree.children:
        if isinstance(ch, Tree) and ch.data == "nums":
            nums = [str(t) for t in ch.children]
        elif isinstance(ch, Tree) and ch.data == "variant":
            variant = str(ch.children[0])
        elif isinstance(ch, Tree):
            kind = str(ch.data)
            tok = ch.children[0]
            text = str(tok).lstrip(" .-–—").strip() if isinstance(tok, Token) else ""
    if kind == "definition" and len(nums) != 1:
        return None
    return RuleLine(kind, nums, variant, text)


def covered(rules: list[str], n: str) -> int | None:
    """Index of the entry of ``rules`` that includes rule ``n`` («6|7» includes 6 and 7, «7x2» includes 7)."""
    for i, r in enumerate(rules):
        if n in re.sub(r"x\d+$", "", r).split("|"):
            return i
    return None


def rule_numbers(s: str) -> list[str]:
    out = []
    for m in _RULE_NUMS_RE.finditer(s):
        out.extend(re.findall(r"\d+", m.group(1)))
    return out


def _numeral(w: str, lang: str) -> int | None:
    if w.isdigit():
        return int(w)
    return _NUMERALS.get(morph.lemma(w, lang))


def is_deal_rule(text: str, lang: str) -> bool:
    """A rule that deals the layout: «… по 13 карт в кожному ряду», «по дев'ять карт»."""
    return any(_numeral(m.group(1), lang) is not None or morph.parse(m.group(1), lang).tag.POS == "NUMR"
               for m in _DEAL_RE.finditer(text))


def _apply_statement(rules: list[str], sent: str, sdoc, lang: str, by_label: dict,
                     previous) -> None:
    """Change ``rules`` by one prose sentence of a lettered variant (inherit / replace / alternative)."""
    nums = rule_numbers(sent)
    low = sent.lower()
    if not nums and matches(sdoc, lang).get("INHERIT") and re.search(r"\b(як|как)\s+[іи]\b", low):
        m = re.search(r"(?:варіаці\w*|вариаци\w*|вар\.)\s*([А-ЯІЇЄҐ])\b", sent)
        src = by_label.get(m.group(1)) if m else (previous if re.search(r"тільки що|только что", low) else None)
        if src is not None:
            for r in src.rules:
                if r not in rules:
                    rules.append(r)
        return
    if len(nums) == 2 and re.search(r"\b(замість|вместо)\b", low):
        a, b = nums
        i = covered(rules, a)
        if re.search(r"виключа|исключа", low):
            if i is None:
                rules.append(b)
            else:
                rules[i] = b
        else:
            alt = f"{a}|{b}"
            if i is None:
                rules.append(alt)
            else:
                rules[i] = alt


def rules_used(parts: list, deal_rules: set[str], lang: str) -> None:
    """Fill ``rules`` of the lettered variants and combinations among ``parts`` (the segmenter's
    parts: ``kind``, ``content`` lines, ``heading_line``, ``label``, ``rules``) in place, in the
    order the text gives."""
    by_label: dict = {}
    previous = None
    for p in parts:
        if p.kind not in ("lettered", "combo"):
            continue
        rules: list[str] = []
        for ln in p.content:
            r = ln.rule
            if r is None:
                text = ln.text[ln.rest_offset:] if ln is p.heading_line else ln.text
                d = make_doc(text, lang)
                for a, b in sentences(text):
                    _apply_statement(rules, text[a:b], d.char_span(a, b, alignment_mode="expand"), lang,
                                     by_label, previous)
                continue
            if r.kind == "definition":
                n = r.numbers[0]
                if covered(rules, n) is not None:
                    continue
                deal_at = next((i for i, x in enumerate(rules) if x in deal_rules), None)
                if n in deal_rules and deal_at is not None:
                    rules[deal_at] = n
                else:
                    rules.append(n)
            elif r.kind == "refs":
                rules.extend(n for n in r.numbers if covered(rules, n) is None)
            else:  # modifier
                m = _TIMES_RE.search(r.text)
                k = _numeral(m.group(1), lang) if m else None
                for n in r.numbers:
                    tag = f"{n}x{k}" if k else n
                    i = covered(rules, n)
                    if i is None:
                        rules.append(tag)
                    else:
                        rules[i] = tag
        p.rules = rules
        if p.kind == "lettered":
            by_label[p.label] = p
            previous = p

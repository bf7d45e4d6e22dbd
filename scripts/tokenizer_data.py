"""Write ``pasyans/data/tokenizer.json``: the rules of spaCy's blank Russian and Ukrainian
tokenizers (prefix, suffix, infix and URL patterns; special cases as their token texts), so that
:mod:`pasyans.extract.tokenizer` splits a text exactly as spaCy does without importing it; and the
number words of ``like_num`` (:mod:`pasyans.extract.textdoc`).

    python scripts/tokenizer_data.py        # after upgrading spaCy; tests/test_tokenizer.py checks it

spaCy is MIT-licensed (© Explosion); the patterns are its punctuation and character-class data.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "pasyans" / "data" / "tokenizer.json"


def rules() -> dict:
    """The tokenizer rules of spaCy's ``blank("ru")`` and ``blank("uk")`` as plain data."""
    import importlib

    import spacy
    from spacy.attrs import ORTH

    out: dict = {"about": "spaCy " + spacy.__version__ + " blank tokenizer rules (MIT, Explosion), written by "
                          "scripts/tokenizer_data.py; read by pasyans.extract.tokenizer", "specials": {}}
    for lang in ("ru", "uk"):
        tok = spacy.blank(lang).tokenizer
        if tok.token_match is not None:
            raise SystemExit(f"{lang}: spaCy's tokenizer has a token_match now: teach pasyans.extract.tokenizer it")
        patterns = {"prefix": tok.prefix_search.__self__.pattern, "suffix": tok.suffix_search.__self__.pattern,
                    "infix": tok.infix_finditer.__self__.pattern,
                    "url": tok.url_match.__self__.pattern if tok.url_match else None}
        for k, v in patterns.items():
            if out.setdefault(k, v) != v:
                raise SystemExit(f"{lang}: the {k} pattern differs from Russian's: give each language its own")
        out["specials"][lang] = {k: [t[ORTH] for t in v] for k, v in sorted(tok.rules.items())}
        lex = importlib.import_module(f"spacy.lang.{lang}.lex_attrs")
        out.setdefault("num_words", {})[lang] = sorted(set(lex._num_words))
    return out


def main() -> int:
    OUT.write_text(json.dumps(rules(), ensure_ascii=False, indent=0, sort_keys=True) + "\n", "utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Nothing dropped silently: every card token of every worked example in the corpus is accounted
for — moved, a destination, a mention, part of a printed layout — or reported as unparsed with
its line (issue: «Every card token in an example is accounted for»)."""

from __future__ import annotations

import pytest

from pasyans.extract.notation import find_cards


@pytest.mark.parametrize("sid", ["000", "001", "003", "004"])
def test_every_card_token_of_an_example_is_accounted_for(corpus, read_corpus, sid):
    src = corpus[sid]
    seg = read_corpus[sid]  # the build's reading: examples with their moves, mentions and layouts
    n_tokens = 0
    for g in seg.games:
        for i, ex in enumerate(g.examples):
            text = seg.example_texts[(g.key, i)]
            known = set(ex.mentions)
            for m in ex.moves:
                known.update(m.cards)
                if m.to_card is not None:
                    known.add(m.to_card)
            for row in ex.layout or []:
                known.update(c for c in row if c is not None)
            reported = {f.lines[0] for f in ex.findings if f.kind.startswith("unparsed")}
            for tok in find_cards(text.text, src.notation, src.language):
                n_tokens += 1
                line = text.lines_of(tok.start, tok.end)[0]
                rank_only = tok.card.suit is None and any(c.rank == tok.card.rank for c in known)
                assert tok.card in known or rank_only or line in reported, (
                    f"{sid} {g.key} line {line}: card token «{tok.raw}» ({tok.card}) is in no move, "
                    f"mention or layout and not reported")
    assert n_tokens > {"000": 30, "001": 10, "003": 100, "004": 500}[sid]

"""A game's rules read from its text into the rule spec of ``pasyans/data/rules.schema.json`` (0.3).

Every field of the spec is ``{"value", "status", "quote", "lines", "ref", "reason"}``: ``stated``
with the sentence it was read from and that sentence's raw lines, ``inherited`` (see
:func:`inherit`) or ``unknown`` (with the reason). Nothing is guessed: a field is set only when a
sentence of the game's own text says it (or a reading of the whole text, recorded as such).

How a text is read (one module per step):

* :mod:`.tokens` — tokens and lemmas from :mod:`pasyans.extract.nlp`, sentences, the sections of a
  manual («Основание\\t…», «Правила», «Стратегия»);
* :mod:`.cues` — cue phrases found by token patterns written as data (``phrasings/words.toml``,
  ``phrasings/cues.toml``);
* :mod:`.interpret` — what each cue means for the spec, rows of data (``phrasings/rules.toml``: cue,
  field, value, strength, anchor, conditions, example sentences), with the value functions of
  :mod:`.values` and :mod:`.values_play`; the pile a cue speaks of is found by :mod:`.context`;
* :mod:`.mechanics` — mechanics outside the fields (``special``: windows, gaps, accordion, pairs…);
* :mod:`.reader` — one text: sentences that are no rules, same-as references, folding claims into
  fields and conflicts; :mod:`.readings` — readings of the whole text;
* :mod:`.sources` — every game of one source: numbered rules, same-as links, variants, the book's
  section labels and standard pack; :mod:`.references` — same-as links across the knowledge base.

Adding a phrasing is adding a row (and, if new words are needed, a cue) with its example sentence.
"""

from .readings import (complete_rows, extract_rules, extract_rules_with_findings, game_text, infer_cards_per_pile,
                       infer_no_building)
from .schema import (SCHEMA_VERSION, allowed_values, field_paths, get_field, inherit, load_schema, set_field,
                     unknown_field, unknown_spec, validate_spec)
from .sources import spec_for_games
from . import values_play as _values_play  # noqa: F401  (registers the value functions of play)

__all__ = ["SCHEMA_VERSION", "allowed_values", "complete_rows", "extract_rules", "extract_rules_with_findings",
           "field_paths", "game_text", "get_field", "infer_cards_per_pile", "infer_no_building", "inherit",
           "load_schema", "set_field", "spec_for_games", "unknown_field", "unknown_spec", "validate_spec"]

"""What ``pasyans add`` checks in a file's bytes before it becomes a corpus text: a declared
encoding that would store mojibake, and HTML pages (read as text, line for line).

* :func:`decode`: the bytes in ``encoding`` as UTF-8 bytes. A file that is already UTF-8 Cyrillic
  read as a single-byte Cyrillic code page («cp1251», «koi8-r») would be stored as «РџР°СЃСЊСЏРЅСЃ»;
  a file read in the wrong code page as «пБУШБОУ» (letters in the wrong case) or with box-drawing
  characters. Each raises :class:`IntakeError` with one line that says what to give instead.
* :func:`html_text`: an HTML page as plain text with the **same line numbers** (every source line
  stays one line, so provenance points at the page's own lines): tags removed (a tag spanning lines
  leaves its lines blank), ``<script>``/``<style>``/``<head>`` contents blanked, entities unescaped,
  ``<h1>``…``<h6>`` given Markdown marks («## Правила») the segmenter reads. A FictionBook e-book
  (``.fb2``) is read the same way: ``<description>`` blanked, ``<title>``/``<subtitle>`` as headings.
  RTF, PDF and zip documents are refused in one line (:func:`other_format`). A page whose text runs
  on far fewer lines than it has blocks (a minified page: the whole article on one line) is refused:
  its games could not be told apart by line; the message says to save it as text.

Stdlib only (:mod:`html.parser`, :mod:`codecs`).
"""

from __future__ import annotations

import codecs
import re
from html.parser import HTMLParser

from .shorten import shorten

__all__ = ["IntakeError", "decode", "guess_encoding", "encoding_hint", "html_text", "is_fb2", "is_html", "mojibake", "other_format"]


class IntakeError(Exception):
    """A file's bytes cannot become a corpus text as asked; the message is one line (no file name)."""


_UTF8_NAMES = {"utf-8", "utf_8", "utf8", "utf-8-sig", "utf_8_sig"}
_BOX_RE = re.compile("[\u2500-\u259f\u0080-\u009f]")
_CYR_WORD_RE = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґ]{3,}")
_CASE_FLIP_RE = re.compile(r"[а-яёіїєґ][А-ЯЁІЇЄҐ]")
_ODD_IN_WORD_RE = re.compile(r"[а-яёіїєґА-ЯЁІЇЄҐ]*(?:(?<=[а-яёіїєґА-ЯЁІЇЄҐ])[€„“”‰™ЂЃЋЏЉЊЅѕѓћџљњ]|[€„“”‰™ЂЃЋЏЉЊЅѕѓћџљњ]"
                             r"(?=[а-яёіїєґА-ЯЁІЇЄҐ]))[а-яёіїєґА-ЯЁІЇЄҐ€„“”‰™ЂЃЋЏЉЊЅѕѓћџљњ]*")
"""A Cyrillic word with a sign or a Serbian letter inside («ѕась€нс», «корол€»: a Mac code page read
as another); «ђ» is left out (pre-1918 prints use it for «ѣ»)."""
_UTF8_AS_1251_RE = re.compile(r"(?:[РС][\u0400-\u045f\u0490\u0491\u00a0-\u00bf\u2018-\u203a\u2116]){3,}")


def mojibake(text: str) -> str | None:
    """A sample of ``text`` that reads as mojibake, or ``None`` when it reads as text.

    Five shapes: UTF-8 Cyrillic decoded as cp1251 («РџР°СЃСЊСЏРЅСЃ»: «Р»/«С» before every other
    letter), a wrong Cyrillic code page (a third or more of the Cyrillic words of three letters and
    more have a lower-case letter before a capital: «пБУШБОУ»; or such words open sentences of
    capitals), Cyrillic words with a sign or a Serbian letter inside («ѕась€нс»), Cyrillic bytes read as Latin-1 (a
    third of the letters or more in À–ÿ: «Ïàñüÿíñ»), box-drawing or C1 control characters
    (more than 2 % of the non-blank characters)."""
    m = _UTF8_AS_1251_RE.search(text)
    if m:
        return m.group(0)[:24]
    ws = _CYR_WORD_RE.findall(text)
    flipped = [w for w in ws if _CASE_FLIP_RE.search(w)]
    caps = [w for w in ws if w.isupper()]
    if len(ws) >= 5 and flipped and (len(flipped) * 3 >= len(ws) or (
            len(flipped) * 20 >= len(ws) and len(flipped) + len(caps) >= 0.8 * len(ws))):
        return " ".join(flipped[:3])[:40]
    odd = _ODD_IN_WORD_RE.findall(text)
    if len(odd) >= 2:
        return " ".join(odd[:3])[:40]
    letters = [c for c in text if c.isalpha()]
    latin1 = sum(1 for c in letters if "\u00c0" <= c <= "\u00ff")
    if len(letters) >= 20 and latin1 * 3 >= len(letters):
        i = next(k for k, c in enumerate(text) if "\u00c0" <= c <= "\u00ff")
        return text[i: i + 24]  # «Ïàñüÿíñ»: Cyrillic bytes read as Latin-1
    dense = [c for c in text if not c.isspace()]
    box = _BOX_RE.findall(text)
    if dense and len(box) > 0.02 * len(dense) and len(box) >= 5:
        i = text.index(box[0])
        return text[max(0, i - 10): i + 14]
    return None


CYRILLIC_CODE_PAGES = (("cp1251", "Windows Cyrillic"), ("koi8-r", "old Unix Cyrillic"), ("koi8-u", "old Unix Ukrainian"),
                       ("cp866", "DOS Cyrillic"), ("mac-cyrillic", "old Mac Cyrillic"))
"""The single-byte Cyrillic code pages :func:`guess_encoding` tries, most common first (a tie goes to the first)."""


def guess_encoding(data: bytes) -> tuple[str, str, str] | None:
    """The Cyrillic code page ``data`` (bytes that are not UTF-8) reads best in, as ``(encoding, what
    it is, a sample of the text so read)``, or ``None`` when none reads as text.

    Each of :data:`CYRILLIC_CODE_PAGES` decodes the bytes; a reading that is mojibake
    (:func:`mojibake`) is out; the rest are scored by the share of their Cyrillic words of three
    letters and more that the Russian or Ukrainian dictionary knows (pymorphy3
    ``word_is_known``), on at most the first 200 such words. A reading needs half of them known
    (one sentence is enough: «Пасьянс «Косынка». Карты кладут на туза по масти.»)."""
    from .morph import analyzer

    readings = []
    for name, what in CYRILLIC_CODE_PAGES:
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        if mojibake(text) is not None:
            continue
        words = _CYR_WORD_RE.findall(text)[:200]
        if not words:
            continue
        known = sum(1 for w in words if analyzer("ru").word_is_known(w.lower()) or analyzer("uk").word_is_known(w.lower()))
        if known * 2 >= len(words):  # a tie of the words known goes to the reading with fewer box-drawing signs (koi8-u's «Ї»)
            sample = shorten(" ".join(text[text.index(words[0]):].split()), 30)
            readings.append(((round(known / len(words), 2), -len(_BOX_RE.findall(text))), (name, what, sample)))
    return max(readings, key=lambda r: r[0])[1] if readings else None


def encoding_hint(data: bytes, command: str = "pasyans add --encoding") -> str:
    """What to do with ``data`` that is not UTF-8, for a message: ``it reads as cp1251 (Windows
    Cyrillic: «Пасьянс «Косынка». Карты…»): give `pasyans add --encoding cp1251``` when
    :func:`guess_encoding` finds a code page, else the common two to try."""
    guessed = guess_encoding(data)
    if guessed is None:
        return (f"give `{command} cp1251` if it is a Windows Cyrillic file (koi8-r: an old Unix one), "
                "or save it as UTF-8")
    name, what, sample = guessed
    return f"it reads as {name} ({what}: «{sample}»): give `{command} {name}`"


def _own_encoding(data: bytes) -> str:
    """What :func:`decode` says to give instead of a wrong encoding: the code page the bytes read in
    (:func:`encoding_hint`), else the common ones."""
    if guess_encoding(data) is None:
        return "give the file's own encoding (cp1251, koi8-r, utf-8)"
    return encoding_hint(data)


def decode(data: bytes, encoding: str) -> bytes:
    """``data`` read in ``encoding`` and written as UTF-8; :class:`IntakeError` when the encoding
    is unknown, cannot read the bytes, or gives mojibake (see :func:`mojibake`). A file that is
    valid UTF-8 with letters beyond ASCII, read in another encoding, is refused: it is UTF-8."""
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        raise IntakeError(f"unknown encoding {encoding!r}; give one Python knows, e.g. cp1251, koi8-r, utf-8") from None
    try:
        text = data.decode(name)
    except UnicodeDecodeError as e:
        raise IntakeError(f"cannot read as {encoding} (byte {data[e.start]:#04x} at offset {e.start} "
                          f"is no {encoding} character); {_own_encoding(data)}") from None
    if name not in _UTF8_NAMES and any(b > 0x7F for b in data):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            raise IntakeError(f"the file is UTF-8 text: read as {encoding} it would be stored as mojibake "
                              f"(«{shorten(text.strip(), 21)}»); leave out --encoding")
    sample = mojibake(text)
    if sample is not None:
        raise IntakeError(f"read as {encoding} the text is mojibake («{sample}»); {_own_encoding(data)}")
    return text.encode("utf-8")


_HTML_START_RE = re.compile(r"\A\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*(?:<!DOCTYPE\s+html|<html[\s>])", re.I | re.S)
_TAG_RE = re.compile(r"</?(?:p|div|br|h[1-6]|li|ul|ol|table|tr|td|span|a|b|i|em|strong|body|head|meta|link)\b[^>]*>", re.I)


_FB2_RE = re.compile(r"\A\s*(?:<\?xml[^>]*>\s*)?<FictionBook\b", re.S)
_OTHER_FORMATS = ((re.compile(r"\A\s*\{\\rtf"), "an RTF document"), (re.compile(r"\A%PDF-"), "a PDF file"),
                  (re.compile(r"\APK\x03\x04"), "a zip archive (a .docx or .odt document?)"))


def other_format(text: str) -> str | None:
    """One line saying why ``text`` cannot be read as a rule text (an RTF document, a PDF file, a zip
    archive: their markup would be read as words), or ``None``."""
    for rx, what in _OTHER_FORMATS:
        if rx.match(text):
            return f"{what}, not plain text: save it as plain text (UTF-8) and add that"
    return None


def is_fb2(text: str, suffix: str = "") -> bool:
    """Whether ``text`` is a FictionBook (``.fb2``) e-book: the XML opens with ``<FictionBook``."""
    return suffix.lower() == ".fb2" or bool(_FB2_RE.match(text))


def is_html(text: str, suffix: str = "") -> bool:
    """Whether ``text`` is an HTML page (or a FictionBook e-book, read the same way): an
    ``.html``/``.htm``/``.xhtml``/``.fb2`` file name, a document that opens with ``<!DOCTYPE html>`` /
    ``<html>`` / ``<FictionBook``, or one with 5 or more common tags in its first 5,000 characters
    that make up more than a tenth of them."""
    if suffix.lower() in (".html", ".htm", ".xhtml") or is_fb2(text, suffix):
        return True
    if _HTML_START_RE.match(text):
        return True
    head = text[:5000]
    tags = _TAG_RE.findall(head)
    return len(tags) >= 5 and sum(map(len, tags)) * 10 > len(head)


_BLANKED = {"script", "style", "head", "noscript", "template", "svg"}
_BLOCKS = {"p", "div", "li", "tr", "br", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "blockquote", "pre", "section",
           "article", "header", "footer", "nav", "table", "ul", "ol"}


class _LineText(HTMLParser):
    """Collects the text of each source line; tags give nothing, headings give Markdown marks."""

    def __init__(self, n_lines: int, fb2: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.out = [""] * n_lines
        # a FictionBook: <description>/<binary> hold no text of the book, <title>/<subtitle> are its headings
        self.blanked = (_BLANKED - {"head"}) | {"description", "binary"} if fb2 else _BLANKED
        self.headings = {"title": 2, "subtitle": 3} if fb2 else {f"h{k}": k for k in range(1, 7)}
        self.hidden = 0
        self.blocks = 0
        self.marked: dict[int, int] = {}  # line → length of its heading mark
        self.heading_end: dict[int, int] = {}  # line → where its heading's text ended

    def _line(self) -> int:
        return self.getpos()[0] - 1

    def handle_starttag(self, tag, attrs):
        if tag in self.blanked:
            self.hidden += 1
        if tag in _BLOCKS or tag in self.headings:
            self._block()
        if tag in self.headings and not self.hidden and not self.out[self._line()].strip():
            level = self.headings[tag]
            self.out[self._line()] += "#" * level + " "  # a heading opening its line: a Markdown mark
            self.marked[self._line()] = level + 1

    def _block(self) -> None:
        """A block opens: counted, and set apart by a space from text before it on its line."""
        self.blocks += 1
        if self.out[self._line()].strip():
            self.out[self._line()] += " "

    def handle_startendtag(self, tag, attrs):
        if tag in _BLOCKS:
            self._block()

    def handle_endtag(self, tag):
        if tag in self.blanked and self.hidden:
            self.hidden -= 1
        if tag in self.headings:
            self.heading_end[self._line()] = len(self.out[self._line()].rstrip())

    def unmark_run_on(self) -> None:
        """A heading with more text after it on its line («<h2>Правила</h2><p>Тузы …») keeps no mark."""
        for n, k in self.marked.items():
            end = self.heading_end.get(n)
            if end is None or len(self.out[n].rstrip()) > end:
                self.out[n] = self.out[n][k:]

    def handle_data(self, data):
        if self.hidden:
            return
        n = self._line()
        for k, piece in enumerate(data.split("\n")):
            if n + k < len(self.out):
                self.out[n + k] += piece


def html_text(text: str, suffix: str = "") -> str:
    """The text of the HTML page (or FictionBook e-book) ``text``, one output line per source line
    (see the module doc). Raises :class:`IntakeError` for a page whose text cannot keep its lines
    apart (a minified page)."""
    lines = text.split("\n")
    p = _LineText(len(lines), fb2=is_fb2(text, suffix))
    p.feed(text)
    p.close()
    p.unmark_run_on()
    out = [" ".join(s.replace("\xa0", " ").split()) for s in p.out]
    filled = sum(1 for s in out if s)
    if p.blocks >= 6 and filled * 3 < p.blocks:
        raise IntakeError(f"an HTML page with {p.blocks} paragraphs and headings on {filled} lines: its games "
                          "cannot be told apart by line; save it as plain text (a browser's «Save as… Text») "
                          "and add that")
    if not filled:
        raise IntakeError("an HTML page without text; give the page that holds the rules")
    return "\n".join(out)

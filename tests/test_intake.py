"""Input hygiene of ``pasyans add`` (TESTER7): a declared encoding that would store mojibake stops
with one line; an HTML page is stored as its text with the page's own line numbers."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pasyans.add import AddError, add_texts
from pasyans.cli import app
from pasyans.intake import IntakeError, decode, html_text, is_fb2, is_html, mojibake, other_format

RU = "Пасьянс «Часы». Тринадцать кучек по четыре карты; короля кладут в середину круга."
UK = "Пасьянс «Годинник». Тринадцять купок по чотири карти; відкривають верхню карту."


@pytest.mark.parametrize("text, enc", [(RU, "cp1251"), (RU, "koi8-r"), (UK, "cp1251"), (UK, "cp866")])
def test_a_utf8_file_read_as_a_code_page_is_refused(text, enc):
    with pytest.raises(IntakeError, match="the file is UTF-8 text.*leave out --encoding"):
        decode(text.encode("utf-8"), enc)


@pytest.mark.parametrize("enc", ["koi8-r", "cp866", "latin-1", "mac-cyrillic"])
def test_a_windows_cyrillic_file_read_in_another_code_page_is_mojibake(enc):
    data = RU.encode("cp1251")
    try:
        got = decode(data, enc).decode("utf-8")
    except IntakeError as e:
        assert "mojibake" in str(e) and "\n" not in str(e)
    else:  # a code page that reads these bytes as the same letters is no mojibake
        assert got == RU


@pytest.mark.parametrize("text", [RU, UK, "ПАСЬЯНСЪ «ЧАСЫ». Кладутъ тринадцать кучекъ.", "Косынка (Klondike), ВКонтакте"])
def test_real_text_is_no_mojibake(text):
    assert mojibake(text) is None
    assert decode(text.encode("cp1251"), "cp1251").decode("utf-8") == text


def test_an_unknown_or_unreadable_encoding_is_one_line():
    with pytest.raises(IntakeError, match="unknown encoding 'cp9999'"):
        decode(b"abc", "cp9999")
    with pytest.raises(IntakeError, match=r"cannot read as ascii \(byte 0xd0 at offset 0"):
        decode("Часы".encode("utf-8"), "ascii")


PAGE = """<!DOCTYPE html>
<html><head><title>Пасьянсы</title>
<style>h1 { font-size: 2em }
</style></head>
<body>
<h1>Пасьянс &laquo;Часы&raquo;</h1>
<p>Тринадцать кучек по четыре карты
кладут по кругу.</p>
<h2>Правила</h2>
<p>Открытую карту кладут под кучку её часа.</p>
<script>var x = "<p>не текст</p>";</script>
</body></html>
"""


def test_an_html_page_keeps_its_line_numbers():
    assert is_html(PAGE) and is_html("просто текст", ".htm") and not is_html(RU)
    out = html_text(PAGE).split("\n")
    assert len(out) == len(PAGE.split("\n"))
    assert out[5] == "# Пасьянс «Часы»" and out[6] == "Тринадцать кучек по четыре карты"
    assert out[8] == "## Правила" and out[9] == "Открытую карту кладут под кучку её часа."
    assert not out[1] and not out[2] and not out[10]  # head, style and script give no text


def test_a_heading_run_on_with_a_paragraph_keeps_no_mark():
    out = html_text("<html><body>\n<h2>Правила</h2><p>Тузы идут в базу.</p>\n</body></html>\n").split("\n")
    assert out[1] == "Правила Тузы идут в базу."


def test_a_minified_page_is_refused_in_one_line():
    page = "<html><body>" + "".join(f"<h2>Игра {i}</h2><p>Её раскладывают {i} раз.</p>" for i in range(4)) + "</body></html>"
    with pytest.raises(IntakeError, match="cannot be told apart by line; save it as plain text"):
        html_text(page)


def test_add_stores_an_html_page_as_text_and_says_so(tmp_path):
    f = tmp_path / "chasy.html"
    f.write_text(PAGE, "utf-8")
    (done,) = add_texts([f], tmp_path / "c", empty=True)
    stored = (tmp_path / "c" / done.entry["file"]).read_text("utf-8")
    assert "<p>" not in stored and stored.split("\n")[5] == "# Пасьянс «Часы»"
    assert "HTML" in done.entry["decided"]["html"]
    assert done.entry["title"] == "Пасьянс «Часы»"  # the <title> in <head> is no heading of the text


def test_add_with_a_wrong_encoding_stops_in_one_line_and_writes_nothing(tmp_path):
    f = tmp_path / "chasy.txt"
    f.write_text(RU + "\n", "utf-8")
    r = CliRunner().invoke(app, ["add", str(f), "--corpus", str(tmp_path / "c"), "--empty", "--encoding", "cp1251"])
    assert r.exit_code != 0 and "Traceback" not in r.output
    msg = [ln for ln in r.output.splitlines() if ln.strip()]
    assert len(msg) == 1 and "UTF-8" in msg[0] and "leave out --encoding" in msg[0]
    assert not (tmp_path / "c").exists()
    with pytest.raises(AddError, match="mojibake"):
        g = tmp_path / "cp.txt"
        g.write_bytes(RU.encode("cp1251"))
        add_texts([g], tmp_path / "c", empty=True, encoding="koi8-r")


def test_a_hand_listed_html_page_builds_from_its_text(tmp_path):
    import json

    from pasyans.corpus import load_corpus

    (tmp_path / "chasy.html").write_text(PAGE, "utf-8")
    (tmp_path / "manifest.json").write_text(json.dumps({"sources": [
        {"id": "h1", "file": "chasy.html", "language": "ru"}]}), "utf-8")
    (src,) = load_corpus(tmp_path)
    assert src.lines[5] == "# Пасьянс «Часы»" and "<" not in src.text


FB2 = """<?xml version="1.0" encoding="utf-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">
<description><title-info><book-title>Сборник пасьянсов</book-title></title-info></description>
<body>
<section><title><p>Пасьянс «Часы»</p></title>
<p>Тринадцать кучек по четыре карты кладут кругом.</p>
</section>
</body>
<binary id="cover.jpg">/9j/4AAQSkZJRgABAQ</binary>
</FictionBook>
"""


def test_a_fictionbook_is_read_as_its_text_with_its_titles():
    assert is_html(FB2) and is_fb2(FB2)
    out = html_text(FB2).split("\n")
    assert out[4] == "## Пасьянс «Часы»" and out[5] == "Тринадцать кучек по четыре карты кладут кругом."
    assert not out[2] and not out[8]  # the description and the cover picture give no text


def test_rtf_and_pdf_are_refused_in_one_line(tmp_path):
    f = tmp_path / "rules.rtf"
    f.write_text("{\\rtf1\\ansi {\\b Пасьянс} Часы\\par}", "utf-8")
    with pytest.raises(AddError, match="an RTF document, not plain text: save it as plain text"):
        add_texts([f], tmp_path / "c", empty=True)
    assert other_format("%PDF-1.4 ...") and other_format(RU) is None


def test_a_saved_page_is_titled_by_its_heading_not_its_menu(tmp_path):
    from pasyans.add import detect

    f = tmp_path / "page.txt"
    f.write_text("Главная | Пасьянсы | Форум\nГлавная › Пасьянсы › Гольф\n\nПасьянс «Гольф»\n\nКарты снимают на отбой.\n", "utf-8")
    assert detect(f).entry["title"] == "Пасьянс «Гольф»"


@pytest.mark.parametrize("text, enc", [(RU, "cp1251"), (RU, "koi8-r"), (RU, "cp866"), (UK, "cp1251"), (UK, "koi8-u")])
def test_a_file_in_a_cyrillic_code_page_is_refused_naming_that_code_page(tmp_path, text, enc):
    # the line said «give --encoding cp1251 if it is a Windows Cyrillic file (koi8-r: an old Unix one)» to every such file
    text = text.replace("«", '"').replace("»", '"')  # KOI8 and DOS have no guillemets
    f = tmp_path / "one.txt"
    f.write_bytes(text.encode(enc))
    r = CliRunner().invoke(app, ["add", str(f), "--corpus", str(tmp_path / "c"), "--empty"])
    assert r.exit_code == 1 and not (tmp_path / "c").exists()
    line = r.stderr.strip()
    assert "\n" not in line and line.startswith(f"error: {f}:1: not UTF-8 text (bad byte at offset 0); it reads as {enc} ("), line
    assert f': «{" ".join(text.split()[:2])}' in line and line.endswith(f"»): give `pasyans add --encoding {enc}`"), line


def test_a_wrong_encoding_given_names_the_one_the_file_reads_in(tmp_path):
    f = tmp_path / "one.txt"
    f.write_bytes(RU.replace("«", '"').replace("»", '"').encode("koi8-r"))
    r = CliRunner().invoke(app, ["add", str(f), "--corpus", str(tmp_path / "c"), "--empty", "--encoding", "cp1251"])
    assert r.exit_code == 1 and not (tmp_path / "c").exists()
    line = r.stderr.strip()
    assert line.startswith(f"error: {f}: read as cp1251 the text is mojibake («"), line
    assert line.endswith('; it reads as koi8-r (old Unix Cyrillic: «Пасьянс "Часы". Тринадцать…»): '
                         "give `pasyans add --encoding koi8-r`"), line


def test_bytes_of_no_cyrillic_code_page_get_the_common_two_to_try():
    from pasyans.intake import encoding_hint, guess_encoding

    assert guess_encoding(b"\x89PNG\r\n\x1a\n\xff\xfe") is None
    assert encoding_hint(b"\xff\xfe") == ("give `pasyans add --encoding cp1251` if it is a Windows Cyrillic file "
                                          "(koi8-r: an old Unix one), or save it as UTF-8")

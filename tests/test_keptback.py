"""bench/keptback.py: a sealed kept-back set opens with its passphrase only, and never overwrites."""

from __future__ import annotations

from .bench_loader import load_bench

keptback = load_bench("keptback")


def _set(tmp_path):
    folder = tmp_path / "heldout99"
    (folder / "texts").mkdir(parents=True)
    (folder / "texts" / "a.txt").write_text("Пасьянс «Косынка»\n\nКороль идёт на пустое место.\n", encoding="utf-8")
    (folder / "segments.json").write_text('{"texts": []}', encoding="utf-8")
    return folder


def test_round_trip_gives_back_every_file(tmp_path, monkeypatch):
    monkeypatch.setenv("PASYANS_KEPTBACK_KEY", "секрет")
    sealed = tmp_path / "sets.bin"
    assert keptback.main(["pack", str(_set(tmp_path)), "--out", str(sealed)]) == 0
    assert "Косынка".encode() not in sealed.read_bytes()
    out = tmp_path / "out"
    assert keptback.main(["unpack", str(sealed), "--to", str(out)]) == 0
    assert (out / "heldout99" / "texts" / "a.txt").read_text(encoding="utf-8").startswith("Пасьянс «Косынка»")
    assert (out / "heldout99" / "segments.json").read_text(encoding="utf-8") == '{"texts": []}'


def test_wrong_passphrase_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    sealed = tmp_path / "sets.bin"
    sealed.write_bytes(keptback.seal(keptback.pack([_set(tmp_path)]), "верный"))
    monkeypatch.setenv("PASYANS_KEPTBACK_KEY", "неверный")
    assert keptback.main(["list", str(sealed)]) == 2
    err = capsys.readouterr().err
    assert err == "keptback: wrong passphrase, or the file is damaged\n"


def test_no_passphrase_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    sealed = tmp_path / "sets.bin"
    sealed.write_bytes(keptback.seal(keptback.pack([_set(tmp_path)]), "верный"))
    monkeypatch.delenv("PASYANS_KEPTBACK_KEY", raising=False)

    def closed_input(prompt):
        raise EOFError

    monkeypatch.setattr(keptback.getpass, "getpass", closed_input)
    assert keptback.main(["list", str(sealed)]) == 2
    err = capsys.readouterr().err
    assert err == "keptback: no passphrase: set PASYANS_KEPTBACK_KEY or type it when asked\n"


def test_damaged_file_is_refused(tmp_path):
    sealed = bytearray(keptback.seal(keptback.pack([_set(tmp_path)]), "k"))
    sealed[40] ^= 1
    try:
        keptback.unseal(bytes(sealed), "k")
    except keptback.SealError as exc:
        assert "damaged" in str(exc)
    else:
        raise AssertionError("a damaged file opened")


def test_unpack_never_overwrites(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PASYANS_KEPTBACK_KEY", "k")
    folder = _set(tmp_path)
    sealed = tmp_path / "sets.bin"
    keptback.main(["pack", str(folder), "--out", str(sealed)])
    assert keptback.main(["pack", str(folder), "--out", str(sealed)]) == 2
    assert "exists; pass --force" in capsys.readouterr().err
    assert keptback.main(["unpack", str(sealed), "--to", str(tmp_path)]) == 2   # heldout99/ is there
    assert "exists; unpack into an empty folder" in capsys.readouterr().err
    assert (folder / "segments.json").read_text(encoding="utf-8") == '{"texts": []}'

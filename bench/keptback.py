"""Kept-back evaluation sets, sealed: pack folders into one encrypted file the repository can carry.

The lead's kept-back sets (whole texts of other authors with their annotations, read by
``bench/heldout.py``) must stay unseen by whoever tunes the reader, yet survive from one working
session to the next, where only the repository survives. So they travel inside the repository sealed
with a passphrase only the lead holds: developers and users see an opaque file.

Format of the sealed file (bytes)::

    b"PKB1" | salt (16) | nonce (16) | ciphertext | tag (32)

``ciphertext`` is a gzipped tar of the packed folders (paths relative to their parent) XORed with a
SHA-256 counter-mode keystream; the key pair is ``hashlib.scrypt(passphrase, salt, n=2**14, r=8,
p=1, dklen=64)`` (32 bytes to encrypt, 32 to authenticate) and ``tag`` is HMAC-SHA-256 over
everything before it. Standard library only.

Run from the repository root (the passphrase from ``$PASYANS_KEPTBACK_KEY`` or asked for)::

    python bench/keptback.py pack /path/heldout12 /path/heldout13 --out bench/keptback/sets.bin
    python bench/keptback.py unpack bench/keptback/sets.bin --to /path/dir
    python bench/keptback.py list bench/keptback/sets.bin

Errors: a wrong passphrase or a damaged file is one line on stderr and exit code 2; ``unpack`` never
overwrites an existing file (exit code 2, naming it).
"""

from __future__ import annotations

import argparse
import getpass
import hashlib
import hmac
import io
import os
import secrets
import sys
import tarfile
from pathlib import Path

MAGIC = b"PKB1"
_SALT = _NONCE = 16
_TAG = 32


class SealError(Exception):
    """The sealed file cannot be opened: wrong passphrase, damaged or not a sealed file."""


def _keys(passphrase: str, salt: bytes) -> tuple[bytes, bytes]:
    """(encryption key, authentication key), 32 bytes each, from the passphrase and salt."""
    both = hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=2**14, r=8, p=1, dklen=64)
    return both[:32], both[32:]


def _xor_stream(data: bytes, key: bytes, nonce: bytes) -> bytes:
    """``data`` XOR the SHA-256 counter keystream of (key, nonce); its own inverse."""
    blocks = bytearray()
    for counter in range((len(data) + 31) // 32):
        blocks += hashlib.sha256(key + nonce + counter.to_bytes(8, "big")).digest()
    stream = int.from_bytes(bytes(blocks[: len(data)]), "big")
    return (int.from_bytes(data, "big") ^ stream).to_bytes(len(data), "big") if data else b""


def seal(payload: bytes, passphrase: str) -> bytes:
    """The sealed bytes of ``payload`` (see the module docstring for the layout)."""
    salt, nonce = secrets.token_bytes(_SALT), secrets.token_bytes(_NONCE)
    enc, mac = _keys(passphrase, salt)
    body = MAGIC + salt + nonce + _xor_stream(payload, enc, nonce)
    return body + hmac.new(mac, body, hashlib.sha256).digest()


def unseal(sealed: bytes, passphrase: str) -> bytes:
    """The payload of ``sealed``. Raises SealError on a wrong passphrase or a damaged file."""
    if len(sealed) < len(MAGIC) + _SALT + _NONCE + _TAG or not sealed.startswith(MAGIC):
        raise SealError("not a sealed kept-back file (no PKB1 header)")
    body, tag = sealed[:-_TAG], sealed[-_TAG:]
    salt = body[len(MAGIC): len(MAGIC) + _SALT]
    nonce = body[len(MAGIC) + _SALT: len(MAGIC) + _SALT + _NONCE]
    enc, mac = _keys(passphrase, salt)
    if not hmac.compare_digest(tag, hmac.new(mac, body, hashlib.sha256).digest()):
        raise SealError("wrong passphrase, or the file is damaged")
    return _xor_stream(body[len(MAGIC) + _SALT + _NONCE:], enc, nonce)


def pack(folders: list[Path]) -> bytes:
    """A gzipped tar of ``folders``, each stored under its own name. Raises SealError on a missing folder."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for folder in folders:
            if not folder.is_dir():
                raise SealError(f"{folder}: no such folder")
            tar.add(folder, arcname=folder.name)
    return out.getvalue()


def members(payload: bytes) -> list[str]:
    """The file paths inside a packed payload."""
    with tarfile.open(fileobj=io.BytesIO(payload), mode="r:gz") as tar:
        return [m.name for m in tar.getmembers() if m.isfile()]


def unpack(payload: bytes, target: Path) -> list[Path]:
    """Write the payload's files under ``target``; returns them. Raises SealError before writing
    anything if a file already exists there or a path would leave ``target``."""
    with tarfile.open(fileobj=io.BytesIO(payload), mode="r:gz") as tar:
        files = [m for m in tar.getmembers() if m.isfile()]
        for m in files:
            dest = (target / m.name).resolve()
            if target.resolve() not in dest.parents:
                raise SealError(f"{m.name}: a path outside the target folder")
            if dest.exists():
                raise SealError(f"{dest}: exists; unpack into an empty folder")
        written = []
        for m in files:
            dest = target / m.name
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(tar.extractfile(m).read())
            written.append(dest)
    return written


def _passphrase() -> str:
    """The passphrase: ``$PASYANS_KEPTBACK_KEY``, else asked for on the terminal.

    Raises SealError when neither gives one (no variable and no input: a pipe closed, Ctrl-D).
    """
    key = os.environ.get("PASYANS_KEPTBACK_KEY")
    if key:
        return key
    try:
        key = getpass.getpass("kept-back passphrase: ")
    except (EOFError, KeyboardInterrupt):
        key = ""
    if not key:
        raise SealError("no passphrase: set PASYANS_KEPTBACK_KEY or type it when asked")
    return key


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pack", help="seal folders into one file")
    p.add_argument("folders", nargs="+", type=Path)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    u = sub.add_parser("unpack", help="open a sealed file into a folder")
    u.add_argument("sealed", type=Path)
    u.add_argument("--to", type=Path, required=True)
    ls = sub.add_parser("list", help="list the files inside a sealed file")
    ls.add_argument("sealed", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "pack":
            if args.out.exists() and not args.force:
                raise SealError(f"{args.out}: exists; pass --force to replace it")
            payload = pack(args.folders)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_bytes(seal(payload, _passphrase()))
            print(f"{args.out}: {len(members(payload))} files sealed")
        else:
            if not args.sealed.is_file():
                raise SealError(f"{args.sealed}: no such file")
            payload = unseal(args.sealed.read_bytes(), _passphrase())
            if args.command == "list":
                print("\n".join(members(payload)))
            else:
                written = unpack(payload, args.to)
                print(f"{len(written)} files written under {args.to}")
    except (SealError, tarfile.TarError, OSError) as exc:
        print(f"keptback: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

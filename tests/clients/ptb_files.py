"""python-telegram-bot 22.8 and files: a Bot sends a document and a photo, fetches them with
getFile and File.download_to_drive, and downloads a document a person sent it. Runs against a
server with --local (MSG_LOCAL_MODE=1: PTB's local_mode, absolute file paths read from disk) or
without (downloads over {base}/file/bot<token>/<path>)."""

import asyncio
import os
import struct
import tempfile
import zlib
from pathlib import Path

from telegram import Bot

from msg_bot_api_testing import Person

BASE = os.environ["MSG_BASE_URL"]


def png(width: int, height: int) -> bytes:
    """A small RGB PNG, written by hand so no imaging library is needed."""
    rows = b"".join(b"\x00" + b"".join(bytes((x % 256, y % 256, 90)) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


async def main() -> None:
    local = os.environ.get("MSG_LOCAL_MODE") == "1"
    token = os.environ["MSG_BOT_TOKEN"]
    person = Person(BASE, os.environ["MSG_USER_TOKEN"])
    bot = Bot(token, base_url=f"{BASE}/bot", base_file_url=f"{BASE}/file/bot", local_mode=local)
    work = Path(tempfile.mkdtemp())
    async with bot:
        me = await bot.get_me()
        person.call("sendMessage", chat_id=me.id, text="hi")
        alice = person.call("getMe")["id"]

        # A document up, then down through getFile and download_to_drive.
        content = os.urandom(300_000)
        message = await bot.send_document(alice, document=content, filename="data.bin", caption="here")
        assert message.document.file_name == "data.bin", message.document
        assert message.document.file_size == len(content)
        file = await bot.get_file(message.document.file_id)
        assert file.file_size == len(content)
        assert Path(file.file_path).is_absolute() == local, file.file_path
        target = await file.download_to_drive(work / "data.bin")
        assert Path(target).read_bytes() == content
        assert bytes(await file.download_as_bytearray()) == content

        # A photo: sizes, and the largest is the original.
        picture = png(400, 300)
        message = await bot.send_photo(alice, photo=picture)
        sizes = [(p.width, p.height) for p in message.photo]
        assert sizes == [(90, 68), (320, 240), (400, 300)], sizes
        largest = await bot.get_file(message.photo[-1].file_id)
        assert Path(await largest.download_to_drive(work / "photo.png")).read_bytes() == picture

        # A person sends a file; the bot finds it in its updates and downloads it.
        sent = os.urandom(50_000)
        person.send_file("sendDocument", "document", "from-alice.bin", sent, chat_id=me.id, caption="for you")
        updates = await bot.get_updates(timeout=5)
        documents = [u.message.document for u in updates if u.message and u.message.document]
        assert documents, updates
        received = await bot.get_file(documents[-1].file_id)
        assert Path(await received.download_to_drive(work / "received.bin")).read_bytes() == sent

        # The person sees the bot's files too.
        seen = person.expect_message(lambda m: "photo" in m, "the photo")
        assert len(seen["photo"]) == 3
    print(f"python-telegram-bot flow 4 (files, local={str(local).lower()}): ok")
    print(f"ptb files (local_mode={local}): ok")


asyncio.run(main())

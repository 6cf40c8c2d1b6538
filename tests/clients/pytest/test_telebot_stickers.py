"""pyTelegramBotAPI 4.37 under the pytest plugin: a sticker echo bot in telebot's style. The bot
makes a sticker set for the person (`create_new_sticker_set` from an uploaded PNG), sends one of
its stickers; the person sends that sticker back from the set, and the bot echoes it
(`send_sticker` by `file_id`) and names its set and emoji."""

import io
import threading

import telebot
from telebot import apihelper, types


def _png(width, height):
    """A plain PNG, made with zlib (no imaging library needed)."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + b"\xff\x80\x20" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def test_telebot_sticker_echo(msg_server, msg_person):
    tested = msg_server.create_bot("tb_sticker_bot")
    apihelper.API_URL = msg_server.base_url + "/bot{0}/{1}"
    apihelper.FILE_URL = msg_server.base_url + "/file/bot{0}/{1}"
    bot = telebot.TeleBot(tested.token, threaded=False)
    name = f"smiles_by_{tested.username}"

    @bot.message_handler(commands=["pack"])
    def pack(m):
        sticker = types.InputSticker(io.BytesIO(_png(512, 512)), ["😀"], "static", keywords=["smile"])
        bot.create_new_sticker_set(m.from_user.id, name, "Smiles", stickers=[sticker])
        first = bot.get_sticker_set(name).stickers[0]
        bot.send_sticker(m.chat.id, first.file_id)

    @bot.message_handler(content_types=["sticker"])
    def echo(m):
        bot.send_sticker(m.chat.id, m.sticker.file_id)
        bot.send_message(m.chat.id, f"{m.sticker.set_name} {m.sticker.emoji}")

    polling = threading.Thread(target=bot.infinity_polling, kwargs={"timeout": 1, "long_polling_timeout": 1}, daemon=True)
    polling.start()
    try:
        msg_person.send_message(tested, "/pack")
        sent = msg_person.expect_message(lambda m: "sticker" in m, "the set's sticker", timeout=15)
        assert (sent["sticker"]["set_name"], sent["sticker"]["emoji"]) == (name, "😀"), sent
        # The person sends the set's sticker back, by the file_id they have.
        mine = msg_person.send_sticker(tested, sent["sticker"]["file_id"])
        assert mine["sticker"]["set_name"] == name, mine
        echoed = msg_person.expect_message(lambda m: "sticker" in m, "the echo", timeout=15)
        assert echoed["sticker"]["file_unique_id"] == sent["sticker"]["file_unique_id"]
        msg_person.expect_message(text=f"{name} 😀", timeout=15)
    except Exception:
        print(msg_server.output())
        raise
    finally:
        bot.stop_polling()
        polling.join(timeout=10)
    assert msg_server.violations() == []

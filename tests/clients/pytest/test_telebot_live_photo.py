"""pyTelegramBotAPI 4.37 under the pytest plugin: live photos (Bot API 10.0) in telebot's style.
The bot sends a live photo from uploads (`send_live_photo`); the person sends one of their own;
the bot, whose handler sees the `live_photo` content type through telebot's own types, sends it
back by its `file_id`s alone, in an album beside a plain photo (`InputMediaLivePhoto`) and its
video as a plain video."""

import io
import threading

import telebot
from telebot import apihelper, types

from test_telebot_stickers import _png

CLIP = b"a few frames of video, as far as the platform cares"
MINE = b"Alice's own clip"


def test_telebot_live_photos(msg_server, msg_person):
    tested = msg_server.create_bot("tb_live_bot")
    apihelper.API_URL = msg_server.base_url + "/bot{0}/{1}"
    apihelper.FILE_URL = msg_server.base_url + "/file/bot{0}/{1}"
    bot = telebot.TeleBot(tested.token, threaded=False)
    seen = []

    @bot.message_handler(commands=["live"])
    def live(m):
        bot.send_live_photo(m.chat.id, io.BytesIO(CLIP), io.BytesIO(_png(48, 32)), caption="from the bot")

    @bot.message_handler(content_types=["live_photo"])
    def echo(m):
        seen.append(m)
        video, still = m.live_photo.file_id, m.photo[-1].file_id
        bot.send_live_photo(m.chat.id, video, still, caption="yours, again")
        album = [types.InputMediaLivePhoto(video, still, caption="in an album"), types.InputMediaPhoto(still)]
        bot.send_media_group(m.chat.id, album)
        bot.send_video(m.chat.id, video, caption="as a video")
        # The video downloads as the person sent it.
        got = bot.download_file(bot.get_file(video).file_path)
        bot.send_message(m.chat.id, f"{len(got)} bytes")

    polling = threading.Thread(target=bot.infinity_polling, kwargs={"timeout": 1, "long_polling_timeout": 1}, daemon=True)
    polling.start()
    try:
        msg_person.send_message(tested, "/live")
        sent = msg_person.expect_message(lambda m: "live_photo" in m, "the bot's live photo", timeout=15)
        assert sent["caption"] == "from the bot" and sent["photo"] == sent["live_photo"]["photo"], sent
        assert (sent["live_photo"]["width"], sent["live_photo"]["height"]) == (48, 32), sent
        mine = msg_person.send_live_photo(tested, MINE, _png(20, 20), caption="mine")
        again = msg_person.expect_message(lambda m: m.get("caption") == "yours, again", "the echo", timeout=15)
        assert again["live_photo"]["file_unique_id"] == mine["live_photo"]["file_unique_id"]
        first = msg_person.expect_message(lambda m: m.get("caption") == "in an album", "the album", timeout=15)
        second = msg_person.expect_message(lambda m: "media_group_id" in m and "live_photo" not in m, "its photo", timeout=15)
        assert first["media_group_id"] == second["media_group_id"]
        plain = msg_person.expect_message(lambda m: m.get("caption") == "as a video", "the video", timeout=15)
        assert plain["video"]["file_unique_id"] == mine["live_photo"]["file_unique_id"], plain
        msg_person.expect_message(text=f"{len(MINE)} bytes", timeout=15)
        assert seen[0].content_type == "live_photo" and seen[0].live_photo.photo[-1].width == 20
    except Exception:
        print(msg_server.output())
        raise
    finally:
        bot.stop_polling()
        polling.join(timeout=10)
    assert msg_server.violations() == []

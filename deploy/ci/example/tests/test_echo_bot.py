"""The bot's end-to-end test: the pytest plugin (pytest-msg-bot-api) starts msg-bot-api with a
scratch directory, creates the bot and a person; the bot polls it as it would poll the public
address, and the test acts as the person."""

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from echo_bot import make_bot, make_dispatcher  # noqa: E402


@pytest.mark.anyio
async def test_greets_echoes_and_answers_the_button(msg_server, msg_person):
    tested = msg_server.create_bot("echo_ci_bot")
    bot = make_bot(tested.token, msg_server.base_url)
    polling = asyncio.create_task(make_dispatcher().start_polling(bot, handle_signals=False))
    try:
        await msg_person.aio.send_message(tested, "/start")
        hello = await msg_person.aio.expect_message(text="Hello, Alice!")
        pressed = await msg_person.aio.press_button(hello, "ping")
        assert pressed["answer"]["text"] == "pong"
        await msg_person.aio.expect_update(lambda u: u.get("edited_message", {}).get("text") == "Pinged")
        await msg_person.aio.send_message(tested, "shout")
        await msg_person.aio.expect_message(text="SHOUT")
    finally:
        polling.cancel()
        await bot.session.close()

"""README's "Testing your bot" example, verbatim: a python-telegram-bot echo bot under test."""

import pytest
from telegram.ext import Application, MessageHandler, filters


async def shout(update, context):
    await update.message.reply_text(update.message.text.upper())


@pytest.mark.anyio
async def test_the_bot_shouts_back(msg_server, msg_bot, msg_person):
    app = Application.builder().token(msg_bot.token).base_url(f"{msg_server.base_url}/bot").build()
    app.add_handler(MessageHandler(filters.TEXT, shout))
    async with app:
        await app.start()
        await app.updater.start_polling()
        await msg_person.aio.send_message(msg_bot, "hello")
        reply = await msg_person.aio.expect_message(text="HELLO", timeout=10)
        assert reply["from"]["username"] == "test_bot"
        await app.updater.stop()
        await app.stop()

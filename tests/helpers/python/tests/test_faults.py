"""README's "Testing the bad days" fault example: a python-telegram-bot bot whose rate limiter
(`AIORateLimiter`) meets a 429 with `retry_after`, waits as told and gets through; the call log
shows the refused call and the one that passed."""

import pytest
from telegram.ext import AIORateLimiter, Application, MessageHandler, filters


async def echo(update, context):
    await update.message.reply_text(f"echo: {update.message.text}")


@pytest.mark.anyio
async def test_the_rate_limiter_retries_a_429_and_gets_through(msg_server, msg_bot, msg_person):
    msg_server.fault(bot=msg_bot, method="sendMessage", error={"code": 429, "retry_after": 1}, times=1)
    app = (
        Application.builder()
        .token(msg_bot.token)
        .base_url(f"{msg_server.base_url}/bot")
        .rate_limiter(AIORateLimiter(max_retries=2))
        .build()
    )
    app.add_handler(MessageHandler(filters.TEXT, echo))
    async with app:
        await app.start()
        await app.updater.start_polling()
        await msg_person.aio.send_message(msg_bot, "hello")
        await msg_person.aio.expect_message(text="echo: hello", timeout=15)
        await app.updater.stop()
        await app.stop()
    sends = msg_server.calls(msg_bot, method="sendMessage")
    assert [c["status"] for c in sends] == [429, 200]
    assert sends[0]["error"]["description"] == "Too Many Requests: retry after 1"

"""README's "Testing the bad days" clock example, verbatim: a python-telegram-bot poll that closes
when the test advances the platform's clock (`Server(clock="manual")`), with no waiting."""

import pytest
from telegram.ext import Application, CommandHandler, PollHandler

from msg_bot_api_testing import Server


async def ask(update, context):
    await update.message.reply_poll("Tea or coffee?", ["Tea", "Coffee"], open_period=600)


async def closed(update, context):
    if update.poll.is_closed:
        await context.bot.send_message(context.bot_data["chat"], f"closed with {update.poll.total_voter_count} votes")


@pytest.mark.anyio
async def test_the_poll_closes_when_the_clock_passes_its_open_period():
    with Server(clock="manual") as server:
        bot = server.create_bot("quiz_bot")
        alice = server.create_person("Alice")
        app = Application.builder().token(bot.token).base_url(f"{server.base_url}/bot").build()
        app.bot_data["chat"] = alice.id
        app.add_handler(CommandHandler("ask", ask))
        app.add_handler(PollHandler(closed))
        async with app:
            await app.start()
            await app.updater.start_polling()
            await alice.aio.send_message(bot, "/ask")
            poll = await alice.aio.expect_message(lambda m: "poll" in m, "the poll", timeout=10)
            assert poll["poll"]["close_date"] == server.clock.now() + 600
            server.clock.advance(601)  # ten minutes pass at once
            await alice.aio.expect_message(text="closed with 0 votes", timeout=10)
            await app.updater.stop()
            await app.stop()

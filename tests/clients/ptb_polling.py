"""python-telegram-bot 22.8: an Application polling this server (base_url pointed at it)."""

import asyncio
import os

from telegram.ext import Application

import ptb_flow
from msg_bot_api_testing import Person

BASE = os.environ["MSG_BASE_URL"]


async def main() -> None:
    token = os.environ["MSG_BOT_TOKEN"]
    app = (
        Application.builder()
        .token(token)
        .base_url(f"{BASE}/bot")
        .base_file_url(f"{BASE}/file/bot")
        .build()
    )
    ptb_flow.install(app)
    async with app:
        assert app.bot.username == "ptb_bot", app.bot.username
        assert app.bot.id == int(token.split(":")[0])
        await app.start()
        await app.updater.start_polling(poll_interval=0.0, timeout=5, drop_pending_updates=True)
        try:
            await asyncio.to_thread(ptb_flow.converse, Person(BASE, os.environ["MSG_USER_TOKEN"]), app.bot.id)
            commands = [("start", "Say hello")]
            assert await app.bot.set_my_commands(commands)
            got = await app.bot.get_my_commands()
            assert [(c.command, c.description) for c in got] == commands, got
        finally:
            await app.updater.stop()
            await app.stop()
    print("python-telegram-bot flow 1 (identity): ok")
    print("python-telegram-bot flow 2 (long polling, callback): ok")
    print("ptb polling: ok")


asyncio.run(main())

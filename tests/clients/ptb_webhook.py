"""python-telegram-bot 22.8: an Application receiving updates by webhook from this server
(local mode, so a plain-http receiver on loopback is allowed)."""

import asyncio
import os

from telegram.ext import Application

import ptb_flow
from msg_bot_api_testing import Person

BASE = os.environ["MSG_BASE_URL"]


async def main() -> None:
    token = os.environ["MSG_BOT_TOKEN"]
    port = int(os.environ["MSG_WEBHOOK_PORT"])
    app = (
        Application.builder()
        .token(token)
        .base_url(f"{BASE}/bot")
        .base_file_url(f"{BASE}/file/bot")
        .local_mode(True)
        .build()
    )
    ptb_flow.install(app)
    async with app:
        await app.start()
        await app.updater.start_webhook(
            listen="127.0.0.1",
            port=port,
            url_path="hook",
            webhook_url=f"http://127.0.0.1:{port}/hook",
            secret_token="ptb-secret_1",
            drop_pending_updates=True,
        )
        try:
            info = await app.bot.get_webhook_info()
            assert info.url == f"http://127.0.0.1:{port}/hook", info
            await asyncio.to_thread(ptb_flow.converse, Person(BASE, os.environ["MSG_USER_TOKEN"]), app.bot.id)
            info = await app.bot.get_webhook_info()
            assert info.pending_update_count == 0 and info.last_error_date is None, info
        finally:
            await app.updater.stop()
            await app.stop()
    print("python-telegram-bot flow 6 (webhook): ok")
    print("ptb webhook: ok")


asyncio.run(main())

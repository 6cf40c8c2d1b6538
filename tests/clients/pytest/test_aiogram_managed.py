"""aiogram 3.31 under the pytest plugin: a bot factory of Bot API 9.6 in aiogram's style. The bot
(bot management on) shows a `request_managed_bot` button; the person creates a bot through it;
aiogram's `managed_bot` observer hears of it (the new bot as `bot_user`: aiogram keeps `bot` for
itself), the factory fetches the new bot's token (`get_managed_bot_token`), runs the new bot
with it, restricts who may use it (`set_managed_bot_access_settings`) and reads the settings
back (`BotAccessSettings`)."""

import asyncio

import pytest
from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.filters import Command
from aiogram.types import KeyboardButton, KeyboardButtonRequestManagedBot, ManagedBotUpdated, ReplyKeyboardMarkup


@pytest.mark.anyio
async def test_aiogram_bot_factory(msg_server, msg_person):
    tested = msg_server.create_bot("aio_factory_bot", manage_bots=True)
    stranger = msg_server.create_person("Stranger")
    server = TelegramAPIServer.from_base(msg_server.base_url)
    bot = Bot(tested.token, session=AiohttpSession(api=server))
    dp = Dispatcher()
    made = asyncio.Queue()

    @dp.message(Command("start"))
    async def start(message):
        ask = KeyboardButtonRequestManagedBot(request_id=1, suggested_name="Helper", suggested_username="my_helper_bot")
        keyboard = ReplyKeyboardMarkup(keyboard=[[KeyboardButton(text="New bot", request_managed_bot=ask)]])
        await message.answer("Make one?", reply_markup=keyboard)

    @dp.managed_bot()
    async def created(update: ManagedBotUpdated):
        token = await bot.get_managed_bot_token(update.bot_user.id)
        managed = Bot(token, session=AiohttpSession(api=server))
        try:
            me = await managed.get_me()
        finally:
            await managed.session.close()
        await bot.set_managed_bot_access_settings(update.bot_user.id, is_access_restricted=True)
        settings = await bot.get_managed_bot_access_settings(update.bot_user.id)
        await made.put((update.user.id, me.username, settings.is_access_restricted, settings.added_users))
        await bot.send_message(update.user.id, f"@{me.username} is ready, for you alone")

    polling = asyncio.create_task(
        dp.start_polling(bot, handle_signals=False, polling_timeout=2, allowed_updates=["message", "managed_bot"]))
    try:
        p = msg_person.aio
        await p.send_message(tested, "/start")
        offer = await p.expect_message(lambda m: m.get("text") == "Make one?", timeout=15)
        button = offer["reply_markup"]["keyboard"][0][0]["request_managed_bot"]
        mine = await p.create_managed_bot(tested, button["suggested_username"], button["suggested_name"])
        owner, username, restricted, added = await asyncio.wait_for(made.get(), 15)
        assert (owner, username, restricted, added) == (msg_person.id, "my_helper_bot", True, None)
        await p.expect_message(text="@my_helper_bot is ready, for you alone", timeout=15)
        # The owner may use the bot; anyone else may not.
        await p.send_message(mine["bot"], "hello, mine")
        code, description = await asyncio.to_thread(stranger.call_error, "sendMessage", chat_id=mine["bot"]["id"], text="hi")
        assert (code, description) == (400, "Bad Request: the bot's owner allows only selected users to use it")
    finally:
        polling.cancel()
        await asyncio.gather(polling, return_exceptions=True)
        await bot.session.close()

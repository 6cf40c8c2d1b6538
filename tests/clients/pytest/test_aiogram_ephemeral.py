"""aiogram 3.31 under the pytest plugin: ephemeral messages (Bot API 10.2-10.3) in aiogram's own
types and methods. A member of a group asks the bot for a hint; the bot answers with an
ephemeral message only that member sees (`EphemeralMessageParameters`), its button's callback
query edits it for them (`edit_ephemeral_message_text`), and the group's other member sees none
of it."""

import asyncio
import json

import pytest
from aiogram import Bot, Dispatcher, F
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.filters import Command
from aiogram.types import (
    CallbackQuery,
    EphemeralMessageParameters,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
)


@pytest.mark.anyio
async def test_aiogram_ephemeral_hint(msg_server, msg_person):
    tested = msg_server.create_bot("aio_whisper_bot")
    bob = msg_server.create_person("Bob")
    group = await asyncio.to_thread(msg_person.create_supergroup, "Whispers", [tested, bob])
    bot = Bot(tested.token, session=AiohttpSession(api=TelegramAPIServer.from_base(msg_server.base_url)))
    dp = Dispatcher()

    @dp.message(Command("hint"))
    async def hint(message: Message):
        more = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text="More", callback_data="more")]])
        await message.bot.send_message(
            message.chat.id,
            "Your hint: look left",
            ephemeral_message_parameters=EphemeralMessageParameters(receiver_user_id=message.from_user.id),
            reply_markup=more,
        )

    @dp.callback_query(F.data == "more")
    async def more(query: CallbackQuery):
        await query.answer("Here you go")
        await query.bot.edit_ephemeral_message_text(
            chat_id=query.message.chat.id,
            receiver_user_id=query.from_user.id,
            ephemeral_message_id=query.message.ephemeral_message_id,
            text="Your hint: look left, then up",
        )

    polling = asyncio.create_task(dp.start_polling(bot, handle_signals=False, polling_timeout=2))
    try:
        await bob.aio.send_message(group, "/hint")
        whisper = await bob.aio.expect_message(lambda m: m.get("ephemeral_message_id"), timeout=15)
        assert whisper["message_id"] == 0
        assert whisper["receiver_user"]["id"] == bob.id
        assert whisper["text"] == "Your hint: look left"
        answer = await bob.aio.press_button(whisper, "more")
        assert answer["answered"] and answer["answer"]["text"] == "Here you go"
        edited = await bob.aio.expect_message(lambda m: m.get("text", "").endswith("then up"), timeout=15)
        assert edited["ephemeral_message_id"] == whisper["ephemeral_message_id"]
        # Alice, in the same group, saw Bob's /hint and nothing of the answer.
        seen = json.dumps(await msg_person.aio.updates())
        assert "/hint" in seen and "look left" not in seen
    finally:
        polling.cancel()
        await asyncio.gather(polling, return_exceptions=True)
        await bot.session.close()

"""aiogram 3.31 under the pytest plugin: a business bot in aiogram's style. A person (Alice)
connects the bot to her account; aiogram's `business_connection` observer hears of it; a
customer (Bob) writes to Alice, the bot's `business_message` handler answers with
`message.answer` (which carries the `business_connection_id`), and Bob gets the answer from
Alice, sent by her bot."""

import asyncio

import pytest
from aiogram import Bot, Dispatcher, F
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import BusinessConnection, Message


@pytest.mark.anyio
async def test_aiogram_business_bot(msg_server, msg_person):
    tested = msg_server.create_bot("aio_desk_bot", business=True)
    bob = msg_server.create_person("Bob")
    bot = Bot(tested.token, session=AiohttpSession(api=TelegramAPIServer.from_base(msg_server.base_url)))
    dp = Dispatcher()
    connected = asyncio.Queue()

    @dp.business_connection()
    async def on_connection(connection: BusinessConnection):
        await connected.put((connection.user.id, connection.is_enabled, connection.rights.can_reply))

    @dp.business_message(F.text)
    async def on_message(message: Message):
        # Both sides of the person's chats arrive; the customer's are those from the chat's person.
        if message.from_user.id == message.chat.id:
            await message.answer(f"Thanks, {message.from_user.first_name}: we open at 9")

    polling = asyncio.create_task(
        dp.start_polling(bot, handle_signals=False, polling_timeout=2,
                         allowed_updates=["business_connection", "business_message"]))
    try:
        await asyncio.to_thread(msg_person.connect_business_bot, tested, can_reply=True, can_read_messages=True)
        assert await asyncio.wait_for(connected.get(), 15) == (msg_person.id, True, True)
        await bob.aio.send_message(msg_person, "When do you open?")
        reply = await bob.aio.expect_message(lambda m: m.get("text", "").startswith("Thanks"), timeout=15)
        assert reply["text"] == "Thanks, Bob: we open at 9"
        assert reply["from"]["id"] == msg_person.id
        assert reply["sender_business_bot"]["id"] == tested.id
    finally:
        polling.cancel()
        await asyncio.gather(polling, return_exceptions=True)
        await bot.session.close()

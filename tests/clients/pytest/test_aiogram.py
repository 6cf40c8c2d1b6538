"""aiogram 3.31 under the pytest plugin: a Dispatcher polling on the test's event loop, pointed at
the server by `TelegramAPIServer.from_base`; the person drives the button press and edit, the
echo repertoire, a supergroup and inline mode."""

import asyncio
import pytest
from aiogram import Bot, Dispatcher, F
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.filters import Command, CommandStart
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, InlineQueryResultArticle, InputTextMessageContent, ReplyParameters, BotCommand


@pytest.mark.anyio
async def test_aiogram(msg_server, msg_person):
    tested = msg_server.create_bot("aio_bot", inline=True)
    bob = msg_server.create_person("Bob")
    session = AiohttpSession(api=TelegramAPIServer.from_base(msg_server.base_url))
    bot = Bot(tested.token, session=session)
    dp = Dispatcher()
    removed = asyncio.Event()

    @dp.message(CommandStart())
    async def start(message):
        kb = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text="Yes", callback_data="yes")]])
        await message.answer(f"Hello <b>{message.from_user.first_name}</b>", parse_mode="HTML", reply_markup=kb)

    @dp.callback_query()
    async def press(query):
        await query.answer("noted")
        kb = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text="Undo", callback_data="undo")]])
        await query.message.edit_text(f"Chosen: {query.data}", reply_markup=kb)

    @dp.message(Command("info"))
    async def info(message):
        chat = await bot.get_chat(message.chat.id)
        member = await bot.get_chat_member(message.chat.id, message.from_user.id)
        admins = await bot.get_chat_administrators(message.chat.id)
        count = await bot.get_chat_member_count(message.chat.id)
        await bot.ban_chat_member(message.chat.id, bob.id)
        await bot.unban_chat_member(message.chat.id, bob.id)
        await message.answer(f"{chat.title}|{member.status}|{len(admins)}|{count}")

    @dp.my_chat_member()
    async def mine(update):
        if update.new_chat_member.status == "left":
            removed.set()

    @dp.inline_query()
    async def inline(query):
        await query.answer([InlineQueryResultArticle(id="a1", title="Hi", input_message_content=InputTextMessageContent(message_text=f"{query.query}!"))], cache_time=0)

    @dp.message(F.text)
    async def echo(message):
        if message.chat.type != "private":
            return
        c = message.chat.id
        await bot.send_chat_action(c, "typing")
        await message.answer(message.text.upper(), reply_parameters=ReplyParameters(message_id=message.message_id))
        await message.forward(c)
        await message.copy_to(c)
        t = await bot.send_message(c, "temporary")
        await t.delete()
        await bot.send_location(c, 52.52, 13.405)
        await bot.send_venue(c, 52.52, 13.405, "Venue", "Street 1")
        await bot.send_contact(c, "+15550100", "Ann")
        await bot.send_poll(c, "Tea?", ["Yes", "No"])
        await bot.send_dice(c)
        await bot.set_my_commands([BotCommand(command="start", description="Say hello")])
        cmds = await bot.get_my_commands()
        await message.answer("commands: " + ",".join(x.command for x in cmds))

    polling = asyncio.create_task(dp.start_polling(bot, handle_signals=False, polling_timeout=2))
    try:
        p = msg_person.aio
        await p.send_message(tested, "/start")
        hello = await p.expect_message(lambda m: m.get("text", "").startswith("Hello"), timeout=15)
        ans = await p.press_button(hello, "yes")
        assert ans["answer"]["text"] == "noted", ans
        await p.expect_message(text="Chosen: yes", timeout=15)
        await p.send_message(tested, "echo me")
        await p.expect_message(text="commands: start", timeout=20)
        group = await p.create_supergroup("Guild", [tested, bob])
        await p.promote(group, tested, can_restrict_members=True)
        await p.send_message(group, "/info@aio_bot")
        await p.expect_message(text="Guild|creator|2|3", timeout=15)
        await p.remove_member(group, tested)
        await asyncio.wait_for(removed.wait(), 15)
        chat = await p.create_group("Inline", [bob])
        asked = await p.inline_query(tested, "Hello")
        assert asked["answered"]
        await p.choose_inline_result(asked, "a1", chat)
        await bob.aio.expect_message(text="Hello!", timeout=15)
    finally:
        await dp.stop_polling()
        await polling
        await bot.session.close()

"""The bot under test: an aiogram 3 bot that greets, echoes in upper case and answers a button.
It takes its API server from the environment, as a bot should, so tests and production differ
only in configuration."""

import os

from aiogram import Bot, Dispatcher, F
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.filters import CommandStart
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup


def make_bot(token: str, api_base: str | None = None) -> Bot:
    base = api_base or os.environ.get("BOT_API_BASE", "https://api.telegram.org")
    return Bot(token, session=AiohttpSession(api=TelegramAPIServer.from_base(base)))


def make_dispatcher() -> Dispatcher:
    dp = Dispatcher()

    @dp.message(CommandStart())
    async def start(message):
        keyboard = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text="Ping", callback_data="ping")]])
        await message.answer(f"Hello, {message.from_user.first_name}!", reply_markup=keyboard)

    @dp.callback_query(F.data == "ping")
    async def ping(query):
        await query.answer("pong")
        await query.message.edit_text("Pinged")

    @dp.message(F.text)
    async def echo(message):
        await message.answer(message.text.upper())

    return dp

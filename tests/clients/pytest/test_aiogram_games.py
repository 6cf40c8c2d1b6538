"""aiogram 3.31 under the pytest plugin: a game bot in aiogram's style. The operator registers
the game (`bot game`, as BotFather would), the bot sends it (`answer_game`), the person presses
Play and gets the game's URL from the bot's `callback_query` answer, and the bot records the
score (`set_game_score`: the message's scoreboard is edited) and reads the ranking
(`get_game_high_scores`)."""

import asyncio

import pytest
from aiogram import Bot, Dispatcher, F
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.filters import Command
from aiogram.types import CallbackQuery


@pytest.mark.anyio
async def test_aiogram_game_played_and_scored(msg_server, msg_person):
    tested = msg_server.create_bot("aio_game_bot")
    msg_server.register_game(tested.username, "tetris", "Tetris", "Falling blocks")
    session = AiohttpSession(api=TelegramAPIServer.from_base(msg_server.base_url))
    bot = Bot(tested.token, session=session)
    dp = Dispatcher()

    @dp.message(Command("play"))
    async def play(message):
        await message.answer_game(game_short_name="tetris")

    @dp.callback_query(F.game_short_name == "tetris")
    async def launch(query: CallbackQuery):
        await query.answer(url=f"https://games.example/tetris?player={query.from_user.id}")
        # The game would report the score to the bot's server; here the bot records one at once.
        await bot.set_game_score(user_id=query.from_user.id, score=1200, chat_id=query.message.chat.id, message_id=query.message.message_id)
        scores = await bot.get_game_high_scores(user_id=query.from_user.id, chat_id=query.message.chat.id, message_id=query.message.message_id)
        best = scores[0]
        await query.message.answer(f"#{best.position} {best.user.first_name}: {best.score}")

    polling = asyncio.create_task(dp.start_polling(bot, handle_signals=False, polling_timeout=2))
    try:
        p = msg_person.aio
        await p.send_message(tested, "/play")
        game = await p.expect_message(lambda m: "game" in m, "the game", timeout=15)
        assert game["game"]["title"] == "Tetris"
        assert game["reply_markup"]["inline_keyboard"][0][0] == {"text": "Play Tetris", "callback_game": {}}
        answer = await p.play_game(game)
        assert answer["answered"], answer
        assert answer["answer"]["url"] == f"https://games.example/tetris?player={msg_person.id}"
        await p.expect_message(text="#1 Alice: 1200", timeout=15)
        history = await p.call("getChatHistory", chat_id=tested.id, limit=5)
        shown = next(m for m in history if m["message_id"] == game["message_id"])
        assert shown["game"]["text"] == "1. Alice: 1200", shown
    except Exception:
        log = msg_server.dir / "logs" / "msg-bot-api.log"
        print(msg_server.output(), log.read_text(errors="replace") if log.is_file() else "")
        raise
    finally:
        await dp.stop_polling()
        await polling
        await bot.session.close()
    assert msg_server.violations() == []

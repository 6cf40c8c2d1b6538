"""aiogram 3.31 under the pytest plugin: a quiz of Bot API 9.6 in aiogram's style. The bot sends a
quiz with two correct options that takes several answers (`correct_option_ids`,
`allows_multiple_answers`) and one that allows revoting (`allows_revoting`); aiogram reads the
polls and the person's answers (`PollAnswer.option_persistent_ids`) into its own types, and the
bot grades each answer against the quiz it sent."""

import asyncio

import pytest
from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.filters import Command
from aiogram.types import PollAnswer


@pytest.mark.anyio
async def test_aiogram_quiz_with_several_correct_options_and_revoting(msg_server, msg_person):
    tested = msg_server.create_bot("aio_quiz_bot")
    session = AiohttpSession(api=TelegramAPIServer.from_base(msg_server.base_url))
    bot = Bot(tested.token, session=session)
    dp = Dispatcher()
    quizzes = {}
    answers = asyncio.Queue()

    @dp.message(Command("quiz"))
    async def quiz(message):
        primes = await bot.send_poll(
            message.chat.id, "Which are prime?", ["2", "4", "5"], type="quiz", is_anonymous=False,
            correct_option_ids=[0, 2], allows_multiple_answers=True)
        again = await bot.send_poll(
            message.chat.id, "Largest?", ["1", "9"], type="quiz", is_anonymous=False,
            correct_option_ids=[1], allows_revoting=True, explanation="9 > 1")
        for sent in (primes, again):
            quizzes[sent.poll.id] = sent.poll
        await message.answer(f"{primes.poll.correct_option_ids}|{again.poll.correct_option_ids}|{again.poll.allows_revoting}")

    @dp.poll_answer()
    async def graded(answer: PollAnswer):
        poll = quizzes[answer.poll_id]
        right = sorted(answer.option_ids) == sorted(poll.correct_option_ids)
        await answers.put((answer.poll_id, answer.option_persistent_ids, right))
        await bot.send_message(answer.user.id, "right" if right else "wrong")

    polling = asyncio.create_task(
        dp.start_polling(bot, handle_signals=False, polling_timeout=2, allowed_updates=["message", "poll_answer"]))
    try:
        p = msg_person.aio
        await p.send_message(tested, "/quiz")
        # In the order the bot sent them (updates read on the way are acknowledged).
        primes = await p.expect_message(lambda m: m.get("poll", {}).get("question") == "Which are prime?", timeout=15)
        again = await p.expect_message(lambda m: m.get("poll", {}).get("question") == "Largest?", timeout=15)
        told = await p.expect_message(lambda m: "|" in m.get("text", ""), timeout=15)
        assert told["text"] == "[0, 2]|[1]|True", told

        await p.vote(primes, [0, 2])
        poll_id, persistent, right = await asyncio.wait_for(answers.get(), 15)
        assert (poll_id, persistent, right) == (primes["poll"]["id"], ["0", "2"], True)
        await p.expect_message(text="right", timeout=15)
        code, description = await p.call_error("votePoll", chat_id=tested.id, message_id=primes["message_id"], option_ids=[1])
        assert (code, description) == (400, "Bad Request: REVOTE_NOT_ALLOWED")

        await p.vote(again, [0])
        assert (await asyncio.wait_for(answers.get(), 15))[2] is False
        await p.expect_message(text="wrong", timeout=15)
        changed = await p.vote(again, [1])
        assert changed["options"][1]["voter_count"] == 1 and changed["options"][0]["voter_count"] == 0, changed
        assert (await asyncio.wait_for(answers.get(), 15))[1:] == (["1"], True)
        await p.expect_message(text="right", timeout=15)
    finally:
        polling.cancel()
        await asyncio.gather(polling, return_exceptions=True)
        await bot.session.close()

"""python-telegram-bot 22.8 (issue 15 flows): a bot whose inline keyboard presses edit the
message's text and markup; an echo bot that replies, forwards, copies, deletes and sends a
location, venue, contact, dice and a quiz the person answers; an inline bot whose article the
person picks in a group. The people act over the user-side API."""

import asyncio
import os

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Poll,
    Update,
)
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    PollAnswerHandler,
    filters,
)

from msg_bot_api_testing import Person

BASE = os.environ["MSG_BASE_URL"]


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("Yes", callback_data="yes")]])
    await update.message.reply_text("Ready?", reply_markup=keyboard)


async def pressed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    await query.answer("noted")
    if query.data == "undo":
        # The keyboard alone goes (editMessageReplyMarkup).
        await query.edit_message_reply_markup(reply_markup=None)
        return
    undo = InlineKeyboardMarkup([[InlineKeyboardButton("Undo", callback_data="undo")]])
    await query.edit_message_text(f"Chosen: {query.data}", reply_markup=undo)


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.message
    chat = message.chat_id
    await message.reply_text(message.text, do_quote=True)  # reply_parameters (in private chats too)
    await message.forward(chat)
    await message.copy(chat)
    temporary = await context.bot.send_message(chat, "temporary")
    await temporary.delete()
    await context.bot.send_location(chat, 52.52, 13.405)
    await context.bot.send_venue(chat, 48.8584, 2.2945, "Tower", "Champ de Mars")
    await context.bot.send_contact(chat, "+15550100", "Ann")
    await context.bot.send_dice(chat)
    await context.bot.send_poll(chat, "2+2?", ["4", "5"], type=Poll.QUIZ, correct_option_id=0, is_anonymous=False)


async def answered(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    answer = update.poll_answer
    await context.bot.send_message(answer.user.id, f"Answer: {list(answer.option_ids)}")


async def inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.inline_query.query
    article = InlineQueryResultArticle("1", f"Say {query}", InputTextMessageContent(f"{query}, from inline"))
    await update.inline_query.answer([article], cache_time=0)


async def main() -> None:
    token = os.environ["MSG_BOT_TOKEN"]
    alice, bob = Person(BASE, os.environ["MSG_ALICE"]), Person(BASE, os.environ["MSG_BOB"])
    app = Application.builder().token(token).base_url(f"{BASE}/bot").base_file_url(f"{BASE}/file/bot").build()
    app.add_handler(CommandHandler("start", start))
    app.add_handler(CallbackQueryHandler(pressed))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND & filters.ChatType.PRIVATE, echo))
    app.add_handler(PollAnswerHandler(answered))
    app.add_handler(InlineQueryHandler(inline))

    def people(bot_id: int, username: str) -> None:
        # A button press edits the message.
        alice.call("sendMessage", chat_id=bot_id, text="/start")
        ready = alice.expect_message(lambda m: m.get("text") == "Ready?", "the keyboard")
        press = alice.call("pressButton", chat_id=bot_id, message_id=ready["message_id"], callback_data="yes", timeout=30)
        assert press["answered"] and press["answer"]["text"] == "noted", press
        edited = alice.expect_message(lambda m: m.get("text") == "Chosen: yes", "the edit")
        assert edited["reply_markup"]["inline_keyboard"][0][0]["text"] == "Undo", edited
        alice.call("pressButton", chat_id=bot_id, message_id=ready["message_id"], callback_data="undo", timeout=30)
        bare = alice.expect_message(lambda m: m.get("text") == "Chosen: yes" and "reply_markup" not in m, "the keyboard gone")
        assert bare["message_id"] == ready["message_id"], bare
        # The echo bot's repertoire.
        alice.call("sendMessage", chat_id=bot_id, text="echo me")
        got = {}
        kinds = ["forward", "copy", "reply", "deleted", "location", "venue", "contact", "dice", "poll"]
        while set(got) != set(kinds):
            what = f"the echo bot's messages (have {sorted(got)})"
            update = alice.expect_update(lambda u: "message" in u or "deleted_messages" in u, what)
            message = update.get("message")
            if message is None:
                got["deleted"] = update
                continue
            if "forward_origin" in message:
                got["forward"] = message
            elif message.get("text") == "echo me" and "reply_to_message" in message:
                got["reply"] = message
            elif message.get("text") == "echo me":
                got["copy"] = message
            for kind in ["venue", "contact", "dice", "poll"]:
                if kind in message:
                    got[kind] = message
            if "location" in message and "venue" not in message:
                got["location"] = message
        assert got["forward"]["forward_origin"]["sender_user"]["id"] == int(alice.token.split(":")[0]), got["forward"]
        quiz = got["poll"]
        assert quiz["poll"]["type"] == "quiz", quiz
        alice.call("votePoll", chat_id=bot_id, message_id=quiz["message_id"], option_ids=[0])
        alice.expect_message(lambda m: m.get("text") == "Answer: [0]", "the quiz answer")
        # An inline article picked in a group.
        group = alice.call("createGroup", title="Inline", member_ids=[int(bob.token.split(":")[0])])
        asked = alice.call("inlineQuery", chat_id=bot_id, query="Hello", timeout=30)
        assert asked["answered"], asked
        result = asked["answer"]["results"][0]
        alice.call("chooseInlineResult", inline_query_id=asked["inline_query_id"], result_id=result["id"], chat_id=group["id"])
        seen = bob.expect_message(lambda m: m.get("text") == "Hello, from inline", "the inline article")
        assert seen["via_bot"]["username"] == username, seen

    async with app:
        await app.start()
        await app.updater.start_polling(poll_interval=0.0, timeout=5, allowed_updates=Update.ALL_TYPES)
        try:
            await asyncio.to_thread(people, app.bot.id, app.bot.username)
        finally:
            await app.updater.stop()
            await app.stop()
    print("python-telegram-bot flow 2 (button press edits): ok")
    print("python-telegram-bot flow 3 (echo): ok")
    print("python-telegram-bot flow 7 (inline): ok")
    print("ptb messages: ok")


asyncio.run(main())

"""The conversation both python-telegram-bot scripts run: handlers on the bot side, and the
person's side of the same chat. Each step asserts what the person sees."""

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ParseMode
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes, MessageHandler, filters

from msg_bot_api_testing import Person


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("Yes", callback_data="yes")]])
    await update.message.reply_text(
        f"Hello <b>{update.effective_user.first_name}</b>", parse_mode=ParseMode.HTML, reply_markup=keyboard
    )


async def button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    await query.answer(text=f"You chose {query.data}")
    await context.bot.send_message(query.message.chat.id, f"chosen: {query.data}")


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await context.bot.send_chat_action(update.effective_chat.id, "typing")
    await update.message.reply_text(update.message.text.upper())


def install(app: Application) -> None:
    app.add_handler(CommandHandler("start", start))
    app.add_handler(CallbackQueryHandler(button))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))


def converse(person: Person, bot_id: int) -> None:
    """The person's side: /start, the keyboard, a button press, an echo."""
    person.call("sendMessage", chat_id=bot_id, text="/start")
    hello = person.expect_message(lambda m: m.get("text", "").startswith("Hello"), "the greeting")
    assert hello["text"] == "Hello Alice", hello
    assert hello["entities"] == [{"type": "bold", "offset": 6, "length": 5}], hello
    buttons = hello["reply_markup"]["inline_keyboard"]
    assert buttons == [[{"text": "Yes", "callback_data": "yes"}]], buttons

    pressed = person.call(
        "pressButton", chat_id=bot_id, message_id=hello["message_id"], callback_data="yes", timeout=30
    )
    assert pressed["answered"] and pressed["answer"]["text"] == "You chose yes", pressed
    person.expect_message(lambda m: m.get("text") == "chosen: yes", "the choice")

    person.call("sendMessage", chat_id=bot_id, text="echo me")
    person.expect_message(lambda m: m.get("text") == "ECHO ME", "the echo")

"""python-telegram-bot 22.8: a shop bot that sells a gift for Stars. A person pays its Stars
invoice (the Stars move to the bot in the receipt's commit); the bot thanks them with a gift
from the platform's catalogue (`get_available_gifts`, `send_gift`), which the person sees in
their chat with the bot and owns, and the bot reads back (`get_user_gifts`) and accounts for
(`get_my_star_balance`, `get_star_transactions`)."""

import asyncio
import os

from telegram import LabeledPrice, Update
from telegram.ext import (
    Application,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    PreCheckoutQueryHandler,
    filters,
)

from msg_bot_api_testing import Person

BASE = os.environ["MSG_BASE_URL"]


async def buy(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await context.bot.send_invoice(
        update.message.chat_id, "A gift box", "A gift sent to you", "gift-box", "XTR", [LabeledPrice("Gift box", 40)]
    )


async def precheckout(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await update.pre_checkout_query.answer(ok=True)


async def paid(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    gifts = await context.bot.get_available_gifts()
    box = next(g for g in gifts.gifts if g.sticker.emoji == "🎁")
    await context.bot.send_gift(gift_id=box.id, user_id=update.effective_user.id, text="Thank you!")
    owned = await context.bot.get_user_gifts(update.effective_user.id)
    balance = await context.bot.get_my_star_balance()
    spent = (await context.bot.get_star_transactions()).transactions[-1]
    assert spent.receiver.transaction_type == "gift_purchase", spent
    assert spent.receiver.gift.id == box.id, spent
    await update.message.reply_text(
        f"Sent you {box.sticker.emoji} for {box.star_count} Stars; you own {owned.total_count}; I keep {balance.amount}"
    )


def converse(person: Person, bot_id: int) -> None:
    person.send_message(bot_id, "/buy")
    invoice = person.expect_message(lambda m: "invoice" in m, "the invoice")
    assert person.pay_invoice(invoice)["paid"]
    gift = person.expect_message(lambda m: "gift" in m, "the gift")
    assert gift["gift"]["text"] == "Thank you!", gift
    assert gift["from"]["id"] == bot_id, gift
    person.expect_message(text="Sent you 🎁 for 25 Stars; you own 1; I keep 15")
    owned = person.gifts()
    assert owned["total_count"] == 1 and owned["gifts"][0]["sender_user"]["id"] == bot_id, owned
    assert person.star_balance() == 60, "100 granted, 40 paid"


async def main() -> None:
    app = Application.builder().token(os.environ["MSG_BOT_TOKEN"]).base_url(f"{BASE}/bot").build()
    app.add_handler(CommandHandler("buy", buy))
    app.add_handler(PreCheckoutQueryHandler(precheckout))
    app.add_handler(MessageHandler(filters.SUCCESSFUL_PAYMENT, paid))
    async with app:
        await app.start()
        await app.updater.start_polling(poll_interval=0.0, timeout=5, drop_pending_updates=True)
        try:
            await asyncio.to_thread(converse, Person(BASE, os.environ["MSG_USER_TOKEN"]), app.bot.id)
        finally:
            await app.updater.stop()
            await app.stop()
    print("python-telegram-bot gifts (Stars in, a gift out, owned and accounted): ok")


asyncio.run(main())

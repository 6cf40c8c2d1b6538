"""python-telegram-bot 22.8: the library's own payment bot example, in its style (an Application
polling this server): an invoice with shipping, the shipping and pre-checkout queries answered
by handlers, the successful payment thanked for. A person pays it through the user-side API."""

import asyncio
import os

from telegram import LabeledPrice, ShippingOption, Update
from telegram.ext import (
    Application,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    PreCheckoutQueryHandler,
    ShippingQueryHandler,
    filters,
)

from msg_bot_api_testing import Person

BASE = os.environ["MSG_BASE_URL"]
PROVIDER = "284685063:TEST:cHRiLXBheW1lbnRz"


async def start_with_shipping(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await context.bot.send_invoice(
        update.message.chat_id,
        "Payment Example",
        "Example of a payment process using the python-telegram-bot library.",
        "Custom-Payload",
        "USD",
        [LabeledPrice("Test", 100)],
        provider_token=PROVIDER,
        need_name=True,
        need_phone_number=True,
        need_email=True,
        need_shipping_address=True,
        is_flexible=True,
    )


async def shipping_callback(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.shipping_query
    if query.invoice_payload != "Custom-Payload":
        await query.answer(ok=False, error_message="Something went wrong...")
        return
    if query.shipping_address.country_code != "GB":
        await query.answer(ok=False, error_message="We only ship to the United Kingdom.")
        return
    options = [ShippingOption("1", "Shipping Option A", [LabeledPrice("A", 100)])]
    options.append(ShippingOption("2", "Shipping Option B", [LabeledPrice("B1", 150), LabeledPrice("B2", 200)]))
    await query.answer(ok=True, shipping_options=options)


async def precheckout_callback(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.pre_checkout_query
    if query.invoice_payload != "Custom-Payload":
        await query.answer(ok=False, error_message="Something went wrong...")
    else:
        await query.answer(ok=True)


async def successful_payment_callback(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    payment = update.message.successful_payment
    await update.message.reply_text(
        f"Thank you for your payment of {payment.total_amount} {payment.currency} ({payment.shipping_option_id})!"
    )


def converse(person: Person, bot_id: int) -> None:
    person.send_message(bot_id, "/shipping")
    invoice = person.expect_message(lambda m: "invoice" in m, "the invoice")
    assert invoice["invoice"]["total_amount"] == 100, invoice
    order = {"name": "Alice", "phone_number": "+441234567890", "email": "alice@example.com"}
    abroad = {"country_code": "FR", "state": "", "city": "Paris", "street_line1": "1 Rue", "street_line2": "", "post_code": "75001"}
    refused = person.pay_invoice(invoice, shipping_address=abroad, **order)
    assert refused == {"paid": False, "stage": "shipping", "error_message": "We only ship to the United Kingdom."}, refused
    home = dict(abroad, country_code="GB", city="London", post_code="E1")
    choosing = person.pay_invoice(invoice, shipping_address=home, **order)
    assert [o["id"] for o in choosing["shipping_options"]] == ["1", "2"], choosing
    paid = person.pay_invoice(invoice, shipping_address=home, shipping_option_id="2", **order)
    assert paid["paid"], paid
    assert paid["message"]["successful_payment"]["total_amount"] == 100 + 350, paid
    person.expect_message(text="Thank you for your payment of 450 USD (2)!")


async def main() -> None:
    app = Application.builder().token(os.environ["MSG_BOT_TOKEN"]).base_url(f"{BASE}/bot").build()
    app.add_handler(CommandHandler("shipping", start_with_shipping))
    app.add_handler(ShippingQueryHandler(shipping_callback))
    app.add_handler(PreCheckoutQueryHandler(precheckout_callback))
    app.add_handler(MessageHandler(filters.SUCCESSFUL_PAYMENT, successful_payment_callback))
    async with app:
        await app.start()
        await app.updater.start_polling(poll_interval=0.0, timeout=5, drop_pending_updates=True)
        try:
            await asyncio.to_thread(converse, Person(BASE, os.environ["MSG_USER_TOKEN"]), app.bot.id)
        finally:
            await app.updater.stop()
            await app.stop()
    print("python-telegram-bot payments (shipping, pre-checkout, successful payment): ok")


asyncio.run(main())

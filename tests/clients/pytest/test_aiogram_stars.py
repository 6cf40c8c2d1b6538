"""aiogram 3.31 under the pytest plugin: a Telegram Stars invoice (aiogram's Stars example:
`answer_invoice` in XTR without a provider token), the pre-checkout query confirmed, the balance
and the ledger read, and the payment refunded; the person's Stars come back."""

import asyncio

import pytest
from aiogram import Bot, Dispatcher, F
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.filters import Command
from aiogram.types import LabeledPrice


@pytest.mark.anyio
async def test_aiogram_stars_invoice_paid_and_refunded(msg_server, msg_person):
    tested = msg_server.create_bot("aio_stars_bot")
    assert msg_server.grant_stars(msg_person, 100) == 100
    session = AiohttpSession(api=TelegramAPIServer.from_base(msg_server.base_url))
    bot = Bot(tested.token, session=session)
    dp = Dispatcher()

    @dp.message(Command("buy"))
    async def buy(message):
        prices = [LabeledPrice(label="Pack", amount=5)]
        await message.answer_invoice(title="Stars pack", description="Five Stars of thanks", payload="pack-5", currency="XTR", prices=prices)

    @dp.pre_checkout_query()
    async def checkout(query):
        await query.answer(ok=True)

    @dp.message(F.successful_payment)
    async def paid(message):
        balance = await bot.get_my_star_balance()
        ledger = await bot.get_star_transactions()
        source = ledger.transactions[0].source
        await message.answer(f"paid {message.successful_payment.total_amount}, balance {balance.amount}, from {source.user.id}")
        await bot.refund_star_payment(message.from_user.id, message.successful_payment.telegram_payment_charge_id)

    @dp.message(F.refunded_payment)
    async def refunded(message):
        balance = await bot.get_my_star_balance()
        await message.answer(f"refunded {message.refunded_payment.total_amount}, balance {balance.amount}")

    polling = asyncio.create_task(dp.start_polling(bot, handle_signals=False, polling_timeout=2))
    try:
        await _converse(msg_server, msg_person, tested)
    except Exception:
        log = msg_server.dir / "logs" / "msg-bot-api.log"
        print(msg_server.output(), log.read_text(errors="replace") if log.is_file() else "")
        raise
    finally:
        await dp.stop_polling()
        await polling
        await bot.session.close()
    assert msg_server.violations() == []


async def _converse(msg_server, msg_person, tested):
    if True:
        p = msg_person.aio
        await p.send_message(tested, "/buy")
        invoice = await p.expect_message(lambda m: "invoice" in m, "the invoice", timeout=15)
        assert invoice["invoice"]["currency"] == "XTR"
        paid = await p.pay_invoice(invoice)
        assert paid["paid"], paid
        await p.expect_message(text=f"paid 5, balance 5, from {msg_person.id}", timeout=15)
        await p.expect_message(text="refunded 5, balance 0", timeout=15)
        assert await p.star_balance() == 100

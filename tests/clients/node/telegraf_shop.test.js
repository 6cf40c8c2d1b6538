// telegraf 4.16's shop bot (its docs' `shop-bot` example, as written there): an invoice with a
// photo URL and a flexible price, the shipping query answered with its shipping options, the
// pre-checkout query accepted, and `successful_payment` handled; a person pays it through the
// platform's test provider, choosing an option, and the bot thanks them.
"use strict";

const assert = require("node:assert/strict");
const { test } = require("node:test");
const { Telegraf, Markup } = require("telegraf");
const { startServer } = require("../../helpers/node");

test("telegraf shop bot", async () => {
  const server = await startServer();
  const tested = await server.createBot("tg_shop_bot");
  const alice = server.createPerson("Alice");
  const bot = new Telegraf(tested.token, { telegram: { apiRoot: server.baseUrl } });

  const invoice = {
    provider_token: "284685063:TEST:c2hvcGJvdA",
    start_parameter: "time-machine-sku",
    title: "Working Time Machine",
    description: "Want to visit your great-great-great-grandparents? Make a fortune at the races? Shake hands with Hammurabi and take a stroll in the Hanging Gardens? Order our Working Time Machine today!",
    currency: "usd",
    photo_url: "https://img.clipartfest.com/5a7f4b14461d1ab2caaa656bcee42aeb_future-me-fredo-and-pidjin-the-webcomic-time-travel-cartoon_390-240.png",
    is_flexible: true,
    prices: [
      { label: "Working Time Machine", amount: 4200 },
      { label: "Gift wrapping", amount: 1000 },
    ],
    payload: JSON.stringify({ coupon: "BLACK FRIDAY" }),
  };
  const shippingOptions = [
    { id: "unicorn", title: "Unicorn express", prices: [{ label: "Unicorn", amount: 2000 }] },
    { id: "slowpoke", title: "Slowpoke mail", prices: [{ label: "Slowpoke", amount: 100 }] },
  ];
  const replyOptions = Markup.inlineKeyboard([Markup.button.pay("💸 Buy"), Markup.button.url("❤️", "http://telegraf.js.org")]);

  bot.start((ctx) => ctx.replyWithInvoice(invoice));
  bot.command("buy", (ctx) => ctx.replyWithInvoice(invoice, replyOptions));
  bot.on("shipping_query", (ctx) => ctx.answerShippingQuery(true, shippingOptions, undefined));
  bot.on("pre_checkout_query", (ctx) => ctx.answerPreCheckoutQuery(true));
  bot.on("successful_payment", (ctx) => {
    const paid = ctx.message.successful_payment;
    const { coupon } = JSON.parse(paid.invoice_payload);
    return ctx.reply(`Woohoo: ${paid.total_amount} ${paid.currency} via ${paid.shipping_option_id} (${coupon})`);
  });
  const launched = bot.launch();
  try {
    await alice.sendMessage(tested, "/buy");
    const sent = await alice.expectMessage((m) => m.invoice, "the invoice", { timeout: 15 });
    assert.equal(sent.invoice.currency, "USD");
    assert.equal(sent.invoice.total_amount, 5200);
    assert.equal(sent.reply_markup.inline_keyboard[0][0].pay, true);
    const address = { country_code: "US", state: "CA", city: "Cupertino", street_line1: "1 Loop", street_line2: "", post_code: "95014" };
    const choose = await alice.payInvoice(sent, { shippingAddress: address });
    assert.equal(choose.paid, false);
    assert.equal(choose.stage, "shipping_option");
    assert.deepEqual(choose.shipping_options.map((o) => o.id), ["unicorn", "slowpoke"]);
    const paid = await alice.payInvoice(sent, { shippingAddress: address, shipping_option_id: "slowpoke" });
    assert.equal(paid.paid, true, JSON.stringify(paid));
    assert.equal(paid.message.successful_payment.total_amount, 5300);
    await alice.expectMessage({ text: "Woohoo: 5300 USD via slowpoke (BLACK FRIDAY)", timeout: 15 });
  } finally {
    bot.stop();
    await launched.catch(() => {});
    await server.close();
  }
  assert.deepEqual(server.violations(), []);
});

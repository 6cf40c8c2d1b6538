// The helper's own tests (node:test): a real msg-bot-api from MSG_BOT_API_BIN, a bot talking
// plain HTTP through `Bot.call`, and a person using every verb.
"use strict";

const assert = require("node:assert/strict");
const { test, before, after } = require("node:test");
const { ApiError, Server, startServer } = require("..");

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
  assert.deepEqual(server.violations(), []);
});

// The bot's next update of `kind` after `offset` (long-polled): [update, new offset].
async function nextUpdate(bot, offset, kind) {
  for (let i = 0; i < 10; i++) {
    for (const update of await bot.call("getUpdates", { offset, timeout: 5 })) {
      offset = update.update_id + 1;
      if (update[kind]) return [update, offset];
    }
  }
  throw new Error(`the bot never got ${kind}`);
}

test("a person sends, presses, votes and reacts", async () => {
  const bot = await server.createBot("node_helper_bot");
  const alice = server.createPerson("Alice");
  const sent = await alice.sendMessage(bot, "/start");
  assert.equal(sent.chat.id, bot.id);
  let [update, offset] = await nextUpdate(bot, 0, "message");
  assert.equal(update.message.from.id, alice.id);

  const keyboard = { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] };
  await bot.call("sendMessage", { chat_id: alice.id, text: "Ready?", reply_markup: keyboard });
  const ready = await alice.expectMessage({ text: "Ready?", timeout: 10 });
  assert.deepEqual(ready.reply_markup, keyboard);
  const pressing = alice.pressButton(ready, "go", 10);
  [update, offset] = await nextUpdate(bot, offset, "callback_query");
  await bot.call("answerCallbackQuery", { callback_query_id: update.callback_query.id, text: "Gone" });
  const pressed = await pressing;
  assert.equal(pressed.answer.text, "Gone");

  await bot.call("sendPoll", { chat_id: alice.id, question: "Tea?", options: [{ text: "Yes" }, { text: "No" }] });
  const poll = await alice.expectMessage((m) => m.poll !== undefined, "the poll", { timeout: 10 });
  assert.equal((await alice.vote(poll, [1])).options[1].voter_count, 1);
  assert.equal(await alice.react(poll, "👍"), true);
  await alice.sendDocument(bot, Buffer.from("notes\n"), "notes.txt", { caption: "a file" });
  [update] = await nextUpdate(bot, offset, "message");
  while (!update.message.document) [update] = await nextUpdate(bot, update.update_id + 1, "message");
  assert.equal(update.message.document.file_name, "notes.txt");
});

test("a widget asks its bot and is shown its data (Bot API 10.4)", async () => {
  const bot = await server.createBot("node_widget_bot");
  const alice = server.createPerson("Alice");
  await alice.sendMessage(bot, "/start");
  const html = "<p>hi</p><script>TelegramWidget.request('hi')</script>";
  await bot.call("sendWidget", { chat_id: alice.id, html, chat_data: "round 1", allow_queries: true });
  const widget = await alice.expectMessage((m) => m.widget !== undefined, "the widget", { timeout: 10 });
  const asking = alice.widgetQuery(widget, "hi", 10);
  const [update] = await nextUpdate(bot, 0, "widget_query");
  assert.equal(update.widget_query.data, "hi");
  await bot.call("answerWidgetQuery", { widget_query_id: update.widget_query.id, data: "hello" });
  assert.equal((await asking).data, "hello");
  assert.equal((await alice.widgetData(widget)).chat_data, "round 1");
});

test("inline queries, groups and refusals", async () => {
  const bot = await server.createBot("node_inline_bot", { inline: true });
  assert.equal((await bot.call("getMe")).supports_inline_queries, true);
  const alice = server.createPerson("Alice");
  const bob = server.createPerson("Bob");
  const group = await alice.createSupergroup("Club", [bot, bob]);
  await alice.promote(group, bot, { can_restrict_members: true });
  const member = await bot.call("getChatMember", { chat_id: group.id, user_id: bot.id });
  assert.equal(member.status, "administrator");

  const asking = alice.inlineQuery(bot, "q", { timeout: 10 });
  const [query] = await nextUpdate(bot, 0, "inline_query");
  const article = { type: "article", id: "a", title: "A", input_message_content: { message_text: "picked" } };
  await bot.call("answerInlineQuery", { inline_query_id: query.inline_query.id, results: [article], cache_time: 0 });
  const asked = await asking;
  assert.equal(asked.answer.results[0].id, "a");
  const posted = await alice.chooseInlineResult(asked, "a", group);
  assert.equal(posted.via_bot.id, bot.id);
  assert.equal((await bob.expectMessage({ text: "picked", timeout: 10 })).chat.id, group.id);

  const refused = await alice.callError("sendMessage", { chat_id: 12345, text: "hi" });
  assert.equal(refused.code, 400);
  await assert.rejects(alice.removeMember(group, 12345), (e) => e instanceof ApiError && e.code === 400);
});

test("waiting fails in time with what was seen", async () => {
  const bot = await server.createBot("node_quiet_bot");
  const alice = server.createPerson("Alice");
  await alice.sendMessage(bot, "/start");
  await bot.call("sendMessage", { chat_id: alice.id, text: "something else" });
  await assert.rejects(alice.expectMessage({ text: "never", timeout: 1 }), /never received the message "never" within 1 s; saw .*something else/);
});

test("a missing binary is named with the fix", () => {
  assert.throws(() => new Server({ binary: "/no/such/msg-bot-api" }), /put it on PATH or set MSG_BOT_API_BIN/);
});

test("local mode answers absolute file paths", async () => {
  const local = await startServer({ local: true });
  try {
    const bot = await local.createBot("node_local_bot");
    const carol = local.createPerson("Carol");
    await carol.sendDocument(bot, Buffer.from("bytes"), "a.bin");
    const [update] = await bot.call("getUpdates", { timeout: 5 });
    const file = await bot.call("getFile", { file_id: update.message.document.file_id });
    assert.ok(file.file_path.startsWith(local.workdir), file.file_path);
  } finally {
    await local.close();
  }
});

test("the operator grants Stars and a person pays a bot's Stars invoice", async () => {
  const bot = await server.createBot("node_stars_bot");
  const carol = server.createPerson("Carol");
  assert.equal(await server.grantStars(carol, 30), 30);
  await carol.sendMessage(bot, "/start");
  const prices = JSON.stringify([{ label: "Pack", amount: 20 }]);
  await bot.call("sendInvoice", { chat_id: carol.id, title: "Pack", description: "Stars pack", payload: "pack", currency: "XTR", prices });
  const invoice = await carol.expectMessage((m) => m.invoice !== undefined, "the invoice", { timeout: 10 });
  const paying = carol.payInvoice(invoice);
  let [update] = await nextUpdate(bot, 0, "pre_checkout_query");
  assert.equal(update.pre_checkout_query.total_amount, 20);
  await bot.call("answerPreCheckoutQuery", { pre_checkout_query_id: update.pre_checkout_query.id, ok: true });
  const paid = await paying;
  assert.equal(paid.paid, true);
  assert.equal(await carol.starBalance(), 10);
  assert.deepEqual(await bot.call("getMyStarBalance"), { amount: 20 });
});

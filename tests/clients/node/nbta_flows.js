// node-telegram-bot-api 2.1 (its v2 API: Bot, middleware, startPolling), pointed at the server
// by `apiRoot`, driven from the person's side. Flows: 1 identity, 2 a button press answered by
// editing the message, 3 an echo bot's repertoire.
"use strict";

const assert = require("node:assert/strict");
const { Bot, InlineKeyboardBuilder } = require("node-telegram-bot-api");
const { Person } = require("../../helpers/node");

const BASE = process.env.MSG_BASE_URL;

async function main() {
  const token = process.env.MSG_BOT_TOKEN;
  const alice = new Person(BASE, process.env.MSG_USER_TOKEN);
  const bot = new Bot(token, { apiRoot: BASE });
  const api = bot.api;

  bot.command("start", (ctx) =>
    ctx.reply(`Hello <b>${ctx.message.from.first_name}</b>`, {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboardBuilder().text("Yes", "yes").build(),
    }),
  );
  bot.on("callback_query", async (ctx) => {
    const query = ctx.callbackQuery;
    await ctx.answerCallbackQuery({ text: "noted" });
    await api.editMessageText({
      chat_id: query.message.chat.id,
      message_id: query.message.message_id,
      text: `Chosen: ${query.data}`,
      reply_markup: new InlineKeyboardBuilder().text("Undo", "undo").build(),
    });
  });
  bot.on("message", async (ctx) => {
    const message = ctx.message;
    if (!message.text || message.text.startsWith("/")) return;
    const chat_id = message.chat.id;
    await api.sendChatAction({ chat_id, action: "typing" });
    await ctx.reply(message.text.toUpperCase(), { reply_parameters: { message_id: message.message_id } });
    await api.forwardMessage({ chat_id, from_chat_id: chat_id, message_id: message.message_id });
    await api.copyMessage({ chat_id, from_chat_id: chat_id, message_id: message.message_id });
    const temporary = await api.sendMessage({ chat_id, text: "temporary" });
    await api.deleteMessage({ chat_id, message_id: temporary.message_id });
    await api.sendLocation({ chat_id, latitude: 52.52, longitude: 13.405 });
    await api.sendContact({ chat_id, phone_number: "+15550100", first_name: "Ann" });
    await api.sendPoll({ chat_id, question: "Tea?", options: [{ text: "Yes" }, { text: "No" }] });
    await api.sendDice({ chat_id });
    await api.setMyCommands({ commands: [{ command: "start", description: "Say hello" }] });
    const commands = await api.getMyCommands({});
    await ctx.reply(`commands: ${commands.map((c) => c.command).join(",")}`);
  });

  // 1. Identity.
  const me = await api.getMe();
  assert.equal(me.id, Number(token.split(":")[0]));
  assert.equal(me.is_bot, true);
  console.log("node-telegram-bot-api flow 1 (identity): ok");

  const polling = bot.startPolling(undefined, { timeout: 5 });
  try {
    // 2. A button press edits the message.
    await alice.call("sendMessage", { chat_id: me.id, text: "/start" });
    const hello = await alice.expectMessage((m) => (m.text || "").startsWith("Hello"), "the greeting");
    assert.deepEqual(hello.entities, [{ type: "bold", offset: 6, length: 5 }]);
    const press = await alice.call("pressButton", {
      chat_id: me.id,
      message_id: hello.message_id,
      callback_data: "yes",
      timeout: 30,
    });
    assert.equal(press.answer.text, "noted");
    const edited = await alice.expectMessage((m) => m.text === "Chosen: yes", "the edit");
    assert.equal(edited.reply_markup.inline_keyboard[0][0].text, "Undo");
    console.log("node-telegram-bot-api flow 2 (long polling, callback, edit): ok");

    // 3. The echo bot's repertoire.
    await alice.call("sendMessage", { chat_id: me.id, text: "echo me" });
    const want = new Set(["reply", "forward", "copy", "deleted", "location", "contact", "poll", "dice", "commands", "action"]);
    while (want.size > 0) {
      const update = await alice.expectUpdate(() => true, `the echo bot's ${[...want].join(", ")}`);
      const m = update.message;
      if (update.deleted_messages) want.delete("deleted");
      if (update.chat_action) want.delete("action");
      if (!m) continue;
      if (m.text === "ECHO ME" && m.reply_to_message) want.delete("reply");
      if (m.forward_origin) want.delete("forward");
      else if (m.text === "echo me") want.delete("copy");
      for (const kind of ["location", "contact", "poll", "dice"]) if (m[kind]) want.delete(kind);
      if (m.text === "commands: start") want.delete("commands");
    }
    console.log("node-telegram-bot-api flow 3 (echo): ok");
  } finally {
    bot.stop();
    await polling;
  }
  console.log("node-telegram-bot-api: ok");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

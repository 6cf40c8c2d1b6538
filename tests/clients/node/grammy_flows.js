// grammY 1.46: a bot in grammY's usual style (middleware, its own long polling), pointed at the
// server by `client.apiRoot`, driven from the person's side. Flows: 1 identity, 2 a button press
// answered by editing the message, 3 an echo bot's repertoire.
"use strict";

const assert = require("node:assert/strict");
const { Bot, InlineKeyboard } = require("grammy");
const { Person } = require("../../helpers/node");

const BASE = process.env.MSG_BASE_URL;

async function main() {
  const token = process.env.MSG_BOT_TOKEN;
  const alice = new Person(BASE, process.env.MSG_USER_TOKEN);
  const bot = new Bot(token, { client: { apiRoot: BASE } });

  bot.command("start", (ctx) =>
    ctx.reply(`Hello <b>${ctx.from.first_name}</b>`, {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Yes", "yes"),
    }),
  );
  bot.callbackQuery("yes", async (ctx) => {
    await ctx.answerCallbackQuery({ text: "noted" });
    await ctx.editMessageText("Chosen: yes", { reply_markup: new InlineKeyboard().text("Undo", "undo") });
  });
  bot.on("message:text", async (ctx) => {
    const chat = ctx.chat.id;
    await ctx.replyWithChatAction("typing");
    await ctx.reply(ctx.message.text.toUpperCase(), { reply_parameters: { message_id: ctx.message.message_id } });
    await ctx.forwardMessage(chat);
    await ctx.copyMessage(chat);
    const temporary = await ctx.api.sendMessage(chat, "temporary");
    await ctx.api.deleteMessage(chat, temporary.message_id);
    await ctx.api.sendLocation(chat, 52.52, 13.405);
    await ctx.api.sendContact(chat, "+15550100", "Ann");
    await ctx.api.sendPoll(chat, "Tea?", [{ text: "Yes" }, { text: "No" }]);
    await ctx.api.sendDice(chat);
    await ctx.api.setMyCommands([{ command: "start", description: "Say hello" }]);
    const commands = await ctx.api.getMyCommands();
    await ctx.reply(`commands: ${commands.map((c) => c.command).join(",")}`);
  });

  // 1. Identity.
  await bot.init();
  assert.equal(bot.botInfo.id, Number(token.split(":")[0]));
  assert.equal(bot.botInfo.is_bot, true);
  console.log("grammY flow 1 (identity): ok");

  // Act only once polling runs: drop_pending_updates would drop what came before.
  let started;
  const running = new Promise((resolve) => (started = resolve));
  const polling = bot.start({ drop_pending_updates: true, timeout: 5, onStart: started });
  await running;
  try {
    // 2. A button press edits the message.
    await alice.call("sendMessage", { chat_id: bot.botInfo.id, text: "/start" });
    const hello = await alice.expectMessage((m) => (m.text || "").startsWith("Hello"), "the greeting");
    assert.deepEqual(hello.entities, [{ type: "bold", offset: 6, length: 5 }]);
    const press = await alice.call("pressButton", {
      chat_id: bot.botInfo.id,
      message_id: hello.message_id,
      callback_data: "yes",
      timeout: 30,
    });
    assert.equal(press.answer.text, "noted");
    const edited = await alice.expectMessage((m) => m.text === "Chosen: yes", "the edit");
    assert.equal(edited.reply_markup.inline_keyboard[0][0].text, "Undo");
    console.log("grammY flow 2 (long polling, callback, edit): ok");

    // 3. The echo bot's repertoire.
    await alice.call("sendMessage", { chat_id: bot.botInfo.id, text: "echo me" });
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
    console.log("grammY flow 3 (echo): ok");
  } finally {
    await bot.stop();
    await polling;
  }
  console.log("grammy: ok");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

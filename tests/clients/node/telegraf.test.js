// telegraf 4.16 under the Node testing module (node:test): a bot launched with long polling,
// pointed at the server by `telegram.apiRoot`; the person drives the button press and edit, the
// echo repertoire, a file round trip with `getFileLink`, a supergroup (with the old
// `getChatMembersCount` alias telegraf still sends) and inline mode.
"use strict";

const assert = require("node:assert/strict");
const { test } = require("node:test");
const { Telegraf, Markup } = require("telegraf");
const { startServer } = require("../../helpers/node");

test("telegraf flows", async () => {
  const server = await startServer();
  const tested = await server.createBot("tg_bot", { inline: true });
  const alice = server.createPerson("Alice");
  const bob = server.createPerson("Bob");
  const bot = new Telegraf(tested.token, { telegram: { apiRoot: server.baseUrl } });
  let removed;
  const removal = new Promise((r) => (removed = r));
  bot.start((ctx) => ctx.replyWithHTML(`Hello <b>${ctx.from.first_name}</b>`, Markup.inlineKeyboard([Markup.button.callback("Yes", "yes")])));
  bot.on("callback_query", async (ctx) => {
    await ctx.answerCbQuery("noted");
    await ctx.editMessageText(`Chosen: ${ctx.callbackQuery.data}`, Markup.inlineKeyboard([Markup.button.callback("Undo", "undo")]));
  });
  bot.command("info", async (ctx) => {
    const chat = await ctx.getChat();
    const member = await ctx.getChatMember(ctx.from.id);
    const admins = await ctx.getChatAdministrators();
    const count = await ctx.getChatMembersCount();
    await ctx.banChatMember(bob.id);
    await ctx.unbanChatMember(bob.id);
    await ctx.reply(`${chat.title}|${member.status}|${admins.length}|${count}`);
  });
  bot.on("my_chat_member", (ctx) => { if (ctx.myChatMember.new_chat_member.status === "left") removed(); });
  bot.on("inline_query", (ctx) => ctx.answerInlineQuery([{ type: "article", id: "a1", title: "Hi", input_message_content: { message_text: `${ctx.inlineQuery.query}!` } }], { cache_time: 0 }));
  bot.on("text", async (ctx) => {
    if (ctx.chat.type !== "private") return;
    const c = ctx.chat.id;
    await ctx.sendChatAction("typing");
    await ctx.reply(ctx.message.text.toUpperCase(), { reply_parameters: { message_id: ctx.message.message_id } });
    await ctx.forwardMessage(c);
    await ctx.copyMessage(c);
    const t = await ctx.reply("temporary");
    await ctx.deleteMessage(t.message_id);
    await ctx.replyWithLocation(52.52, 13.405);
    await ctx.replyWithVenue(52.52, 13.405, "Venue", "Street 1");
    await ctx.replyWithContact("+15550100", "Ann");
    await ctx.replyWithPoll("Tea?", ["Yes", "No"]);
    await ctx.replyWithDice();
    await ctx.telegram.setMyCommands([{ command: "start", description: "Say hello" }]);
    const cmds = await ctx.telegram.getMyCommands();
    await ctx.reply("commands: " + cmds.map((x) => x.command).join(","));
  });
  bot.on("document", async (ctx) => {
    const link = await ctx.telegram.getFileLink(ctx.message.document.file_id);
    const bytes = Buffer.from(await (await fetch(link)).arrayBuffer());
    await ctx.reply(`got ${bytes.length} bytes`);
    await ctx.replyWithDocument({ source: bytes, filename: "back.txt" }, { caption: "uploaded" });
    await ctx.replyWithDocument(ctx.message.document.file_id, { caption: "by id" });
  });
  const launched = bot.launch({ allowedUpdates: ["message", "callback_query", "my_chat_member", "inline_query"] });
  try {
    await alice.sendMessage(tested, "/start");
    const hello = await alice.expectMessage((m) => (m.text || "").startsWith("Hello"), "hello", { timeout: 15 });
    assert.equal((await alice.pressButton(hello, "yes")).answer.text, "noted");
    await alice.expectMessage({ text: "Chosen: yes", timeout: 15 });
    await alice.sendMessage(tested, "echo me");
    await alice.expectMessage({ text: "commands: start", timeout: 20 });
    await alice.sendDocument(tested, Buffer.alloc(1000, 120), "a.txt");
    await alice.expectMessage({ text: "got 1000 bytes", timeout: 15 });
    await alice.expectMessage((m) => m.caption === "by id", "by id", { timeout: 15 });
    const group = await alice.createSupergroup("Guild", [tested, bob]);
    await alice.promote(group, tested, { can_restrict_members: true });
    await alice.sendMessage(group, "/info@tg_bot");
    await alice.expectMessage({ text: "Guild|creator|2|3", timeout: 15 });
    await alice.removeMember(group, tested);
    await removal;
    const chat = await alice.createGroup("Inline", [bob]);
    const asked = await alice.inlineQuery(tested, "Hello");
    assert.ok(asked.answered);
    await alice.chooseInlineResult(asked, "a1", chat);
    await bob.expectMessage({ text: "Hello!", timeout: 15 });
  } finally {
    bot.stop();
    await launched.catch(() => {});
    await server.close();
  }
  assert.deepEqual(server.violations(), []);
});

// grammY 1.46, further flows against a server in local mode with the bot's inline mode on:
// 5 groups (a supergroup, commands addressed to the bot, the chat methods, a ban, removal),
// 6 grammY's own webhook runner (node:http) answering in the webhook reply and by a call,
// 7 inline mode (an article picked in a group appears via the bot).
"use strict";

const assert = require("node:assert/strict");
const http = require("node:http");
const { Bot, webhookCallback } = require("grammy");
const { Person } = require("../../helpers/node");

const BASE = process.env.MSG_BASE_URL;

async function main() {
  const token = process.env.MSG_BOT_TOKEN;
  const alice = new Person(BASE, process.env.MSG_USER_TOKEN);
  const bob = new Person(BASE, process.env.MSG_BOB_TOKEN);
  const bot = new Bot(token, { client: { apiRoot: BASE, canUseWebhookReply: (method) => method === "sendMessage" } });
  let removed;
  const removal = new Promise((resolve) => (removed = resolve));

  bot.command("info", async (ctx) => {
    const chat = await ctx.getChat();
    const member = await ctx.getChatMember(ctx.from.id);
    const admins = await ctx.getChatAdministrators();
    const count = await ctx.getChatMemberCount();
    await ctx.banChatMember(bob.id);
    await ctx.unbanChatMember(bob.id);
    await ctx.reply(`${chat.title}|${member.status}|${admins.length}|${count}`);
  });
  bot.on("my_chat_member", (ctx) => {
    if (ctx.myChatMember.new_chat_member.status === "left") removed(ctx.myChatMember.chat.id);
  });
  bot.on("inline_query", (ctx) =>
    ctx.answerInlineQuery(
      [{ type: "article", id: "a1", title: "Hi", input_message_content: { message_text: `${ctx.inlineQuery.query}!` } }],
      { cache_time: 0 },
    ),
  );
  bot.on("message:text", async (ctx) => {
    if (ctx.chat.type !== "private") return;
    // Answered in the webhook reply (canUseWebhookReply), then by a normal call.
    await ctx.reply(`hook: ${ctx.message.text}`);
    await ctx.api.sendMessage(ctx.chat.id, `call: ${ctx.message.text}`);
  });
  await bot.init();
  const me = bot.botInfo;

  // 5. Groups.
  const group = await alice.call("createSupergroup", { title: "Guild", member_ids: [me.id, bob.id] });
  await alice.call("promoteChatMember", { chat_id: group.id, user_id: me.id, can_restrict_members: true });
  // Act only once polling runs: drop_pending_updates would drop what came before.
  let started;
  const running = new Promise((resolve) => (started = resolve));
  const polling = bot.start({
    drop_pending_updates: true,
    timeout: 5,
    allowed_updates: ["message", "my_chat_member", "inline_query"],
    onStart: started,
  });
  await running;
  try {
    await alice.call("sendMessage", { chat_id: group.id, text: `/info@${me.username}` });
    const info = await alice.expectMessage((m) => (m.text || "").startsWith("Guild|"), "the group info");
    assert.equal(info.text, "Guild|creator|2|3");
    await alice.call("removeChatMember", { chat_id: group.id, user_id: me.id });
    assert.equal(await removal, group.id);
    console.log("grammY flow 5 (groups): ok");

    // 7. Inline mode: an article picked in a group appears via the bot.
    const chat = await alice.call("createGroup", { title: "Inline", member_ids: [bob.id] });
    const asked = await alice.call("inlineQuery", { chat_id: me.id, query: "Hello", timeout: 30 });
    assert.ok(asked.answered, JSON.stringify(asked));
    await alice.call("chooseInlineResult", { inline_query_id: asked.inline_query_id, result_id: "a1", chat_id: chat.id });
    const picked = await bob.expectMessage((m) => m.text === "Hello!", "the inline article");
    assert.equal(picked.via_bot.username, me.username);
    console.log("grammY flow 7 (inline): ok");
  } finally {
    await bot.stop();
    await polling;
  }

  // 6. grammY's webhook runner.
  const server = http.createServer(webhookCallback(bot, "http"));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await bot.api.setWebhook(`http://127.0.0.1:${server.address().port}/hook`);
    await alice.call("sendMessage", { chat_id: me.id, text: "ping" });
    // The webhook reply and the call race: either may arrive first.
    const want = new Set(["hook: ping", "call: ping"]);
    while (want.size > 0) {
      const m = await alice.expectMessage((m) => want.has(m.text), [...want].join(" and "));
      want.delete(m.text);
    }
    await bot.api.deleteWebhook();
    console.log("grammY flow 6 (webhook): ok");
  } finally {
    server.close();
  }
  console.log("grammy more: ok");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

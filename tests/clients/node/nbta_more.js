// node-telegram-bot-api 2.1 (v2 API), further flows against a server in local mode with the
// bot's inline mode on: 5 groups, 6 its own webhook server (`createWebhookServer` on
// node:http), 7 inline mode.
"use strict";

const assert = require("node:assert/strict");
const { Bot, createWebhookServer } = require("node-telegram-bot-api/node");
const { Person } = require("../../helpers/node");

const BASE = process.env.MSG_BASE_URL;

async function main() {
  const token = process.env.MSG_BOT_TOKEN;
  const alice = new Person(BASE, process.env.MSG_USER_TOKEN);
  const bob = new Person(BASE, process.env.MSG_BOB_TOKEN);
  const bot = new Bot(token, { apiRoot: BASE });
  const api = bot.api;
  let removed;
  const removal = new Promise((resolve) => (removed = resolve));

  bot.command("info", async (ctx) => {
    const chat_id = ctx.message.chat.id;
    const chat = await api.getChat({ chat_id });
    const member = await api.getChatMember({ chat_id, user_id: ctx.message.from.id });
    const admins = await api.getChatAdministrators({ chat_id });
    const count = await api.getChatMemberCount({ chat_id });
    await api.banChatMember({ chat_id, user_id: bob.id });
    await api.unbanChatMember({ chat_id, user_id: bob.id });
    await ctx.reply(`${chat.title}|${member.status}|${admins.length}|${count}`);
  });
  bot.on("my_chat_member", (ctx) => {
    const change = ctx.update.my_chat_member;
    if (change.new_chat_member.status === "left") removed(change.chat.id);
  });
  bot.on("inline_query", (ctx) =>
    api.answerInlineQuery({
      inline_query_id: ctx.update.inline_query.id,
      results: [{ type: "article", id: "a1", title: "Hi", input_message_content: { message_text: `${ctx.update.inline_query.query}!` } }],
      cache_time: 0,
    }),
  );
  bot.on("message", async (ctx) => {
    const message = ctx.message;
    if (message.chat.type !== "private" || !message.text) return;
    await api.sendMessage({ chat_id: message.chat.id, text: `hook: ${message.text}` });
  });
  const me = await api.getMe();

  const polling = bot.startPolling(undefined, { timeout: 5, allowedUpdates: ["message", "my_chat_member", "inline_query"] });
  try {
    // 5. Groups.
    const group = await alice.call("createSupergroup", { title: "Guild", member_ids: [me.id, bob.id] });
    await alice.call("promoteChatMember", { chat_id: group.id, user_id: me.id, can_restrict_members: true });
    await alice.call("sendMessage", { chat_id: group.id, text: `/info@${me.username}` });
    const info = await alice.expectMessage((m) => (m.text || "").startsWith("Guild|"), "the group info");
    assert.equal(info.text, "Guild|creator|2|3");
    await alice.call("removeChatMember", { chat_id: group.id, user_id: me.id });
    assert.equal(await removal, group.id);
    console.log("node-telegram-bot-api flow 5 (groups): ok");

    // 7. Inline mode.
    const chat = await alice.call("createGroup", { title: "Inline", member_ids: [bob.id] });
    const asked = await alice.call("inlineQuery", { chat_id: me.id, query: "Hello", timeout: 30 });
    assert.ok(asked.answered, JSON.stringify(asked));
    await alice.call("chooseInlineResult", { inline_query_id: asked.inline_query_id, result_id: "a1", chat_id: chat.id });
    const picked = await bob.expectMessage((m) => m.text === "Hello!", "the inline article");
    assert.equal(picked.via_bot.username, me.username);
    console.log("node-telegram-bot-api flow 7 (inline): ok");
  } finally {
    bot.stop();
    await polling;
  }

  // 6. Its own webhook server.
  // The library insists on the secret token, which the server sends in every delivery.
  const secretToken = "s3cr3t-hook_token";
  const server = createWebhookServer(bot, { path: "/hook", secretToken });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await api.setWebhook({ url: `http://127.0.0.1:${server.address().port}/hook`, secret_token: secretToken });
    await alice.call("sendMessage", { chat_id: me.id, text: "ping" });
    await alice.expectMessage((m) => m.text === "hook: ping", "the webhook answer");
    await api.deleteWebhook({});
    console.log("node-telegram-bot-api flow 6 (webhook): ok");
  } finally {
    server.close();
  }
  console.log("node-telegram-bot-api more: ok");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

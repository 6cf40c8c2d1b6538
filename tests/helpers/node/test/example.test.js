// README's "Testing your bot" example, verbatim: a grammY bot under test with node:test.
const assert = require("node:assert/strict");
const { test } = require("node:test");
const { Bot } = require("grammy");
const { startServer } = require("msg-bot-api-testing");

test("the bot shouts back", async () => {
  const server = await startServer();
  const testBot = await server.createBot("test_bot");
  const alice = server.createPerson("Alice");
  const bot = new Bot(testBot.token, { client: { apiRoot: server.baseUrl } });
  bot.on("message:text", (ctx) => ctx.reply(ctx.message.text.toUpperCase()));
  bot.start();
  await alice.sendMessage(testBot, "hello");
  assert.equal((await alice.expectMessage({ text: "HELLO" })).from.username, "test_bot");
  await bot.stop();
  await server.close();
});

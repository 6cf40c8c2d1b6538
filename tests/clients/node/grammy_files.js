// grammY 1.46, flow 4 (files): the person sends a photo and a document; the bot fetches each
// with getFile and downloads it from the file URL (grammY's core has no download helper),
// byte-identical, then sends the photo and the document back each by upload and by file_id. Run with and without
// `--local` (MSG_LOCAL_MODE=1: absolute file paths).
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const { Bot, InputFile } = require("grammy");
const { Person } = require("../../helpers/node");

const BASE = process.env.MSG_BASE_URL;

async function main() {
  const token = process.env.MSG_BOT_TOKEN;
  const local = process.env.MSG_LOCAL_MODE === "1";
  const alice = new Person(BASE, process.env.MSG_USER_TOKEN);
  const png = fs.readFileSync(process.env.MSG_PHOTO);
  const text = Buffer.from("a document's bytes\n".repeat(100));
  const bot = new Bot(token, { client: { apiRoot: BASE } });

  const download = async (fileId) => {
    const file = await bot.api.getFile(fileId);
    assert.equal(file.file_path.startsWith("/"), local, file.file_path);
    const response = await fetch(`${BASE}/file/bot${token}/${file.file_path}`);
    assert.equal(response.status, 200);
    return Buffer.from(await response.arrayBuffer());
  };
  bot.on("message:photo", async (ctx) => {
    const largest = ctx.message.photo[ctx.message.photo.length - 1];
    const bytes = await download(largest.file_id);
    await ctx.reply(`photo ${bytes.length} bytes`);
    await ctx.replyWithPhoto(new InputFile(png, "back.png"), { caption: "uploaded" });
    await ctx.replyWithPhoto(largest.file_id, { caption: "by file_id" });
  });
  bot.on("message:document", async (ctx) => {
    const bytes = await download(ctx.message.document.file_id);
    assert.ok(bytes.equals(text), "the document comes back byte-identical");
    await ctx.replyWithDocument(new InputFile(bytes, "notes.txt"), { caption: "uploaded document" });
    await ctx.replyWithDocument(ctx.message.document.file_id, { caption: "same document" });
  });
  await bot.init();
  let started;
  const running = new Promise((resolve) => (started = resolve));
  const polling = bot.start({ drop_pending_updates: true, timeout: 5, onStart: started });
  await running;
  try {
    await alice.sendPhoto(bot.botInfo.id, png, "cat.png");
    await alice.expectMessage((m) => (m.text || "").startsWith("photo "), "the photo's size");
    await alice.expectMessage((m) => m.caption === "uploaded" && m.photo, "the uploaded photo");
    await alice.expectMessage((m) => m.caption === "by file_id" && m.photo, "the photo by file_id");
    await alice.sendDocument(bot.botInfo.id, text, "notes.txt");
    const uploaded = await alice.expectMessage((m) => m.caption === "uploaded document", "the uploaded document");
    assert.equal(uploaded.document.file_size, text.length);
    const back = await alice.expectMessage((m) => m.caption === "same document", "the document by file_id");
    assert.equal(back.document.file_name, "notes.txt");
    console.log(`grammY flow 4 (files, local=${local}): ok`);
  } finally {
    await bot.stop();
    await polling;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

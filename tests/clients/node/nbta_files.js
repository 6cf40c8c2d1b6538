// node-telegram-bot-api 2.1 (v2 API), flow 4 (files): the person sends a photo and a document;
// the bot fetches each with getFile and downloads it from the file URL, byte-identical, then
// sends the photo and the document back each by upload (`InputFile`) and by file_id. Run with and without
// `--local` (MSG_LOCAL_MODE=1: absolute file paths).
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const { Bot, InputFile } = require("node-telegram-bot-api/node");
const { Person } = require("../../helpers/node");

const BASE = process.env.MSG_BASE_URL;

async function main() {
  const token = process.env.MSG_BOT_TOKEN;
  const local = process.env.MSG_LOCAL_MODE === "1";
  const alice = new Person(BASE, process.env.MSG_USER_TOKEN);
  const png = fs.readFileSync(process.env.MSG_PHOTO);
  const text = Buffer.from("a document's bytes\n".repeat(100));
  const bot = new Bot(token, { apiRoot: BASE });
  const api = bot.api;

  const download = async (file_id) => {
    const file = await api.getFile({ file_id });
    assert.equal(file.file_path.startsWith("/"), local, file.file_path);
    const response = await fetch(`${BASE}/file/bot${token}/${file.file_path}`);
    assert.equal(response.status, 200);
    return Buffer.from(await response.arrayBuffer());
  };
  bot.on("message", async (ctx) => {
    const message = ctx.message;
    const chat_id = message.chat.id;
    if (message.photo) {
      const largest = message.photo[message.photo.length - 1];
      const bytes = await download(largest.file_id);
      await api.sendMessage({ chat_id, text: `photo ${bytes.length} bytes` });
      const upload = new InputFile(new Uint8Array(png), { filename: "back.png", contentType: "image/png" });
      await api.sendPhoto({ chat_id, photo: upload, caption: "uploaded" });
      await api.sendPhoto({ chat_id, photo: largest.file_id, caption: "by file_id" });
    } else if (message.document) {
      const bytes = await download(message.document.file_id);
      assert.ok(bytes.equals(text), "the document comes back byte-identical");
      const again = new InputFile(new Uint8Array(bytes), { filename: "notes.txt", contentType: "text/plain" });
      await api.sendDocument({ chat_id, document: again, caption: "uploaded document" });
      await api.sendDocument({ chat_id, document: message.document.file_id, caption: "same document" });
    }
  });
  const me = await api.getMe();
  const polling = bot.startPolling(undefined, { timeout: 5 });
  try {
    await alice.sendPhoto(me.id, png, "cat.png");
    await alice.expectMessage((m) => (m.text || "").startsWith("photo "), "the photo's size");
    await alice.expectMessage((m) => m.caption === "uploaded" && m.photo, "the uploaded photo");
    await alice.expectMessage((m) => m.caption === "by file_id" && m.photo, "the photo by file_id");
    await alice.sendDocument(me.id, text, "notes.txt");
    const uploaded = await alice.expectMessage((m) => m.caption === "uploaded document", "the uploaded document");
    assert.equal(uploaded.document.file_size, text.length);
    const back = await alice.expectMessage((m) => m.caption === "same document", "the document by file_id");
    assert.equal(back.document.file_name, "notes.txt");
    console.log(`node-telegram-bot-api flow 4 (files, local=${local}): ok`);
  } finally {
    bot.stop();
    await polling;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

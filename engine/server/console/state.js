// state.js — the signed-in tab's shared state (one person per tab), read and written by the
// other modules; the hooks through which a lower module calls a higher one; plus the debug hook
// window.msgConsole (counts only, no secrets). It imports nothing.
export const S = {
  operator: null,      // Operator API client, or null for a person-token sign-in
  overview: null,      // getOverview result: people (with tokens, memory only) and bots
  person: null,        // Person API client of the person this tab acts as
  me: null,            // that person's User
  chats: new Map(),    // chat id -> {chat, last_message, unread_count}
  topics: new Map(),   // forum chat id -> [ForumTopic]
  botInfo: new Map(),  // bot id -> Promise of getBotInfo
  reactions: new Map(),// "chat:message" -> {base, users} (chat.js, reactions)
  votes: new Map(),    // "chat:message" -> [option ids] the person chose
  lastUpdateId: 0,
  rendered: 0,
  renders: 0,
};

export const key = (chatId, messageId) => `${chatId}:${messageId}`;

/** What lower modules call of higher ones. Modules import only downwards (ui, state, api,
 *  render, tools, chats, admin, compose, chat, app); the composition root, app.js, fills these
 *  before anything runs, so no module imports one that imports it. */
export const hooks = {
  openChat: null,        // chat.js's openChat(chatId, threadId, {focus}): for chats.js, admin.js
  current: null,         // chat.js's current(): the open chat {chatId, threadId, chat} or null; for chats.js
  applyMessage: null,    // chat.js's applyMessage(m, edited, {outgoing}): for compose.js
  refreshOverview: null, // app.js's refreshOverview(): for admin.js
};

window.msgConsole = {
  get lastUpdateId() { return S.lastUpdateId; },
  stats: {
    get rendered() { return S.rendered; },
    get renders() { return S.renders; },
    get chats() { return S.chats.size; },
  },
};

/** Display name of a User or Chat. */
export function nameOf(u) {
  if (!u) return '';
  if (u.title) return u.title;
  return [u.first_name, u.last_name].filter(Boolean).join(' ') || (u.username ? `@${u.username}` : String(u.id));
}

export const isBotUser = (u) => !!u && (u.is_bot || /bot$/i.test(u.username || ''));

/** Whether `id` is a person the operator's overview lists (a private chat with one has no bot). */
export const isPerson = (id) => !!S.overview?.people?.some((p) => p.user.id === id);

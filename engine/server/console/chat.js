// chat.js — the open chat: header (title, chat action line), the message log with paged history
// (newest 50 first, older pages near the top, newer pages again after the DOM cap of 300
// messages unloaded them), idempotent live updates keyed by message id (new, edited, deleted,
// reactions, drafts, chat actions), read marks, the per-message actions, and the log's keyboard
// (one tab stop; arrow keys from message to message).
import { el, $, toast, alertDialog, copyText, formDialog, modal, fmtTime } from './ui.js';
import { S, key, nameOf, isBotUser } from './state.js';
import { renderMessage, renderReactions, renderDraft, safeUrl, REACTION_EMOJI, money, reactionCounts, reactionLabel } from './render.js';
import { noteMessage, noteDeleted, noteRead, renderList, loadTopics } from './chats.js';
import * as compose from './compose.js';
import { chooseChat, chatInfo } from './admin.js';
import { callsPanel } from './tools.js';

const PAGE = 50;
const CAP = 300;
const EDGE = 600;

let V = null; // the open chat's view
const drafts = new Map(); // "chat:from:draft" -> {d, timer}
const actionsByChat = new Map(); // chat id -> Map(user id -> {text, timer})

const logEl = () => $('#log');
const listEl = () => $('#log .list');

export const current = () => V && { chatId: V.chatId, threadId: V.threadId, chat: V.chat };

// ---------------------------------------------------------------- media loading

const loaders = new WeakMap();
let observer = null;
function lazy(node, load) {
  if (!observer) {
    observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        observer.unobserve(e.target);
        const f = loaders.get(e.target);
        loaders.delete(e.target);
        if (f) f();
      }
    }, { root: logEl(), rootMargin: '800px 0px' });
  }
  loaders.set(node, load);
  observer.observe(node);
}

function unobserve(article) {
  if (!observer) return;
  for (const n of article.querySelectorAll('.loading')) observer.unobserve(n);
}

// ---------------------------------------------------------------- handlers for render.js

const h = {
  fileUrl: (id) => S.person.fileUrl(id),
  lazy,
  error: (t) => toast(t, 'error'),
  sendCommand: (text) => compose.sendText(text),
  press: pressButton,
  pay: payInvoice,
  buy: buyPaidMedia,
  stickerSet: openStickerSet,
  webApp: (botId, url) => compose.openWebApp(botId, url),
  switchInline: (username, query) => compose.switchInline(username, query),
  copy: (text) => copyText(text),
  vote,
  addOption: addPollOption,
  deleteOption: deletePollOption,
  stopDraft,
  subscription: manageSubscription,
  react: toggleReaction,
  pickReaction,
  reply: (m) => compose.setReply(m),
  edit: (m) => compose.startEdit(m),
  delete: deleteMessage,
  forward: forwardMessage,
  jump: jumpTo,
  canPost: false,
};

// ---------------------------------------------------------------- opening

export function resetView() {
  V = null;
  drafts.forEach((x) => clearTimeout(x.timer));
  drafts.clear();
  actionsByChat.clear();
  listEl()?.replaceChildren();
  $('#log .drafts')?.replaceChildren();
  S.rendered = 0;
  $('#chat')?.classList.add('no-chat');
  document.body.classList.remove('chat-open');
}

/** Opens a chat; `focus` (opened by keyboard) puts the focus in the composer's text field. */
export async function openChat(chatId, threadId = null, { focus = false } = {}) {
  const entry = S.chats.get(chatId);
  const chat = entry?.chat || V?.chat || { id: chatId, type: 'private' };
  if (observer) { observer.disconnect(); observer = null; }
  V = { chatId, threadId: threadId || null, chat, msgs: new Map(), nodes: new Map(), ids: [], below: [], hasOlder: false, atNewest: true, loading: false, readSent: 0 };
  h.canPost = chat.type === 'channel';
  listEl().replaceChildren();
  S.rendered = 0;
  $('#chat').classList.remove('no-chat');
  document.body.classList.add('chat-open');
  renderHeader();
  renderDrafts();
  renderEphemerals();
  renderAction();
  compose.chatOpened(chat, V.threadId);
  if (focus) compose.focusInput();
  renderList();
  if (chat.is_forum && !S.topics.has(chatId)) loadTopics(chatId);
  await loadNewest();
}

function renderHeader() {
  const c = V.chat;
  const topic = V.threadId ? (S.topics.get(V.chatId) || []).find((t) => t.message_thread_id === V.threadId) : null;
  const kind = c.type === 'private' ? (isBotUser(c) ? 'bot' : 'private chat') : c.is_direct_messages ? "channel's direct messages" : c.is_forum ? 'forum' : c.type;
  $('#chat-title-text').textContent = nameOf(c);
  $('#chat-subtitle').textContent = topic ? `${kind} · # ${topic.name}` : kind;
  // The operator reads a bot's calls from its chat.
  $('#btn-calls').hidden = !(S.operator && c.type === 'private' && isBotUser(c));
}

/** The open bot chat's call log (the operator's). */
export function showCalls() {
  if (V && S.operator) callsPanel({ id: V.chat.id, username: V.chat.username });
}

export function showInfo() {
  if (V) chatInfo(V.chat);
}

// ---------------------------------------------------------------- the DOM window

/** Puts a message in the window (replacing its old node); `since` when it comes from a history
 *  page: the reaction sequence number the page was asked at (its `reactions` are a snapshot). */
function put(m, since = null) {
  const id = m.message_id;
  if (since != null) reactionSnapshot(m, since);
  const node = renderMessage(m, h);
  V.msgs.set(id, m);
  const old = V.nodes.get(id);
  V.nodes.set(id, node);
  if (old) {
    unobserve(old);
    // A message re-rendered under the focus (an edit, a vote) keeps it.
    const focused = old.contains(document.activeElement);
    old.replaceWith(node);
    if (focused) node.focus({ preventScroll: true });
    return;
  }
  let lo = 0;
  let hi = V.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (V.ids[mid] < id) lo = mid + 1; else hi = mid;
  }
  const next = V.ids[lo];
  V.ids.splice(lo, 0, id);
  listEl().insertBefore(node, next != null ? V.nodes.get(next) : null);
  S.rendered = V.ids.length;
}

function drop(id) {
  const node = V.nodes.get(id);
  if (node) { unobserve(node); node.remove(); }
  V.nodes.delete(id);
  V.msgs.delete(id);
  const i = V.ids.indexOf(id);
  if (i >= 0) V.ids.splice(i, 1);
  S.rendered = V.ids.length;
}

function trimBottom() {
  while (V.ids.length > CAP) {
    const id = V.ids[V.ids.length - 1];
    drop(id);
    V.below.unshift(id);
    V.atNewest = false;
  }
}

function trimTop() {
  while (V.ids.length > CAP) {
    drop(V.ids[0]);
    V.hasOlder = true;
  }
}

/** Runs a DOM change keeping the first visible message where it was on screen. */
function anchored(fn) {
  const log = logEl();
  const top = log.getBoundingClientRect().top;
  let anchor = null;
  let before = 0;
  for (const id of V.ids) {
    const r = V.nodes.get(id).getBoundingClientRect();
    if (r.bottom > top) { anchor = V.nodes.get(id); before = r.top; break; }
  }
  fn();
  if (anchor && anchor.isConnected) log.scrollTop += anchor.getBoundingClientRect().top - before;
}

const nearBottom = () => { const l = logEl(); return l.scrollHeight - l.scrollTop - l.clientHeight < 120; };
/** Whether the view follows the newest message: true until the person scrolls away from the
 * bottom. Kept apart from the scroll position, which moves by itself as messages rendered late
 * (content-visibility) take their real height. */
let pinned = true;
const toBottom = () => { const l = logEl(); l.scrollTop = l.scrollHeight; };

function updateChrome() {
  $('#btn-newest').hidden = !V || V.atNewest;
  $('#log .drafts').hidden = !V || !V.atNewest;
}

const historyParams = (extra) => ({ chat_id: V.chatId, message_thread_id: V.threadId || undefined, ...extra });

async function fetchPage(extra) {
  const v = V;
  v.loading = true;
  // What the stream brings while the page is on its way (the page may predate it).
  v.live = [];
  v.since = reactionSeq;
  try {
    const page = await S.person.call('getChatHistory', historyParams(extra));
    return v === V ? page : null;
  } catch {
    return null;
  } finally {
    v.loading = false;
  }
}

export async function loadNewest() {
  const v = V;
  const page = await fetchPage({ limit: PAGE });
  if (!page || v !== V) return;
  for (const id of [...V.ids]) drop(id);
  V.below = [];
  V.atNewest = true;
  pinned = true;
  V.hasOlder = page.length >= PAGE;
  for (const m of page) put(m, v.since);
  // Messages, edits and deletions that arrived while the page was loading are newer than it.
  const newestInPage = Math.max(0, ...page.map((m) => m.message_id));
  for (const [kind, m, ids] of v.live) {
    if (kind === 'deleted') { for (const id of ids) if (V.nodes.has(id)) drop(id); }
    else if (V.nodes.has(m.message_id) || (kind === 'new' && m.message_id > newestInPage)) put(m);
  }
  compose.scanKeyboard(V.chatId, page);
  updateChrome();
  toBottom();
  requestAnimationFrame(() => { if (v === V) { toBottom(); checkEdges(); } });
}

async function loadOlder() {
  if (!V || V.loading || !V.hasOlder || !V.ids.length) return;
  const v = V;
  const page = await fetchPage({ before_message_id: V.ids[0], limit: PAGE });
  if (!page || v !== V) return;
  V.hasOlder = page.length >= PAGE;
  anchored(() => { for (const m of page) put(m, v.since); trimBottom(); });
  updateChrome();
  requestAnimationFrame(checkEdges);
}

async function loadNewer() {
  if (!V || V.loading || V.atNewest) return;
  if (!V.below.length) { await loadNewest(); return; }
  const v = V;
  const next = V.below.slice(0, PAGE);
  const last = next[next.length - 1];
  const newest = V.ids[V.ids.length - 1] || 0;
  const page = await fetchPage({ before_message_id: last + 1, limit: Math.min(100, PAGE + 10) });
  if (!page || v !== V) return;
  V.below = V.below.filter((id) => id > last);
  anchored(() => {
    for (const m of page) if (m.message_id > newest) put(m, v.since);
    trimTop();
  });
  if (!V.below.length) V.atNewest = true;
  updateChrome();
  requestAnimationFrame(checkEdges);
}

export function checkEdges() {
  if (!V || V.loading) return;
  const l = logEl();
  if (l.scrollTop < EDGE && V.hasOlder) loadOlder();
  else if (l.scrollHeight - l.scrollTop - l.clientHeight < EDGE && !V.atNewest) loadNewer();
  if (V.atNewest && nearBottom()) markRead();
}

let readTimer = null;

/** The open chat is read up to its newest message: the badge at once, the server at most
 * twice a second (a busy chat would otherwise write the read mark at every message). */
export function markRead() {
  if (!V || !V.atNewest || document.hidden || !V.ids.length) return;
  noteRead(V.chatId);
  if (readTimer) return;
  readTimer = setTimeout(() => {
    readTimer = null;
    if (!V || !V.ids.length) return;
    const newest = V.ids[V.ids.length - 1];
    if (newest <= V.readSent) return;
    V.readSent = newest;
    S.person.call('readChatHistory', { chat_id: V.chatId, message_id: newest }).catch(() => {});
  }, 500);
}

export function jumpToNewest() {
  if (V) loadNewest();
}

function jumpTo(id) {
  const node = V?.nodes.get(id);
  if (!node) { toast('That message is not loaded: scroll up to find it'); return; }
  node.scrollIntoView({ block: 'center' });
  node.classList.add('flash');
  setTimeout(() => node.classList.remove('flash'), 1500);
}

// ---------------------------------------------------------------- live updates

const inThread = (m) => !V.threadId || m.message_thread_id === V.threadId;

/** A new or edited message (stream or own action); idempotent. `outgoing`: the person's own
 *  message as the stream tells every tab of theirs (`outgoing_message`): shown once (the tab
 *  that sent it has it from the send's answer), never unread, and it does not move the view. */
export function applyMessage(m, edited = false, { outgoing = false } = {}) {
  // An ephemeral message (one's own ephemeral command too) is outside the history.
  if (m.ephemeral_message_id) { applyEphemeral(m); return; }
  let seen = false;
  // A message carries its chat as it is now: a new title shows at once.
  if (V && V.chatId === m.chat.id && m.chat.title && m.chat.title !== V.chat.title) {
    V.chat = { ...V.chat, title: m.chat.title };
    renderHeader();
  }
  if (V && V.chatId === m.chat.id && inThread(m)) {
    const id = m.message_id;
    // Sent from this tab (the send's answer): the view follows it.
    const mine = !outgoing && m.from?.id === S.me?.id;
    if (V.loading && V.live) V.live.push([edited ? 'edited' : 'new', m, null]);
    if (outgoing && V.nodes.has(id)) {
      seen = true;
    } else if (V.nodes.has(id)) {
      // The send's answer after the stream's copy: the view follows it as it would have.
      const follow = mine && !edited;
      const stick = (pinned || follow) && V.atNewest;
      if (follow) pinned = true;
      put(m);
      if (stick) toBottom();
      seen = true;
    } else if (!edited) {
      const newest = V.ids.length ? V.ids[V.ids.length - 1] : 0;
      // The person's own from elsewhere is newer than the window, or a replay (the stream
      // resumes from its start in a new tab) of one that may be deleted since: left out.
      if (V.atNewest && (id > newest || (!outgoing && (!V.hasOlder || id > V.ids[0])))) {
        const stick = pinned || mine;
        if (mine) pinned = true;
        put(m);
        dropDraftsOf(m);
        if (V.ids.length > CAP) { if (stick) trimTop(); else anchored(trimTop); }
        if (stick) toBottom();
        seen = stick && !document.hidden;
        if (seen) markRead();
      } else if (!V.atNewest && id > newest) {
        if (mine) loadNewest();
        else if (!V.below.includes(id)) { V.below.push(id); V.below.sort((a, b) => a - b); }
      }
    }
  }
  if (!edited && !outgoing) {
    clearAction(m.chat.id, m.from?.id);
    compose.noteMarkup(m);
  }
  noteMessage(m, edited, seen, outgoing);
}

export function applyDeleted(chatId, ids) {
  if (V && V.chatId === chatId) {
    if (V.loading && V.live) V.live.push(['deleted', null, ids]);
    for (const id of ids) {
      if (V.nodes.has(id)) drop(id);
      V.below = V.below.filter((b) => b !== id);
    }
  }
  noteDeleted(chatId, ids);
}

// ---------------------------------------------------------------- reactions
// S.reactions, per message: the snapshot of the history page that brought it (`base`, from the
// message's `reactions`: [{type, total_count, chosen}]) and each reactor's changes heard of
// since (`users`: user id -> {old, now, log}); render.js's reactionCounts adds them up. `log`
// numbers each change ([sequence, reactions before it]): a page asked before a change may
// predate it, so that change stays on top of the page's snapshot; those before it go.

let reactionSeq = 0;

function reactionSnapshot(m, since) {
  // A server that sends no `reactions` leaves what the stream told.
  if (!Array.isArray(m.reactions)) return;
  const k = key(m.chat.id, m.message_id);
  const base = new Map();
  for (const r of m.reactions) {
    const e = reactionLabel(r?.type);
    const b = base.get(e) || { count: 0, chosen: false };
    b.count += Number(r?.total_count) || 0;
    b.chosen = b.chosen || !!r?.chosen;
    base.set(e, b);
  }
  const users = new Map();
  for (const [who, u] of S.reactions.get(k)?.users || []) {
    const log = u.log.filter(([seq]) => seq > since);
    if (log.length) users.set(who, { old: log[0][1], now: u.now, log });
  }
  S.reactions.set(k, { base, users });
}

/** `who` reacted `now` (their reactions before were `old`). */
function noteReaction(chatId, messageId, who, old, now) {
  const k = key(chatId, messageId);
  const entry = S.reactions.get(k) || { base: null, users: new Map() };
  const known = entry.users.get(who);
  const step = [++reactionSeq, old];
  entry.users.set(who, { old: known ? known.old : old, now, log: known ? [...known.log, step] : [step] });
  S.reactions.set(k, entry);
  refreshReactions(chatId, messageId);
}

/** A `message_reaction` update (someone else's reactions to a message the person sees). */
export function applyReaction(u) {
  const who = u.user?.id ?? u.actor_chat?.id;
  const labels = (list) => (list || []).map((r) => reactionLabel(r));
  noteReaction(u.chat.id, u.message_id, who, labels(u.old_reaction), labels(u.new_reaction));
}

function refreshReactions(chatId, messageId) {
  if (!V || V.chatId !== chatId) return;
  const node = V.nodes.get(messageId);
  const m = V.msgs.get(messageId);
  if (node && m) node.querySelector('.reactions')?.replaceWith(renderReactions(m, h));
}

const ACTIONS = {
  typing: 'is typing…', upload_photo: 'is sending a photo…', record_video: 'is recording a video…',
  upload_video: 'is sending a video…', record_voice: 'is recording a voice message…',
  upload_voice: 'is sending a voice message…', upload_document: 'is sending a file…',
  choose_sticker: 'is choosing a sticker…', find_location: 'is choosing a location…',
  record_video_note: 'is recording a video message…', upload_video_note: 'is sending a video message…',
};

export function applyAction(u) {
  const chatId = u.chat.id;
  const who = u.from?.id;
  const map = actionsByChat.get(chatId) || new Map();
  actionsByChat.set(chatId, map);
  clearTimeout(map.get(who)?.timer);
  if (u.action === 'cancel') map.delete(who);
  else {
    const text = `${u.from?.first_name || 'Someone'} ${ACTIONS[u.action] || `is busy (${u.action})…`}`;
    map.set(who, { text, timer: setTimeout(() => clearAction(chatId, who), 5000) });
  }
  renderAction();
}

function clearAction(chatId, who) {
  const map = actionsByChat.get(chatId);
  if (!map || !map.has(who)) return;
  clearTimeout(map.get(who).timer);
  map.delete(who);
  renderAction();
}

function renderAction() {
  const line = $('#chat .chat-action');
  const map = V && actionsByChat.get(V.chatId);
  const text = map ? [...map.values()].map((a) => a.text).join(', ') : '';
  line.textContent = text;
  line.hidden = !text;
}

export function applyDraft(d) {
  const k = draftKey(d);
  const old = drafts.get(k);
  if (old) clearTimeout(old.timer);
  // An empty draft is the bot's "Thinking…" placeholder (Bot API 10.3); each part shows for 30 s.
  drafts.set(k, { d, timer: setTimeout(() => { drafts.delete(k); renderDrafts(); }, 30000) });
  renderDrafts();
}

const draftKey = (d) => `${d.chat.id}:${d.from?.id}:${d.draft_id}`;

/** The person stops a draft the bot offered to stop: the bot hears it; the draft goes, or stays
 * (without its button) when the bot asked to keep it. */
async function stopDraft(d) {
  try {
    await S.person.call('stopMessageGeneration', { chat_id: d.from.id, draft_id: d.draft_id });
    const x = drafts.get(draftKey(d));
    if (x && d.keep_on_stop) x.d = { ...x.d, can_stop: false, stopped: true };
    else if (x) { clearTimeout(x.timer); drafts.delete(draftKey(d)); }
    renderDrafts();
  } catch { /* toast shown */ }
}

function dropDraftsOf(m) {
  let changed = false;
  for (const [k, x] of drafts) {
    if (x.d.chat.id === m.chat.id && x.d.from?.id === m.from?.id) { clearTimeout(x.timer); drafts.delete(k); changed = true; }
  }
  if (changed) renderDrafts();
}

// ---------------------------------------------------------------- ephemeral messages
// A bot's message that only this person sees (Bot API 10.2): outside the chat's history (its
// message_id is 0), shown under the log while the tab lives, edited and deleted by its
// ephemeral_message_id.

// "chat:receiver:ephemeral id" -> message (each receiver numbers their own: this person's
// ephemeral commands to a bot are numbered by the bot's)
const ephemerals = new Map();
const ephemeralKey = (chatId, receiverId, id) => `${chatId}:${receiverId}:${id}`;

export function applyEphemeral(m) {
  ephemerals.set(ephemeralKey(m.chat.id, m.receiver_user?.id, m.ephemeral_message_id), m);
  renderEphemerals();
}

/** Ephemeral messages to this person deleted by their bot. */
export function applyEphemeralDeleted(chatId, ids) {
  for (const id of ids) ephemerals.delete(ephemeralKey(chatId, S.me?.id, id));
  renderEphemerals();
}

function renderEphemerals() {
  const box = $('#log .ephemerals');
  if (!box) return;
  const mine = V ? [...ephemerals.values()].filter((m) => m.chat.id === V.chatId) : [];
  const stick = nearBottom();
  box.replaceChildren(...mine.sort((a, b) => a.date - b.date).map((m) => renderMessage(m, h)));
  box.hidden = mine.length === 0;
  if (V) updateChrome();
  if (stick && V?.atNewest) toBottom();
}

function renderDrafts() {
  const box = $('#log .drafts');
  if (!V) { box.replaceChildren(); return; }
  const stick = nearBottom();
  box.replaceChildren(...[...drafts.values()].filter((x) => x.d.chat.id === V.chatId).map((x) => renderDraft(x.d, h)));
  updateChrome();
  if (stick && V.atNewest) toBottom();
}

// ---------------------------------------------------------------- message actions

async function pressButton(m, b, btn) {
  btn.setAttribute('aria-busy', 'true');
  btn.classList.add('busy');
  try {
    // A game's Play button asks the bot for the game's URL; a callback button sends its data.
    const target = m.ephemeral_message_id
      ? { chat_id: m.chat.id, ephemeral_message_id: m.ephemeral_message_id }
      : { chat_id: m.chat.id, message_id: m.message_id };
    const r = b.callback_game
      ? await S.person.call('playGame', target)
      : await S.person.call('pressButton', { ...target, callback_data: b.callback_data });
    const a = r?.answer || {};
    if (!r?.answered) toast('The bot did not answer');
    else if (a.text) {
      if (a.show_alert) await alertDialog(a.text);
      else toast(a.text);
    }
    const url = safeUrl(a.url);
    if (url && /^https?:/.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
  } catch { /* toast shown */ } finally {
    btn.removeAttribute('aria-busy');
    btn.classList.remove('busy');
  }
}

const ADDRESS = [
  ['country_code', 'Country (two letters)'], ['state', 'State'], ['city', 'City'],
  ['street_line1', 'Street'], ['street_line2', 'Street, second line'], ['post_code', 'Post code'],
];

/** A sticker set as a sticker panel: its stickers (the person's own file ids); one clicked is
 *  sent to the open chat. */
async function openStickerSet(name) {
  let set;
  try { set = await S.person.call('getStickerSet', { name }); } catch { return; }
  modal(set.title, (body, close) => {
    const grid = el('ul', { class: 'sticker-grid plain', 'aria-label': `Stickers of ${set.title}` });
    for (const s of set.stickers) {
      const pick = el('button', { type: 'button', class: 'sticker-pick', 'aria-label': `Send sticker ${s.emoji || ''}`.trim(), text: s.emoji || '🖼' });
      if (!s.is_animated) {
        S.person.fileUrl(s.file_id).then((url) => pick.replaceChildren(el('img', { src: url, alt: '', width: 72, height: 72 })), () => {});
      }
      pick.addEventListener('click', async () => {
        if (!V) return;
        const params = { chat_id: V.chatId, sticker: s.file_id };
        if (V.threadId) params.message_thread_id = V.threadId;
        try {
          applyMessage(await S.person.call('sendSticker', params));
          close();
        } catch { /* toast shown */ }
      });
      grid.append(el('li', null, pick));
    }
    body.append(grid);
  });
}

/** Buys a message's paid media with Stars; the message then shows them. */
async function buyPaidMedia(m) {
  try {
    const r = await S.person.call('buyPaidMedia', { chat_id: m.chat.id, message_id: m.message_id });
    if (!r.paid) return alertDialog(r.error_message || 'Not bought');
    toast(`Unlocked for ${money(m.paid_media.star_count, 'XTR')}`);
    applyMessage(r.message, true);
  } catch { /* toast shown */ }
}

/** The Pay dialog: what the invoice asks (name, phone, e-mail, address), a tip, then the
 *  shipping options a flexible invoice's bot gives; the bot confirms within 10 s. */
/** The payer of a Star subscription renews it or cancels it (it then ends with its paid
 *  period); the bot hears of either. */
async function manageSubscription(charge) {
  let mine;
  try { mine = await S.person.call('getStarSubscriptions', {}); } catch { return; }
  const s = mine.find((x) => x.telegram_payment_charge_id === charge);
  if (!s) return alertDialog('This subscription is not yours.');
  if (s.is_ended) return alertDialog('This subscription has ended.');
  await formDialog({
    title: `Subscription: ${money(s.star_count, 'XTR')} every 30 days`,
    fields: [{
      name: 'renewal',
      label: `Paid until ${fmtTime(s.expiration_date)}`,
      type: 'select',
      value: s.is_canceled ? 'cancel' : 'renew',
      options: [{ value: 'renew', label: 'Renew each period' }, { value: 'cancel', label: 'Cancel (ends with the paid period)' }],
    }],
    submitLabel: 'Save',
    submit: async (v) => {
      const params = { telegram_payment_charge_id: charge, is_canceled: v.renewal === 'cancel' };
      try { await S.person.call('editStarSubscription', params); } catch { return false; }
      toast(params.is_canceled ? 'Subscription cancelled' : 'Subscription renews');
      return true;
    },
  });
}

async function payInvoice(m) {
  const target = { chat_id: m.chat.id, message_id: m.message_id };
  let form;
  try { form = await S.person.call('getPaymentForm', target); } catch { return; }
  const i = form.invoice;
  if (form.paid) return alertDialog('This invoice is paid already.');
  const fields = [];
  if (form.need_name) fields.push({ name: 'name', label: 'Name', required: true });
  if (form.need_phone_number) fields.push({ name: 'phone_number', label: 'Phone number', type: 'tel', required: true });
  if (form.need_email) fields.push({ name: 'email', label: 'E-mail', type: 'email', required: true });
  if (form.need_shipping_address) {
    for (const [name, label] of ADDRESS) fields.push({ name, label, required: !['state', 'street_line2'].includes(name) });
  }
  if (form.max_tip_amount > 0) {
    const tips = [0, ...form.suggested_tip_amounts];
    fields.push({ name: 'tip', label: 'Tip', type: 'select', value: 0, options: tips.map((t) => ({ value: t, label: t ? money(t, i.currency) : 'No tip' })) });
  }
  if (i.currency === 'XTR') fields.push({ name: 'stars', label: `You have ${form.star_balance} ⭐`, type: 'hidden' });
  const outcome = (r) => {
    if (r.paid) { toast('Paid'); return true; }
    if (r.stage === 'shipping_option') return r;
    alertDialog(`Payment failed: ${r.error_message || 'the bot refused'}`);
    return true;
  };
  let chosen = null;
  await formDialog({
    title: `Pay ${money(i.total_amount, i.currency)} to ${nameOf(form.bot)}`,
    fields,
    submitLabel: 'Pay',
    submit: async (v) => {
      const params = { ...target };
      for (const f of ['name', 'phone_number', 'email']) if (v[f]) params[f] = v[f];
      if (form.need_shipping_address) {
        params.shipping_address = JSON.stringify(Object.fromEntries(ADDRESS.map(([name]) => [name, v[name] || ''])));
      }
      if (Number(v.tip)) params.tip_amount = Number(v.tip);
      try {
        const r = outcome(await S.person.call('payInvoice', params));
        if (r !== true) chosen = { params, options: r.shipping_options };
      } catch { return false; }
      return true;
    },
  });
  if (!chosen) return;
  const optionTotal = (o) => o.prices.reduce((sum, p) => sum + Number(p.amount), 0);
  await formDialog({
    title: 'Shipping',
    fields: [{ name: 'option', label: 'Shipping option', type: 'select', value: chosen.options[0]?.id,
      options: chosen.options.map((o) => ({ value: o.id, label: `${o.title} (${money(optionTotal(o), i.currency)})` })) }],
    submitLabel: 'Pay',
    submit: async (v) => {
      try { outcome(await S.person.call('payInvoice', { ...chosen.params, shipping_option_id: v.option })); } catch { return false; }
      return true;
    },
  });
}

function saveVotes() {
  try { sessionStorage.setItem(`msg-console-votes:${S.me.id}`, JSON.stringify([...S.votes])); } catch { /* full */ }
}

async function vote(m, options) {
  try {
    const poll = await S.person.call('votePoll', { chat_id: m.chat.id, message_id: m.message_id, option_ids: options });
    const k = key(m.chat.id, m.message_id);
    if (options.length) S.votes.set(k, options); else S.votes.delete(k);
    saveVotes();
    applyMessage({ ...(V?.msgs.get(m.message_id) || m), poll }, true);
  } catch { /* toast shown */ }
}

/** A poll's message as it now is (carried by an option's service message, which leaves out
 *  what it replies to): the poll changes in place, the rest of the message stays as shown. */
export function applyPoll(m) {
  const shown = V && V.chatId === m.chat.id ? V.msgs.get(m.message_id) : null;
  applyMessage(shown ? { ...shown, poll: m.poll } : m, true);
}

/** A person adds an option to a poll that allows it; the poll's message comes back changed
 *  with the service message (app.js applies it). */
async function addPollOption(m) {
  await formDialog({
    title: 'Add an option',
    fields: [{ name: 'text', label: 'Option', required: true, maxlength: 100 }],
    submitLabel: 'Add',
    submit: async (v) => {
      try {
        const r = await S.person.call('addPollOption', { chat_id: m.chat.id, message_id: m.message_id, text: v.text });
        if (r.poll_option_added?.poll_message?.chat) applyPoll(r.poll_option_added.poll_message);
      } catch { return false; }
      return true;
    },
  });
}

async function deletePollOption(m, option) {
  try {
    const r = await S.person.call('deletePollOption', { chat_id: m.chat.id, message_id: m.message_id, option_persistent_id: option.persistent_id });
    // Places after the deleted option moved up one: one's remembered choice follows them.
    const k = key(m.chat.id, m.message_id);
    const place = m.poll.options.findIndex((o) => o.persistent_id === option.persistent_id);
    const mine = S.votes.get(k);
    if (mine && place >= 0) {
      const kept = mine.filter((i) => i !== place).map((i) => (i > place ? i - 1 : i));
      if (kept.length) S.votes.set(k, kept); else S.votes.delete(k);
      saveVotes();
    }
    if (r.poll_option_deleted?.poll_message?.chat) applyPoll(r.poll_option_deleted.poll_message);
  } catch { /* toast shown */ }
}

async function toggleReaction(m, emoji) {
  const mine = [...reactionCounts(m)].filter(([, c]) => c.mine).map(([e]) => e);
  const next = mine.includes(emoji) ? mine.filter((e) => e !== emoji) : [...mine, emoji].slice(-3);
  try {
    await S.person.call('setMessageReaction', { chat_id: m.chat.id, message_id: m.message_id, reaction: next.map((e) => ({ type: 'emoji', emoji: e })) });
    noteReaction(m.chat.id, m.message_id, S.me.id, mine, next);
  } catch { /* toast shown */ }
}

let picker = null;
function closePicker() {
  if (!picker) return;
  const { node, opener } = picker;
  picker = null;
  node.remove();
  if (opener.isConnected) opener.focus();
}

function pickReaction(m, opener) {
  closePicker();
  const node = el('div', { class: 'reaction-picker', role: 'menu', 'aria-label': 'Reactions' },
    REACTION_EMOJI.map((e) => el('button', { type: 'button', role: 'menuitem', 'aria-label': `React ${e}`, text: e,
      onclick: () => { closePicker(); toggleReaction(m, e); } })));
  node.addEventListener('keydown', (e) => {
    const buttons = [...node.querySelectorAll('button')];
    const i = buttons.indexOf(document.activeElement);
    if (e.key === 'Escape') { e.stopPropagation(); closePicker(); }
    else if (e.key === 'ArrowRight') buttons[(i + 1) % buttons.length].focus();
    else if (e.key === 'ArrowLeft') buttons[(i - 1 + buttons.length) % buttons.length].focus();
  });
  opener.closest('article').append(node);
  picker = { node, opener };
  node.querySelector('button').focus();
}

document.addEventListener('click', (e) => {
  if (picker && !picker.node.contains(e.target) && e.target !== picker.opener) closePicker();
});

async function deleteMessage(m) {
  try {
    await S.person.call('deleteMessage', { chat_id: m.chat.id, message_id: m.message_id });
    applyDeleted(m.chat.id, [m.message_id]);
  } catch { /* toast shown */ }
}

async function forwardMessage(m) {
  const target = await chooseChat('Forward to');
  if (target == null) return;
  try {
    const sent = await S.person.call('forwardMessage', { chat_id: target, from_chat_id: m.chat.id, message_id: m.message_id });
    applyMessage(sent);
    toast('Forwarded');
  } catch { /* toast shown */ }
}

// ---------------------------------------------------------------- keyboard

/** The log is one tab stop: arrow keys go from message to message (each focusable, none a tab
 *  stop), Home and End to the first and last loaded, Escape back to the log. Keys on what is
 *  inside a message (its buttons, links) keep their own meaning. */
function messageKeys(e) {
  const log = logEl();
  const article = e.target.closest?.('article.message');
  if ((e.target !== log && e.target !== article) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const all = [...listEl().querySelectorAll('article.message')];
  if (!all.length) return;
  const i = article ? all.indexOf(article) : all.length;
  let next = null;
  if (e.key === 'ArrowUp') next = all[i - 1];
  else if (e.key === 'ArrowDown') next = article ? all[i + 1] : all[all.length - 1];
  else if (e.key === 'Home') next = all[0];
  else if (e.key === 'End') next = all[all.length - 1];
  else if (e.key === 'Escape' && article) {
    e.preventDefault();
    log.focus({ preventScroll: true });
    return;
  }
  if (!next) return;
  e.preventDefault();
  next.focus({ preventScroll: true });
  next.scrollIntoView({ block: 'nearest' });
}

/** A message's actions (Reply, React, ...) are tab stops while the focus is in that message. */
function actionStops(article, on) {
  for (const b of article.querySelectorAll(':scope > .actions button')) b.tabIndex = on ? 0 : -1;
}

// ---------------------------------------------------------------- wiring

export function initChatView() {
  const log = logEl();
  log.addEventListener('keydown', messageKeys);
  listEl().addEventListener('focusin', (e) => {
    const article = e.target.closest('article.message');
    if (article) actionStops(article, true);
  });
  listEl().addEventListener('focusout', (e) => {
    const article = e.target.closest('article.message');
    if (article && !article.contains(e.relatedTarget)) actionStops(article, false);
  });
  $('#btn-skip').addEventListener('click', () => compose.focusInput());
  let queued = false;
  // What the person does to scroll (wheel, touch, the scrollbar, keys) decides `pinned`; a
  // scroll far from the bottom does too, however it came about.
  let intentAt = 0;
  for (const kind of ['wheel', 'touchstart', 'pointerdown', 'keydown']) {
    log.addEventListener(kind, () => { intentAt = performance.now(); }, { passive: true });
  }
  log.addEventListener('scroll', () => {
    const far = log.scrollHeight - log.scrollTop - log.clientHeight > log.clientHeight;
    if (far || performance.now() - intentAt < 1500) pinned = nearBottom();
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; checkEdges(); });
  }, { passive: true });
  // Messages that take their real height late (or images that load) keep a pinned view at
  // the bottom.
  const follow = new ResizeObserver(() => { if (pinned && V?.atNewest) toBottom(); });
  follow.observe(listEl());
  follow.observe(log);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) checkEdges(); });
  $('#btn-newest').addEventListener('click', jumpToNewest);
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') closePicker(); });
}

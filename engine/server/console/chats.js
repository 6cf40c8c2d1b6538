// chats.js — the chat list (<nav aria-label="Chats">): getChats, one keyed button per chat with
// title, preview, time and unread badge, forum topics as sub-entries of the open forum, and the
// bookkeeping of live messages for chats (last message, unread counts, unknown chats).
import { el, $, fmtTime } from './ui.js';
import { S, nameOf, hooks } from './state.js';
import { previewOf, isService } from './render.js';

const items = new Map(); // chat id -> button
let topicsBox = null;

export async function refreshChats() {
  const person = S.person;
  const list = await person.call('getChats');
  if (person !== S.person) return;
  const keep = S.chats;
  S.chats = new Map(list.map((e) => {
    const old = keep.get(e.chat.id);
    // A message the stream brought after the server answered stays the last one.
    if (old?.last_message && e.last_message && old.last_message.message_id > e.last_message.message_id) {
      e.last_message = old.last_message;
    }
    return [e.chat.id, e];
  }));
  renderList();
}

let refreshTimer = null;
export function scheduleRefresh() {
  if (refreshTimer) return;
  refreshTimer = setTimeout(() => { refreshTimer = null; refreshChats().catch(() => {}); }, 300);
}

let renderQueued = false;
export function scheduleRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => { renderQueued = false; renderList(); });
}

function avatar(chat) {
  const name = nameOf(chat);
  const a = el('span', { class: 'avatar', 'aria-hidden': 'true', text: [...name][0]?.toUpperCase() || '?' });
  a.dataset.hue = String(Math.abs(Number(chat.id)) % 8);
  return a;
}

function fill(button, e, open) {
  const m = e.last_message;
  const kind = e.chat.is_direct_messages ? '✉ ' : e.chat.type === 'channel' ? '📢 ' : e.chat.type !== 'private' ? '👥 ' : '';
  let preview = m ? previewOf(m) : '';
  // A service line names who did it already: no "You: " / sender before it.
  if (m && e.chat.type !== 'private' && e.chat.type !== 'channel' && m.from && !isService(m)) {
    preview = `${m.from.id === S.me?.id ? 'You' : m.from.first_name}: ${preview}`;
  }
  button.replaceChildren(
    avatar(e.chat),
    el('span', { class: 'chat-item-body' },
      el('span', { class: 'chat-item-top' },
        el('span', { class: 'chat-title-text', text: kind + nameOf(e.chat) + (e.chat.is_direct_messages ? ' · direct messages' : '') }),
        m ? el('time', { class: 'chat-time', text: fmtTime(m.date) }) : null),
      el('span', { class: 'chat-item-bottom' },
        el('span', { class: 'preview', text: preview.replace(/\s+/g, ' ').slice(0, 120) }),
        e.unread_count > 0 ? el('span', { class: 'unread', 'aria-label': `${e.unread_count} unread`, text: String(e.unread_count) }) : null)));
  if (open) button.setAttribute('aria-current', 'true');
  else button.removeAttribute('aria-current');
}

/** A click that Enter or Space made (no pointer: `detail` 0): the chat opened goes on with the
 *  keyboard, in its composer. */
const byKeyboard = (ev) => ev.detail === 0;

function topicsFor(chatId, threadId) {
  const topics = S.topics.get(chatId) || [];
  const box = el('div', { class: 'topics', role: 'group', 'aria-label': 'Topics' });
  const entry = (label, id) => {
    const b = el('button', { type: 'button', class: 'topic-item', text: label, 'data-thread-id': id ? String(id) : null,
      onclick: (ev) => hooks.openChat(chatId, id, { focus: byKeyboard(ev) }) });
    if ((threadId || null) === (id || null)) b.setAttribute('aria-current', 'true');
    return b;
  };
  box.append(entry('All messages', null));
  for (const t of topics) box.append(entry(`# ${t.name}`, t.message_thread_id));
  return box;
}

export function renderList() {
  const nav = $('#chat-list');
  if (!nav) return;
  const cur = hooks.current();
  const entries = [...S.chats.values()].sort((a, b) => (b.last_message?.date || 0) - (a.last_message?.date || 0));
  const wanted = [];
  for (const e of entries) {
    const id = e.chat.id;
    let b = items.get(id);
    if (!b) {
      b = el('button', { type: 'button', class: 'chat-item', 'data-chat-id': String(id), onclick: (ev) => hooks.openChat(id, null, { focus: byKeyboard(ev) }) });
      items.set(id, b);
    }
    fill(b, e, cur?.chatId === id);
    wanted.push(b);
    if (cur?.chatId === id && e.chat.is_forum) {
      topicsBox = topicsFor(id, cur.threadId);
      wanted.push(topicsBox);
    }
  }
  for (const [id, b] of items) if (!S.chats.has(id)) { b.remove(); items.delete(id); }
  for (const n of [...nav.children]) if (!wanted.includes(n)) n.remove();
  wanted.forEach((n, i) => { if (nav.children[i] !== n) nav.insertBefore(n, nav.children[i] || null); });
  if (!entries.length) nav.append(el('p', { class: 'muted empty-list', text: 'No chats yet. Use “New chat”.' }));
}

export function forgetList() {
  items.clear();
  $('#chat-list')?.replaceChildren();
}

export async function loadTopics(chatId) {
  try {
    S.topics.set(chatId, await S.person.call('getForumTopics', { chat_id: chatId }));
    renderList();
  } catch { /* shown as a toast */ }
}

/** A message reached the person (stream or own send): last message and unread count; the
 *  person's own (`outgoing`, from any of their tabs) is never unread. */
export function noteMessage(m, edited, seen, outgoing = false) {
  const e = S.chats.get(m.chat.id);
  if (!e) { scheduleRefresh(); return; }
  if (m.chat.title && m.chat.title !== e.chat.title) e.chat = { ...e.chat, title: m.chat.title };
  const last = e.last_message;
  if (edited) {
    if (last?.message_id === m.message_id) e.last_message = m;
  } else if (!last || m.message_id > last.message_id) {
    e.last_message = m;
    const mine = outgoing || (m.from?.id === S.me?.id && !m.sender_chat);
    if (!seen && !mine) e.unread_count = (e.unread_count || 0) + 1;
  } else if (last.message_id === m.message_id) e.last_message = m;
  if (m.migrate_to_chat_id || m.migrate_from_chat_id || m.new_chat_title || m.forum_topic_created) scheduleRefresh();
  if (m.forum_topic_created && e.chat.is_forum) loadTopics(m.chat.id);
  scheduleRender();
}

export function noteDeleted(chatId, ids) {
  const e = S.chats.get(chatId);
  if (e?.last_message && ids.includes(e.last_message.message_id)) scheduleRefresh();
}

export function noteRead(chatId) {
  const e = S.chats.get(chatId);
  if (e && e.unread_count) { e.unread_count = 0; scheduleRender(); }
}

// compose.js — everything under the message log: the composer (text, Enter to send, reply and
// edit bars, attachments and drag-and-drop, the "…" menu for location, contact, dice, polls),
// bot commands and the bot's menu button, inline mode results, the reply keyboard (and
// force_reply / remove_keyboard), and the Mini App dialog.
import { el, $, toast, formDialog, modal, copyField, Listbox, miniApp } from './ui.js';
import { S, key, nameOf, hooks, isPerson } from './state.js';
import { previewOf, safeUrl } from './render.js';
import { suggestDialog } from './suggested.js';

const C = {
  chat: null, threadId: null, replyTo: null, editing: null, gen: 0,
  bots: [],                 // getBotInfo results for the open chat's bots
  kb: new Map(),            // chat id -> {m, rm, hidden}
  used: new Set(),          // one-time keyboards pressed ("chat:message")
  forced: new Set(),        // force_reply targets already applied
  inline: null, inlineSeq: 0, inlineTimer: null,
};
const DICE = ['🎲', '🎯', '🏀', '⚽', '🎳', '🎰'];
let ta; let commandsBox; let inlineBox; let kbBox; let kbToggle; let menuButton; let bar; let moreMenu;

// ---------------------------------------------------------------- sending

function target(extra = {}) {
  return {
    chat_id: C.chat.id,
    message_thread_id: C.threadId || undefined,
    reply_to_message_id: C.replyTo?.message_id,
    ...extra,
  };
}

async function sendWith(method, params) {
  if (!C.chat) return null;
  const p = target(params);
  clearBar();
  try {
    const m = await S.person.call(method, p);
    if (m && (m.message_id || m.ephemeral_message_id)) hooks.applyMessage(m);
    return m;
  } catch { return null; }
}

export function sendText(text) {
  // An ephemeral command goes to its bot alone.
  const bot = ephemeralBot(text);
  if (bot) return sendWith('sendMessage', { text, ephemeral_message_parameters: JSON.stringify({ receiver_user_id: bot.user.id }) });
  return sendWith('sendMessage', { text });
}

async function submit() {
  const text = ta.value;
  if (C.editing) {
    const m = C.editing;
    if (!text.trim()) return;
    clearBar();
    setText('');
    try {
      const edited = await S.person.call('editMessageText', { chat_id: m.chat.id, message_id: m.message_id, text });
      if (edited?.message_id) hooks.applyMessage(edited, true);
    } catch { setText(text); }
    return;
  }
  if (!text.trim() || !C.chat) return;
  setText('');
  closeLists();
  const sent = await sendText(text);
  if (!sent && !ta.value) setText(text);
}

function setText(t) {
  ta.value = t;
  grow();
}

function grow() {
  ta.style.height = 'auto';
  ta.style.height = `${Math.min(ta.scrollHeight, 200)}px`;
}

const FILE_METHODS = [
  [(f) => /\.(ogg|oga)$/i.test(f.name), 'sendVoice', 'voice'],
  [(f) => f.type.startsWith('image/'), 'sendPhoto', 'photo'],
  [(f) => f.type.startsWith('video/'), 'sendVideo', 'video'],
  [(f) => f.type.startsWith('audio/'), 'sendAudio', 'audio'],
  [() => true, 'sendDocument', 'document'],
];

export async function sendFile(file) {
  if (!C.chat) return;
  const [, method, field] = FILE_METHODS.find(([test]) => test(file));
  const caption = C.editing ? '' : ta.value.trim();
  if (caption) setText('');
  const params = target({ [field]: file, caption: caption || undefined });
  clearBar();
  toast(`Sending ${file.name}…`);
  try {
    const m = await S.person.upload(method, params);
    if (m?.message_id) hooks.applyMessage(m);
  } catch { if (caption && !ta.value) setText(caption); }
}

// ---------------------------------------------------------------- reply / edit bar

export function setReply(m) {
  C.replyTo = m;
  C.editing = null;
  showBar(`Replying to ${nameOf(m.from || m.sender_chat) || 'message'}`, previewOf(m), 'Cancel reply');
  ta.focus();
}

export function startEdit(m) {
  C.editing = m;
  C.replyTo = null;
  showBar('Editing message', previewOf(m), 'Cancel editing');
  setText(m.text || '');
  ta.focus();
}

function showBar(title, text, cancelLabel) {
  bar.replaceChildren(
    el('div', { class: 'bar-info' }, el('strong', { text: title }), el('span', { class: 'muted', text: text.slice(0, 140) })),
    el('button', { type: 'button', class: 'icon', 'aria-label': cancelLabel, text: '✕', onclick: () => { const wasEdit = !!C.editing; clearBar(); if (wasEdit) setText(''); ta.focus(); } }));
  bar.hidden = false;
}

function clearBar() {
  C.replyTo = null;
  C.editing = null;
  bar.hidden = true;
  bar.replaceChildren();
}

// ---------------------------------------------------------------- bots, commands, menu button

function botInfo(id, inChat = null) {
  const k = inChat ? `${id}@${inChat}` : String(id);
  let p = S.botInfo.get(k);
  if (!p) {
    p = S.person.call('getBotInfo', inChat ? { chat_id: id, in_chat_id: inChat } : { chat_id: id }, { quiet: true }).catch(() => null);
    S.botInfo.set(k, p);
  }
  return p;
}

/** The bot whose ephemeral command `text` is in this chat (Bot API 10.2: it goes to that bot
 *  alone), or null. */
function ephemeralBot(text) {
  const m = /^\/([a-z0-9_]+)(?:@(\w+))?(?:\s|$)/i.exec(text);
  if (!m || C.chat?.type === 'private') return null;
  return C.bots.find((b) => (!m[2] || b.user.username?.toLowerCase() === m[2].toLowerCase())
    && (b.commands || []).some((c) => c.command === m[1] && c.is_ephemeral)) || null;
}

async function loadBots(chat) {
  const gen = ++C.gen;
  C.bots = [];
  renderMenuButton();
  let ids = [];
  if (chat.type === 'private') ids = isPerson(chat.id) ? [] : [chat.id];
  else if ((chat.type === 'group' || chat.type === 'supergroup') && !chat.is_direct_messages) {
    try {
      const members = await S.person.call('getChatMembers', { chat_id: chat.id }, { quiet: true });
      ids = members.filter((m) => m.user?.is_bot && !['left', 'kicked'].includes(m.status)).map((m) => m.user.id).slice(0, 10);
    } catch { ids = []; }
  }
  const inChat = chat.type === 'private' ? null : chat.id;
  const infos = (await Promise.all(ids.map((id) => botInfo(id, inChat)))).filter(Boolean);
  if (gen !== C.gen) return;
  C.bots = infos;
  renderMenuButton();
  ta.placeholder = placeholder();
  // Typed before the bots' commands arrived: offer them now.
  if (/^\/\S*$/.test(ta.value) && !C.editing) showCommands(ta.value);
}

function allCommands(prefix = '') {
  const group = C.chat && C.chat.type !== 'private';
  const out = [];
  for (const info of C.bots) {
    for (const c of info.commands || []) {
      const text = `/${c.command}${group ? `@${info.user.username}` : ''}`;
      if (text.toLowerCase().startsWith(prefix.toLowerCase())) out.push({ text, description: c.description });
    }
  }
  return out;
}

function showCommands(prefix) {
  const items = allCommands(prefix).slice(0, 50).map((c) => ({
    value: c.text,
    node: el('span', { class: 'command-item' }, el('strong', { text: c.text }), ' ', el('span', { class: 'muted', text: c.description || '' })),
  }));
  commandsBox.set(items);
}

function renderMenuButton() {
  const info = C.chat?.type === 'private' ? C.bots[0] : null;
  const menu = info?.menu_button;
  menuButton.hidden = true;
  menuButton.onclick = null;
  if (menu?.type === 'web_app' && menu.web_app?.url) {
    menuButton.textContent = menu.text || 'Open';
    menuButton.setAttribute('aria-label', `Bot menu: ${menu.text || 'Mini App'}`);
    menuButton.onclick = () => openWebApp(info.user.id, menu.web_app.url);
    menuButton.hidden = false;
  } else if (allCommands().length) {
    menuButton.textContent = '☰ Menu';
    menuButton.setAttribute('aria-label', 'Bot menu: commands');
    menuButton.onclick = () => { if (commandsBox.open) commandsBox.close(); else { showCommands(''); ta.focus(); } };
    menuButton.hidden = false;
  }
}

// ---------------------------------------------------------------- inline mode

const INLINE = /^@([A-Za-z0-9_]{2,64}bot)\s([\s\S]*)$/i;

function resultItem(r, qid) {
  const icons = { article: '📰', photo: '🖼', gif: 'GIF', mpeg4_gif: 'GIF', video: '🎬', audio: '🎵', voice: '🎤', document: '📄', location: '📍', venue: '📍', contact: '👤', game: '🎮', sticker: '🙂' };
  const title = r.title || r.first_name || r.game_short_name || r.type;
  const desc = r.description || r.address || r.performer || r.caption || r.input_message_content?.message_text || '';
  return {
    value: { r, qid },
    node: el('span', { class: 'inline-result' },
      el('span', { class: 'thumb', 'aria-hidden': 'true', text: icons[r.type] || '•' }),
      el('span', { class: 'inline-text' }, el('strong', { text: title }), el('span', { class: 'muted', text: desc.slice(0, 120) }))),
  };
}

async function runInline(username, query, offset = '') {
  const seq = offset ? C.inlineSeq : ++C.inlineSeq;
  if (offset && C.inline) C.inline.loading = true;
  let r;
  try {
    r = await S.person.call('inlineQuery', { chat_id: `@${username}`, query, offset, in_chat_id: C.chat.id });
  } catch {
    if (seq === C.inlineSeq && !offset) inlineBox.close();
    return;
  } finally { if (offset && C.inline) C.inline.loading = false; }
  if (seq !== C.inlineSeq) return;
  if (!r.answered) { if (!offset) { inlineBox.close(); toast('The bot did not answer the inline query'); } return; }
  const results = r.answer?.results || [];
  C.inline = { id: r.inline_query_id, username, query, next: r.answer?.next_offset || '', loading: false };
  const items = results.map((x) => resultItem(x, r.inline_query_id));
  if (offset) inlineBox.add(items);
  else {
    inlineBox.set(items, false, true);
    if (!items.length) toast('No results');
  }
  requestAnimationFrame(maybeMore);
}

/** Loads the next page of inline results when the list is scrolled to its end (or too short to scroll). */
function maybeMore() {
  const u = inlineBox.ul;
  const q = C.inline;
  if (!inlineBox.open || !q?.next || q.loading) return;
  if (u.scrollTop + u.clientHeight >= u.scrollHeight - 40) runInline(q.username, q.query, q.next);
}

async function chooseInline({ r, qid }) {
  inlineBox.close();
  C.inlineSeq++;
  C.inline = null;
  setText('');
  try {
    const m = await S.person.call('chooseInlineResult', { inline_query_id: qid, result_id: r.id, chat_id: C.chat.id });
    if (m?.message_id) hooks.applyMessage(m);
  } catch { /* toast shown */ }
}

export function switchInline(username, query) {
  if (!username) return;
  setText(`@${username} ${query || ''}`);
  ta.focus();
  onInput();
}

// ---------------------------------------------------------------- reply keyboard

/** Markup of a new message: the latest reply keyboard / removal / force_reply decides. */
export function noteMarkup(m, live = true) {
  const rm = m.reply_markup;
  if (!rm || rm.inline_keyboard || !m.chat) return;
  if (m.from?.id === S.me?.id) return;
  if (!rm.keyboard && !rm.remove_keyboard && !rm.force_reply) return;
  const old = C.kb.get(m.chat.id);
  if (old && old.m.message_id > m.message_id) return;
  const k = key(m.chat.id, m.message_id);
  C.kb.set(m.chat.id, { m, rm, hidden: rm.one_time_keyboard && C.used.has(k) });
  if (C.chat?.id === m.chat.id) {
    if (rm.force_reply && !C.forced.has(k) && live) { C.forced.add(k); setReply(m); }
    renderKeyboard();
  }
}

/** On opening a chat: the newest markup of its latest page. */
export function scanKeyboard(chatId, page) {
  // A one-time keyboard answered since (a later message of the person's) stays hidden.
  let answered = false;
  for (let i = page.length - 1; i >= 0; i--) {
    const m = page[i];
    const rm = m.reply_markup;
    if (m.from?.id === S.me?.id) answered = true;
    if (rm && !rm.inline_keyboard && m.from?.id !== S.me?.id && (rm.keyboard || rm.remove_keyboard || rm.force_reply)) {
      if (rm.one_time_keyboard && answered) C.used.add(key(m.chat.id, m.message_id));
      C.forced.add(key(m.chat.id, m.message_id));
      noteMarkup(m, false);
      return;
    }
  }
  if (C.chat?.id === chatId) renderKeyboard();
}

function placeholder() {
  const entry = C.chat && C.kb.get(C.chat.id);
  const rm = entry?.rm;
  if (rm && !rm.remove_keyboard && rm.input_field_placeholder) return rm.input_field_placeholder;
  return C.chat?.type === 'channel' ? 'Broadcast' : 'Message';
}

function renderKeyboard() {
  const entry = C.chat && C.kb.get(C.chat.id);
  kbBox.replaceChildren();
  const rows = entry?.rm?.keyboard;
  ta.placeholder = placeholder();
  if (!rows || entry.rm.remove_keyboard) {
    kbBox.hidden = true;
    kbToggle.hidden = true;
    return;
  }
  kbBox.classList.toggle('resize', !!entry.rm.resize_keyboard);
  for (const row of rows) {
    const r = el('div', { class: 'kb-row' });
    for (const raw of row || []) {
      const b = typeof raw === 'string' ? { text: raw } : raw;
      const btn = el('button', { type: 'button', class: 'kb-button', text: b.text, onclick: () => pressKey(entry, b) });
      if (b.request_contact) btn.title = 'Shares your contact';
      if (b.request_location) btn.title = 'Shares your location';
      if (b.request_users) btn.title = 'Shares users you pick';
      if (b.request_chat) btn.title = b.request_chat.chat_is_channel ? 'Shares a channel you pick' : 'Shares a group you pick';
      if (b.request_managed_bot) btn.title = 'Creates a bot this bot will manage';
      r.append(btn);
    }
    kbBox.append(r);
  }
  kbBox.hidden = !!entry.hidden;
  kbToggle.hidden = false;
  kbToggle.setAttribute('aria-expanded', String(!entry.hidden));
  kbToggle.setAttribute('aria-label', entry.hidden ? 'Show keyboard' : 'Hide keyboard');
}

async function confirm(title, label) {
  return (await formDialog({ title, fields: [], submitLabel: label })) !== null;
}

async function pressKey(entry, b) {
  if (entry.rm.one_time_keyboard) {
    C.used.add(key(entry.m.chat.id, entry.m.message_id));
    entry.hidden = true;
    renderKeyboard();
  }
  if (b.request_contact) {
    if (await confirm('Share your phone number with the bot?', 'Share contact')) {
      await sendWith('sendContact', { phone_number: `+10000000000${S.me.id}`, first_name: S.me.first_name, last_name: S.me.last_name, user_id: S.me.id });
    }
  } else if (b.request_location) {
    if (await confirm('Share your location with the bot?', 'Share location')) {
      await sendWith('sendLocation', { latitude: 51.5007, longitude: -0.1246 });
    }
  } else if (b.request_poll) pollDialog(b.request_poll.type);
  else if (b.request_managed_bot) managedBotDialog(entry.m.from, b.request_managed_bot);
  else if (b.request_users) shareUsersDialog(entry.m.from, b.request_users);
  else if (b.request_chat) shareChatDialog(entry.m.from, b.request_chat);
  else if (b.web_app) openWebApp(entry.m.from?.id, b.web_app.url);
  else await sendText(b.text);
}

// ---------------------------------------------------------------- managed bots

/** A bot asked the person to create a bot it will manage: its name and username (the bot's
 *  suggestions first); the new bot's token is shown once made. */
function managedBotDialog(manager, asked) {
  formDialog({
    title: `New bot for ${nameOf(manager)}`,
    submitLabel: 'Create bot',
    fields: [
      { name: 'name', label: 'Name', value: asked.suggested_name || '', required: true },
      { name: 'username', label: 'Username (ends in bot)', value: asked.suggested_username || '', required: true },
    ],
    submit: async (v) => {
      const made = await S.person.call('createManagedBot', { bot_id: manager.id, name: v.name, username: v.username });
      modal('Bot created', (body) => body.append(
        el('p', { text: `@${made.bot.username} is yours; ${nameOf(manager)} manages it.` }),
        copyField(`Token of @${made.bot.username} (shown once)`, made.token, 'Copy token')));
      return true;
    },
  });
}

// ---------------------------------------------------------------- shared users and chats

/** A `request_users` button: the person picks people (or bots, as the button asks) the
 *  operator's overview lists; the bot gets `users_shared`. */
function shareUsersDialog(bot, asked) {
  const everyone = [...(S.overview?.people || []), ...(S.overview?.bots || [])].map((e) => e.user)
    .filter((u) => u.id !== S.me.id && u.id !== bot.id)
    .filter((u) => asked.user_is_bot == null || !!u.is_bot === asked.user_is_bot);
  const most = asked.max_quantity || 1;
  formDialog({
    title: `Share ${most > 1 ? `up to ${most} users` : 'a user'} with ${nameOf(bot)}`,
    submitLabel: 'Share',
    fields: [{ name: 'users', label: 'Users', type: 'checkboxes', options: everyone.map((u) => ({ value: u.id, label: nameOf(u) })) }],
    submit: async (v) => {
      if (!v.users.length || v.users.length > most) { toast(`Pick between 1 and ${most}`, 'error'); return false; }
      try {
        await S.person.call('shareUsers', { chat_id: bot.id, request_id: asked.request_id, user_ids: JSON.stringify(v.users.map(Number)) });
      } catch { return false; }
      return true;
    },
  });
}

/** A `request_chat` button: the person picks one of their groups or channels, as it asks. */
function shareChatDialog(bot, asked) {
  const kinds = asked.chat_is_channel ? ['channel'] : ['group', 'supergroup'];
  const chats = [...S.chats.values()].map((e) => e.chat).filter((c) => kinds.includes(c.type));
  if (!chats.length) { toast(asked.chat_is_channel ? 'You are in no channel' : 'You are in no group', 'error'); return; }
  formDialog({
    title: `Share a ${asked.chat_is_channel ? 'channel' : 'group'} with ${nameOf(bot)}`,
    submitLabel: 'Share',
    fields: [{ name: 'chat', label: 'Chat', type: 'select', value: chats[0].id, options: chats.map((c) => ({ value: c.id, label: nameOf(c) })) }],
    submit: async (v) => {
      try {
        await S.person.call('shareChat', { chat_id: bot.id, request_id: asked.request_id, shared_chat_id: Number(v.chat) });
      } catch { return false; }
      return true;
    },
  });
}

// ---------------------------------------------------------------- Mini Apps

export async function openWebApp(botId, url) {
  const href = safeUrl(url);
  if (!href || !/^https?:/.test(href) || !botId) { toast('This Mini App address is not allowed', 'error'); return; }
  let r;
  try { r = await S.person.call('openWebApp', { chat_id: botId, url: href }); } catch { return; }
  miniApp(href, r.init_data);
}

// ---------------------------------------------------------------- the "…" menu

function pollDialog(type) {
  formDialog({
    title: type === 'quiz' ? 'New quiz' : 'New poll',
    submitLabel: 'Create poll',
    fields: [
      { name: 'question', label: 'Question', required: true },
      { name: 'options', label: 'Options (one per line)', type: 'textarea', required: true },
      { name: 'quiz', label: 'Quiz', type: 'checkbox', checked: type === 'quiz' },
      { name: 'correct', label: 'Correct option (number, quiz only)', type: 'number', value: '1' },
      { name: 'anonymous', label: 'Anonymous', type: 'checkbox', checked: true },
      { name: 'multiple', label: 'Multiple answers', type: 'checkbox' },
    ],
    submit: async (v) => {
      const options = v.options.split('\n').map((s) => s.trim()).filter(Boolean);
      if (!v.question.trim() || options.length < 2) { toast('A question and at least two options', 'error'); return false; }
      const m = await sendWith('sendPoll', {
        question: v.question.trim(), options, is_anonymous: v.anonymous,
        type: v.quiz ? 'quiz' : 'regular',
        correct_option_id: v.quiz ? Math.max(0, (parseInt(v.correct, 10) || 1) - 1) : undefined,
        allows_multiple_answers: !v.quiz && v.multiple ? true : undefined,
      });
      return m ? true : false;
    },
  });
}

function locationDialog() {
  formDialog({
    title: 'Send a location',
    submitLabel: 'Share location',
    fields: [
      { name: 'latitude', label: 'Latitude', type: 'number', step: 'any', value: '51.5007', required: true },
      { name: 'longitude', label: 'Longitude', type: 'number', step: 'any', value: '-0.1246', required: true },
      { name: 'title', label: 'Venue title (optional)' },
      { name: 'address', label: 'Venue address (optional)' },
    ],
    submit: async (v) => {
      const place = { latitude: Number(v.latitude), longitude: Number(v.longitude) };
      const m = v.title.trim()
        ? await sendWith('sendVenue', { ...place, title: v.title.trim(), address: v.address.trim() || v.title.trim() })
        : await sendWith('sendLocation', place);
      return !!m;
    },
  });
}

function contactDialog() {
  formDialog({
    title: 'Send a contact',
    submitLabel: 'Share contact',
    fields: [
      { name: 'first_name', label: 'First name', value: S.me.first_name, required: true },
      { name: 'last_name', label: 'Last name', value: S.me.last_name || '' },
      { name: 'phone_number', label: 'Phone number', value: `+10000000000${S.me.id}`, required: true },
    ],
    submit: async (v) => !!(await sendWith('sendContact', { first_name: v.first_name, last_name: v.last_name || undefined, phone_number: v.phone_number })),
  });
}

function toggleMore(show = moreMenu.hidden) {
  moreMenu.hidden = !show;
  $('#btn-more').setAttribute('aria-expanded', String(show));
  if (show) moreMenu.querySelector('button').focus();
}

function buildMoreMenu() {
  const item = (label, fn) => el('button', { type: 'button', role: 'menuitem', text: label, onclick: () => { toggleMore(false); fn(); } });
  return el('div', { class: 'more-menu', role: 'menu', 'aria-label': 'More to send', hidden: true },
    item('📍 Location…', locationDialog),
    item('👤 Contact…', contactDialog),
    item('📊 Poll…', () => pollDialog('regular')),
    // In a channel's direct messages (shown by chatOpened).
    Object.assign(item('📢 Suggest post…', () => suggestDialog(sendWith)), { className: 'suggest-post', hidden: true }),
    el('div', { class: 'dice-row', role: 'group', 'aria-label': 'Dice' },
      DICE.map((d) => el('button', { type: 'button', role: 'menuitem', 'aria-label': `Dice ${d}`, text: d,
        onclick: () => { toggleMore(false); sendWith('sendDice', { emoji: d }); } }))));
}

// ---------------------------------------------------------------- input handling

function closeLists() {
  commandsBox.close();
  inlineBox.close();
}

function onInput() {
  grow();
  const text = ta.value;
  clearTimeout(C.inlineTimer);
  const inline = !C.editing && INLINE.exec(text);
  if (inline) {
    commandsBox.close();
    C.inlineTimer = setTimeout(() => runInline(inline[1], inline[2]), 300);
    return;
  }
  C.inlineSeq++;
  inlineBox.close();
  if (/^\/\S*$/.test(text) && !C.editing) showCommands(text);
  else commandsBox.close();
}

function onKey(e) {
  if (e.isComposing) return;
  if (inlineBox.key(e) || commandsBox.key(e)) { e.preventDefault(); return; }
  if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); submit(); }
  else if (e.key === 'Escape' && !bar.hidden) { e.preventDefault(); const wasEdit = !!C.editing; clearBar(); if (wasEdit) setText(''); }
}

export function chatOpened(chat, threadId) {
  C.chat = chat;
  C.threadId = threadId;
  clearBar();
  setText('');
  closeLists();
  toggleMore(false);
  const suggest = moreMenu?.querySelector('.suggest-post');
  if (suggest) suggest.hidden = !chat.is_direct_messages;
  renderKeyboard();
  loadBots(chat);
  $('#composer').hidden = false;
}

/** Puts the focus in the text field (a chat opened by keyboard, "Skip to the message field"). */
export function focusInput() {
  if (ta && !$('#composer').hidden) ta.focus();
}

export function resetComposer() {
  C.chat = null;
  C.kb.clear();
  C.used.clear();
  C.forced.clear();
  C.bots = [];
}

export function initComposer() {
  const root = $('#composer');
  ta = el('textarea', { 'aria-label': 'Message', rows: 1, placeholder: 'Message', class: 'message-input' });
  commandsBox = new Listbox('Commands', ta, (value) => { commandsBox.close(); setText(''); sendText(value); });
  inlineBox = new Listbox('Inline results', ta, chooseInline);
  bar = el('div', { class: 'reply-bar', hidden: true });
  kbBox = el('div', { class: 'reply-keyboard', hidden: true });
  kbToggle = el('button', { type: 'button', class: 'icon', 'aria-label': 'Show keyboard', text: '⌨', hidden: true,
    onclick: () => { const entry = C.kb.get(C.chat?.id); if (entry) { entry.hidden = !entry.hidden; renderKeyboard(); } } });
  menuButton = el('button', { type: 'button', class: 'menu-button', hidden: true });
  const file = el('input', { type: 'file', 'aria-label': 'Attach file', class: 'visually-hidden', multiple: true, tabindex: '-1' });
  file.addEventListener('change', async () => { for (const f of [...file.files]) await sendFile(f); file.value = ''; });
  moreMenu = buildMoreMenu();
  moreMenu.addEventListener('keydown', (e) => {
    const items = [...moreMenu.querySelectorAll('button')];
    const i = items.indexOf(document.activeElement);
    if (e.key === 'Escape') { e.stopPropagation(); toggleMore(false); $('#btn-more').focus(); }
    else if (e.key === 'ArrowDown') { e.preventDefault(); items[(i + 1) % items.length].focus(); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); items[(i - 1 + items.length) % items.length].focus(); }
  });
  inlineBox.ul.addEventListener('scroll', maybeMore, { passive: true });
  root.append(
    bar, commandsBox.ul, inlineBox.ul, moreMenu,
    el('div', { class: 'composer' },
      menuButton,
      el('button', { type: 'button', class: 'icon', 'aria-label': 'Attach', title: 'Attach a file', text: '📎', onclick: () => file.click() }),
      file, ta,
      el('button', { type: 'button', class: 'icon', id: 'btn-more', 'aria-label': 'More', 'aria-haspopup': 'menu', 'aria-expanded': 'false', text: '…', onclick: () => toggleMore() }),
      kbToggle,
      el('button', { type: 'button', class: 'icon send', 'aria-label': 'Send', text: '➤', onclick: submit })),
    kbBox);
  ta.addEventListener('input', onInput);
  ta.addEventListener('keydown', onKey);
  ta.addEventListener('blur', () => setTimeout(() => { if (document.activeElement !== ta) { commandsBox.close(); } }, 150));
  document.addEventListener('click', (e) => {
    if (!moreMenu.hidden && !moreMenu.contains(e.target) && e.target.id !== 'btn-more') toggleMore(false);
  });
  initDrop();
}

function initDrop() {
  const view = $('#chat');
  const overlay = $('#drop-overlay');
  let depth = 0;
  const hasFiles = (e) => [...(e.dataTransfer?.types || [])].includes('Files');
  view.addEventListener('dragenter', (e) => { if (!hasFiles(e) || !C.chat) return; e.preventDefault(); depth++; overlay.hidden = false; });
  view.addEventListener('dragover', (e) => { if (hasFiles(e) && C.chat) e.preventDefault(); });
  view.addEventListener('dragleave', () => { depth = Math.max(0, depth - 1); if (!depth) overlay.hidden = true; });
  view.addEventListener('drop', async (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth = 0;
    overlay.hidden = true;
    for (const f of [...e.dataTransfer.files]) await sendFile(f);
  });
}


// render.js — turns Bot API objects into DOM: a Message as an <article class="message">, its
// entities (UTF-16 offsets, nested and overlapping), media, polls, replies, forwards, reactions,
// inline keyboards and service lines; chat-list previews. Pure building: every action goes to
// the handler object `h` given by the chat view. Text only ever goes in through textContent.
import { el, fmtSize } from './ui.js';
import { S, key, nameOf } from './state.js';
import { suggestionLine, topicLine, suggestedServiceText } from './suggested.js';
import { communityServiceText } from './communities.js';
import { renderRich, richPreview } from './rich.js';
import { renderWidget } from './widget.js';

export const REACTION_EMOJI = ['👍', '❤', '🔥', '🎉', '😁', '👎'];

/** The URL if its scheme is allowed (http, https, tg), else null. */
export function safeUrl(raw) {
  if (typeof raw !== 'string' || !raw) return null;
  try {
    const u = new URL(raw);
    const ok = ['http:', 'https:', 'tg:'].includes(u.protocol);
    return ok ? u.href : null;
  } catch { return null; }
}

function link(href, text, title) {
  return el('a', { href, target: '_blank', rel: 'noopener noreferrer', title }, text);
}

// ---------------------------------------------------------------- entities

const order = (a, b) => a.offset - b.offset || b.length - a.length;

/** Nests entities: children lie inside their parent; one that crosses its parent's end is split. */
function tree(list) {
  const out = [];
  list = list.slice().sort(order);
  while (list.length) {
    const e = list.shift();
    const end = e.offset + e.length;
    const inner = [];
    const rest = [];
    for (const f of list) {
      const fEnd = f.offset + f.length;
      if (f.offset >= end) rest.push(f);
      else if (fEnd <= end) inner.push(f);
      else {
        inner.push({ ...f, length: end - f.offset });
        rest.push({ ...f, offset: end, length: fEnd - end });
      }
    }
    list = rest.sort(order);
    out.push({ e, kids: tree(inner) });
  }
  return out;
}

/** [outer, inner] elements of one entity; the entity's content goes into inner. */
function entityElement(e, text, h) {
  const one = (node) => [node, node];
  switch (e.type) {
    case 'bold': return one(el('strong'));
    case 'italic': return one(el('em'));
    case 'underline': return one(el('u'));
    case 'strikethrough': return one(el('s'));
    case 'spoiler': {
      const s = el('span', { class: 'spoiler', tabindex: '0', role: 'button', title: 'Spoiler: show' });
      const reveal = () => { s.classList.add('revealed'); s.removeAttribute('role'); s.removeAttribute('title'); s.removeAttribute('tabindex'); };
      s.addEventListener('click', reveal);
      s.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); reveal(); } });
      return one(s);
    }
    case 'code': return one(el('code'));
    case 'pre': {
      const lang = (e.language || '').replace(/[^\w+#.-]/g, '');
      const code = el('code', { class: lang ? `language-${lang}` : null });
      return [el('pre', null, lang ? el('span', { class: 'lang', text: lang }) : null, code), code];
    }
    case 'url': {
      const href = safeUrl(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `http://${text}`);
      return one(href ? link(href) : el('span', { class: 'url' }));
    }
    case 'text_link': {
      const href = safeUrl(e.url);
      return one(href ? link(href, null, href) : el('span', { class: 'unsafe-link', title: 'Link not opened' }));
    }
    // Only http, https and tg addresses open: an e-mail address is shown, not linked.
    case 'email': return one(el('span', { class: 'email' }));
    case 'mention': case 'hashtag': case 'cashtag': case 'phone_number':
      return one(el('span', { class: e.type }));
    case 'text_mention':
      return one(el('span', { class: 'mention', title: nameOf(e.user) }));
    case 'bot_command': {
      if (!h?.sendCommand) return one(el('span', { class: 'command' }));
      return one(el('button', { type: 'button', class: 'command', title: 'Send this command', onclick: () => h.sendCommand(text) }));
    }
    case 'blockquote': return one(el('blockquote'));
    case 'expandable_blockquote': {
      const q = el('blockquote', { class: 'expandable', tabindex: '0', title: 'Expand' });
      q.addEventListener('click', () => q.classList.toggle('expanded'));
      return one(q);
    }
    case 'custom_emoji': return one(el('span', { class: 'custom-emoji' }));
    case 'date_time': return one(el('time', { title: e.unix_time ? new Date(e.unix_time * 1000).toLocaleString() : null }));
    default: return one(el('span', { class: `entity ${String(e.type).replace(/\W/g, '')}` }));
  }
}

function paint(text, nodes, from, to, parent, h) {
  let pos = from;
  for (const { e, kids } of nodes) {
    if (e.offset > pos) parent.append(text.slice(pos, e.offset));
    const end = e.offset + e.length;
    const [outer, inner] = entityElement(e, text.slice(e.offset, end), h);
    paint(text, kids, e.offset, end, inner, h);
    parent.append(outer);
    pos = end;
  }
  if (pos < to) parent.append(text.slice(pos, to));
}

/** A DocumentFragment of `text` with its entities (offsets in UTF-16 code units). */
export function renderEntities(text, entities, h) {
  const frag = document.createDocumentFragment();
  text = text || '';
  const list = (entities || [])
    .map((e) => {
      const offset = Math.max(0, Math.min(text.length, e.offset | 0));
      const end = Math.max(offset, Math.min(text.length, (e.offset | 0) + (e.length | 0)));
      return { ...e, offset, length: end - offset };
    })
    .filter((e) => e.length > 0);
  paint(text, tree(list), 0, text.length, frag, h);
  return frag;
}

const textDiv = (text, entities, h) => el('div', { class: 'text', dir: 'auto' }, renderEntities(text, entities, h));

// ---------------------------------------------------------------- summaries

const USERS = (list) => (list || []).map(nameOf).join(', ');

/** The centred line of a service message, or null for ordinary messages. */
export function serviceText(m) {
  const who = nameOf(m.from || m.sender_chat);
  if (m.new_chat_members) {
    const self = m.new_chat_members.length === 1 && m.from && m.new_chat_members[0].id === m.from.id;
    return self ? `${who} joined the group` : `${who} added ${USERS(m.new_chat_members)}`;
  }
  if (m.left_chat_member) {
    return m.from && m.left_chat_member.id === m.from.id ? `${who} left the group` : `${who} removed ${nameOf(m.left_chat_member)}`;
  }
  if (m.new_chat_title) return `${who} changed the title to “${m.new_chat_title}”`;
  if (m.new_chat_photo) return `${who} changed the chat photo`;
  if (m.delete_chat_photo) return `${who} removed the chat photo`;
  if (m.group_chat_created) return `${who} created the group “${m.chat?.title || ''}”`;
  if (m.supergroup_chat_created) return `${who} created the supergroup “${m.chat?.title || ''}”`;
  if (m.channel_chat_created) return `Channel “${m.chat?.title || ''}” created`;
  if (m.pinned_message) return `${who} pinned “${previewOf(m.pinned_message) || 'a message'}”`;
  if (m.forum_topic_created) return `${who} created the topic “${m.forum_topic_created.name}”`;
  if (m.forum_topic_edited) return `${who} edited the topic${m.forum_topic_edited.name ? ` to “${m.forum_topic_edited.name}”` : ''}`;
  if (m.forum_topic_closed) return `${who} closed the topic`;
  if (m.forum_topic_reopened) return `${who} reopened the topic`;
  if (m.general_forum_topic_hidden) return 'The General topic was hidden';
  if (m.general_forum_topic_unhidden) return 'The General topic was unhidden';
  if (m.migrate_to_chat_id) return `The group was upgraded to a supergroup (${m.migrate_to_chat_id})`;
  if (m.migrate_from_chat_id) return `Upgraded from the group ${m.migrate_from_chat_id}`;
  if (m.message_auto_delete_timer_changed) {
    const t = m.message_auto_delete_timer_changed.message_auto_delete_time;
    return t ? `${who} set messages to auto-delete after ${t} s` : `${who} turned off auto-delete`;
  }
  if (m.write_access_allowed) return 'You allowed this bot to message you';
  if (m.users_shared) {
    const n = m.users_shared.users?.length || 0;
    return `${who} shared ${n === 1 ? 'a user' : `${n} users`}`;
  }
  if (m.chat_shared) return `${who} shared ${m.chat_shared.title ? `“${m.chat_shared.title}”` : 'a chat'}`;
  if (m.web_app_data) return `Data from “${m.web_app_data.button_text}”`;
  if (m.video_chat_started) return 'Video chat started';
  if (m.video_chat_ended) return 'Video chat ended';
  if (m.chat_owner_left || m.chat_owner_changed) return 'The chat owner changed';
  if (m.poll_option_added) return `${who} added the option “${m.poll_option_added.option_text}”`;
  if (m.poll_option_deleted) return `${who} deleted the option “${m.poll_option_deleted.option_text}”`;
  if (m.managed_bot_created) return `${who} created @${m.managed_bot_created.bot.username}, managed by this bot`;
  if (m.successful_payment) {
    const p = m.successful_payment;
    return `${who} paid ${money(p.total_amount, p.currency)}`;
  }
  if (m.gift) {
    const g = m.gift.gift;
    return `${who} sent a gift ${g.sticker?.emoji || '🎁'} · ${g.star_count} ⭐`;
  }
  if (m.unique_gift) {
    const u = m.unique_gift;
    return u.origin === 'transfer' ? `${who} gave ${u.gift.name}` : `${who} upgraded a gift to ${u.gift.name}`;
  }
  if (m.refunded_payment) return `${money(m.refunded_payment.total_amount, m.refunded_payment.currency)} refunded`;
  const suggested = suggestedServiceText(m) || communityServiceText(m, who);
  if (suggested) return suggested;
  if (m.proximity_alert_triggered || m.boost_added || m.chat_background_set || m.giveaway_created || m.giveaway_completed
    || m.video_chat_scheduled || m.video_chat_participants_invited || m.connected_website) {
    return 'Service message';
  }
  return null;
}

/** Whether `m` is a service message (shown as a centred line, previewed without its sender:
 *  the line names who did it). */
export const isService = (m) => !!m && m.text == null && serviceText(m) != null;

/** A one-line summary of a message (chat list, replies). */
export function previewOf(m) {
  if (!m) return '';
  const cap = m.caption ? `: ${m.caption}` : '';
  if (m.text != null) return m.text;
  if (m.rich_message) return richPreview(m.rich_message);
  if (m.widget) return `Widget${cap}`;
  if (m.live_photo) return `Live photo${cap}`;
  if (m.photo) return `Photo${cap}`;
  if (m.video) return `Video${cap}`;
  if (m.animation) return `GIF${cap}`;
  if (m.video_note) return 'Video message';
  if (m.voice) return `Voice message${cap}`;
  if (m.audio) return `Audio: ${m.audio.title || m.audio.file_name || ''}${cap}`;
  if (m.document) return `File: ${m.document.file_name || 'document'}${cap}`;
  if (m.sticker) return `${m.sticker.emoji || ''} Sticker`;
  if (m.poll) return `${m.poll.type === 'quiz' ? 'Quiz' : 'Poll'}: ${m.poll.question}`;
  if (m.dice) return `${m.dice.emoji} ${m.dice.value}`;
  if (m.venue) return `Venue: ${m.venue.title}`;
  if (m.location) return 'Location';
  if (m.contact) return `Contact: ${nameOf(m.contact)}`;
  if (m.game) return `Game: ${m.game.title}`;
  if (m.invoice) return `Invoice: ${m.invoice.title}`;
  if (m.paid_media) return `Paid media${cap}`;
  return serviceText(m) || 'Message';
}

// ---------------------------------------------------------------- media

/** A sized placeholder that becomes the media element (built with its blob: URL) once the file
 *  is fetched, which happens when it nears the viewport. */
function slot(fileId, h, size, label, build) {
  const s = el('div', { class: 'media-slot loading', role: 'img', 'aria-label': `${label} (loading)` });
  if (size.width) {
    s.style.width = `${size.width}px`;
    s.style.aspectRatio = `${size.width} / ${size.height}`;
  }
  h.lazy(s, () => h.fileUrl(fileId).then((url) => s.replaceWith(build(url)), () => {
    s.classList.remove('loading');
    s.classList.add('failed');
    s.setAttribute('aria-label', `${label} (not available)`);
  }));
  return s;
}

function bestPhoto(sizes) {
  const fit = sizes.filter((s) => Math.max(s.width, s.height) <= 800);
  const pick = (list, f) => list.reduce((a, b) => (f(b, a) ? b : a));
  return fit.length ? pick(fit, (b, a) => b.width * b.height > a.width * a.height)
    : pick(sizes, (b, a) => b.width * b.height < a.width * a.height);
}

function scaled(w, h, max = 400) {
  if (!w || !h) return {};
  const k = Math.min(1, max / Math.max(w, h));
  return { width: Math.round(w * k), height: Math.round(h * k) };
}

function video(file, h, label, extra = {}) {
  const size = extra.width ? { width: extra.width, height: extra.height } : scaled(file.width, file.height);
  return slot(file.file_id, h, size, label, (src) => el('video', { controls: true, preload: 'metadata', playsInline: true, ...size, ...extra, 'aria-label': label, src }));
}

/** A live photo: its photo with a LIVE button that plays its video in its place. */
function livePhoto(m, h) {
  const box = el('div', { class: 'live-photo' });
  const still = mediaOf({ photo: m.live_photo.photo || m.photo || [], caption: m.caption }, h);
  const play = el('button', { type: 'button', class: 'live-badge', text: 'LIVE', 'aria-label': 'Play the live photo',
    // The photo's slot may have become its image by now: the box's content is replaced whole.
    onclick: () => box.replaceChildren(video(m.live_photo, h, 'Live photo', { autoplay: true, muted: true, loop: true })) });
  box.append(still, play);
  return box;
}

function mediaOf(m, h) {
  if (m.live_photo) return livePhoto(m, h);
  if (m.photo?.length) {
    const p = bestPhoto(m.photo);
    const size = scaled(p.width, p.height);
    return slot(p.file_id, h, size, 'Photo', (src) => el('img', { alt: m.caption ? `Photo: ${m.caption}` : 'Photo', ...size, src }));
  }
  if (m.animation) return video(m.animation, h, 'GIF', { loop: true, muted: true, autoplay: true, class: 'animation' });
  if (m.video) return video(m.video, h, 'Video');
  if (m.video_note) return video(m.video_note, h, 'Video message', { class: 'round', width: 240, height: 240 });
  if (m.voice || m.audio) {
    const f = m.voice || m.audio;
    const label = m.voice ? 'Voice message' : [f.performer, f.title || f.file_name].filter(Boolean).join(' — ') || 'Audio';
    return el('div', { class: 'audio' }, el('div', { class: 'muted', text: `${label}${f.duration ? ` · ${f.duration} s` : ''}` }),
      slot(f.file_id, h, {}, label, (src) => el('audio', { controls: true, preload: 'metadata', 'aria-label': label, src })));
  }
  if (m.document) return documentLink(m.document, h, !!m.has_protected_content);
  if (m.sticker) {
    const s = m.sticker;
    if (s.is_video) return video(s, h, `Sticker ${s.emoji || ''}`, { loop: true, muted: true, autoplay: true, controls: false, class: 'sticker' });
    if (s.is_animated) return el('div', { class: 'sticker-emoji', text: s.emoji || '🖼', title: 'Animated sticker' });
    const size = scaled(s.width, s.height, 180);
    const shown = slot(s.file_id, h, size, 'Sticker', (src) => el('img', { alt: `Sticker ${s.emoji || ''}`, class: 'sticker', ...size, src }));
    // A set's sticker opens its set, as a sticker panel, to send one of them.
    if (!s.set_name || !h?.stickerSet) return shown;
    return el('button', { type: 'button', class: 'sticker-open', title: 'Open its sticker set', 'aria-label': `Sticker set of ${s.emoji || 'this sticker'}`, onclick: () => h.stickerSet(s.set_name) }, shown);
  }
  if (m.venue || m.location) {
    const loc = m.venue ? m.venue.location : m.location;
    const lat = Number(loc.latitude).toFixed(5);
    const lon = Number(loc.longitude).toFixed(5);
    const href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
    return el('div', { class: 'location' },
      m.venue ? el('strong', { text: m.venue.title }) : null,
      m.venue ? el('div', { text: m.venue.address }) : null,
      el('div', { text: `📍 ${lat}, ${lon}` }),
      link(href, 'Open in OpenStreetMap'));
  }
  if (m.contact) {
    return el('div', { class: 'contact' }, el('strong', { text: `👤 ${nameOf(m.contact)}` }), el('div', { text: m.contact.phone_number }));
  }
  if (m.dice) {
    return el('div', { class: 'dice' }, el('span', { class: 'dice-emoji', text: m.dice.emoji }), el('span', { text: ` ${m.dice.value}`, 'aria-label': `value ${m.dice.value}` }));
  }
  if (m.poll) return renderPoll(m, h);
  if (m.game) return renderGame(m, h);
  if (m.invoice) return renderInvoice(m, h);
  if (m.paid_media) return renderPaidMedia(m, h);
  if (m.checklist) {
    return el('div', { class: 'checklist' }, el('strong', { text: m.checklist.title }),
      el('ul', null, (m.checklist.tasks || []).map((t) => el('li', { text: `${t.completion_date ? '☑' : '☐'} ${t.text}` }))));
  }
  return null;
}

function documentLink(d, h, protectedContent) {
  const name = d.file_name || 'document';
  // Protected content never leaves its chat: no download.
  if (protectedContent) {
    return el('span', { class: 'document', title: 'Protected: cannot be saved' },
      el('span', { class: 'doc-icon', 'aria-hidden': 'true', text: '📄' }),
      el('span', { class: 'doc-name', text: name }), el('span', { class: 'muted', text: ` ${fmtSize(d.file_size)} · protected` }));
  }
  const a = el('a', { class: 'document', href: '#', title: `Download ${name}` },
    el('span', { class: 'doc-icon', 'aria-hidden': 'true', text: '📄' }),
    el('span', { class: 'doc-name', text: name }), el('span', { class: 'muted', text: ` ${fmtSize(d.file_size)}` }));
  a.addEventListener('click', (e) => {
    if (a.dataset.ready) return;
    e.preventDefault();
    h.fileUrl(d.file_id).then((url) => {
      a.href = url;
      a.download = name;
      a.dataset.ready = '1';
      a.click();
    }, () => h.error?.('File not available'));
  });
  return a;
}

// ---------------------------------------------------------------- games

/** A game: its photo, title and description, and the text the bot keeps in it (its scoreboard
 *  after setGameScore). The Play button is the message's keyboard's first. */
function renderGame(m, h) {
  const g = m.game;
  const box = el('div', { class: 'game' });
  if (g.photo?.length) {
    const p = bestPhoto(g.photo);
    const size = scaled(p.width, p.height, 320);
    box.append(slot(p.file_id, h, size, `Game: ${g.title}`, (src) => el('img', { alt: `Game: ${g.title}`, ...size, src })));
  }
  box.append(el('strong', { text: `🎮 ${g.title}` }), el('div', { text: g.description }));
  if (g.text) box.append(el('div', { class: 'game-text', text: g.text }));
  return box;
}

// ---------------------------------------------------------------- paid media

/** Paid media: each photo or video once bought (or for the bot that sent them), else a locked
 *  preview of each and an Unlock button with the price in Stars. */
function renderPaidMedia(m, h) {
  const info = m.paid_media;
  const items = info.paid_media || [];
  const box = el('div', { class: 'paid-media' });
  const locked = items.some((i) => i.type === 'preview');
  for (const item of items) {
    if (item.type === 'photo') box.append(mediaOf({ photo: item.photo }, h));
    else if (item.type === 'live_photo') box.append(mediaOf({ live_photo: item.live_photo }, h));
    else if (item.type === 'video') box.append(mediaOf({ video: item.video }, h));
    else {
      const size = scaled(item.width, item.height, 240);
      const tile = el('div', { class: 'paid-preview', role: 'img', 'aria-label': item.duration ? `Locked video, ${item.duration} s` : 'Locked photo', text: '🔒' });
      if (size.width) { tile.style.width = `${size.width}px`; tile.style.aspectRatio = `${size.width} / ${size.height}`; }
      box.append(tile);
    }
  }
  if (locked && h?.buy) {
    box.append(el('button', { type: 'button', class: 'kb-button unlock', text: `Unlock for ${money(info.star_count, 'XTR')}`, onclick: () => h.buy(m) }));
  }
  return box;
}

// ---------------------------------------------------------------- invoices

/** Currencies counted in whole units (Telegram's table: `exp` 0); the others have cents. */
const WHOLE = new Set(['CLP', 'ISK', 'JPY', 'KRW', 'PYG', 'UGX', 'VND']);

/** An amount in a currency's smallest units, as people read it. */
export function money(amount, currency) {
  if (currency === 'XTR') return `${amount} ⭐`;
  const exp = WHOLE.has(currency) ? 0 : 2;
  return `${(Number(amount) / 10 ** exp).toFixed(exp)} ${currency}`;
}

/** An invoice: its title, description and total, and a Pay button when the bot gave no
 *  keyboard of its own (its own starts with the Pay button). */
function renderInvoice(m, h) {
  const i = m.invoice;
  const box = el('div', { class: 'invoice' }, el('strong', { text: i.title }), el('div', { text: i.description }),
    el('div', { class: 'invoice-total', text: money(i.total_amount, i.currency) }));
  if (h?.pay && !m.reply_markup?.inline_keyboard?.length) {
    box.append(el('button', { type: 'button', class: 'kb-button pay', text: `Pay ${money(i.total_amount, i.currency)}`, onclick: () => h.pay(m) }));
  }
  return box;
}

// ---------------------------------------------------------------- polls

/** The order person `me` sees a shuffled poll's options in: its own for each person and poll,
 *  the same each time (a seeded Fisher-Yates over the options' places). */
function shuffled(count, seed) {
  let x = 2166136261;
  for (const c of seed) x = Math.imul(x ^ c.charCodeAt(0), 16777619) >>> 0;
  const order = [...Array(count).keys()];
  for (let i = count - 1; i > 0; i -= 1) {
    x = Math.imul(x ^ (x >>> 15), 2246822507) >>> 0;
    x = (x ^ (x >>> 13)) >>> 0;
    const j = x % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** A poll's media (Bot API 10.0): a file, a place or a link, shown as a message's would be. */
function pollMedia(media, m, h, label) {
  if (!media) return null;
  if (media.link) {
    const href = safeUrl(media.link.url);
    return el('div', { class: 'poll-media', 'aria-label': label }, href ? link(href, media.link.url) : el('span', { text: media.link.url }));
  }
  const shown = mediaOf({ ...media, has_protected_content: m.has_protected_content }, h);
  return shown ? el('div', { class: 'poll-media', 'aria-label': label }, shown) : null;
}

function renderPoll(m, h) {
  const p = m.poll;
  const mine = S.votes.get(key(m.chat.id, m.message_id));
  const results = !!mine || p.is_closed;
  // Polls 2.0: results hidden until the poll closes (the server shows people no counts).
  const hidden = p.hide_results_until_closes && !p.is_closed;
  const kind = `${p.is_anonymous ? 'Anonymous ' : ''}${p.type === 'quiz' ? 'quiz' : 'poll'}${p.allows_multiple_answers ? ', multiple answers' : ''}`;
  const box = el('div', { class: `poll${results ? ' results' : ''}${p.is_closed ? ' closed' : ''}` },
    el('div', { class: 'poll-question' }, renderEntities(p.question, p.question_entities, h)),
    el('div', { class: 'muted poll-kind', text: kind[0].toUpperCase() + kind.slice(1) }));
  if (p.description) box.append(el('div', { class: 'poll-description' }, renderEntities(p.description, p.description_entities, h)));
  const own = pollMedia(p.media, m, h, 'Poll media');
  if (own) box.append(own);
  const total = p.total_voter_count || 0;
  const chosen = new Set();
  const correctIds = p.correct_option_ids || (p.correct_option_id != null ? [p.correct_option_id] : []);
  const author = !!S.me && m.from?.id === S.me.id;
  const voteButton = el('button', { type: 'button', class: 'primary', text: 'Vote', disabled: true, onclick: () => h.vote(m, [...chosen]) });
  const order = p.shuffle_options ? shuffled(p.options.length, `${S.me?.id}:${p.id}`) : p.options.map((_, i) => i);
  for (const i of order) {
    const o = p.options[i];
    const pct = total ? Math.round((o.voter_count * 100) / total) : 0;
    const isMine = mine?.includes(i);
    const correct = results && p.type === 'quiz' && correctIds.includes(i);
    const label = el('span', { class: 'poll-text' }, renderEntities(o.text, o.text_entities, null));
    const b = el('button', {
      type: 'button',
      class: `poll-option${isMine ? ' chosen' : ''}${correct ? ' correct' : ''}`,
      disabled: results || p.is_closed,
      'aria-pressed': p.allows_multiple_answers && !results ? 'false' : null,
    });
    if (results) {
      const bar = el('span', { class: 'bar' });
      bar.style.width = hidden ? '0%' : `${pct}%`;
      b.append(el('span', { class: 'pct', text: hidden ? '·' : `${pct}%` }), label);
      if (isMine) b.append(el('span', { class: 'mark', text: ' ✓', title: 'your choice' }));
      if (correct) b.append(el('span', { class: 'mark', text: ' (correct)' }));
      b.append(bar);
      b.title = hidden ? 'Results show when the poll closes' : `${o.voter_count} vote${o.voter_count === 1 ? '' : 's'}`;
    } else {
      b.append(label);
      b.addEventListener('click', () => {
        if (!p.allows_multiple_answers) { h.vote(m, [i]); return; }
        if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
        b.setAttribute('aria-pressed', String(chosen.has(i)));
        voteButton.disabled = chosen.size === 0;
      });
    }
    // An option a person added: theirs, or the poll's author's, to delete while it is open.
    const adder = o.added_by_user?.id;
    if (adder && !p.is_closed && h?.deleteOption && (author || adder === S.me?.id)) {
      const row = el('div', { class: 'poll-row' }, b,
        el('button', { type: 'button', class: 'link', text: '×', title: `Delete “${o.text}”`, 'aria-label': `Delete option ${o.text}`, onclick: () => h.deleteOption(m, o) }));
      box.append(row);
    } else {
      box.append(b);
    }
    const media = pollMedia(o.media, m, h, `Media of ${o.text}`);
    if (media) box.append(media);
  }
  if (results && p.type === 'quiz' && (p.explanation || p.explanation_media)) {
    box.append(el('div', { class: 'explanation' }, '💡 ', renderEntities(p.explanation || '', p.explanation_entities, h),
      pollMedia(p.explanation_media, m, h, 'Explanation media')));
  }
  const votes = hidden ? 'Results show when the poll closes' : `${total} vote${total === 1 ? '' : 's'}`;
  const foot = el('div', { class: 'poll-foot muted' }, votes, p.is_closed ? ' · closed' : '');
  if (!results && p.allows_multiple_answers) foot.append(' ', voteButton);
  if (mine && !p.is_closed && p.allows_revoting) {
    foot.append(' ', el('button', { type: 'button', class: 'link', text: 'Retract vote', onclick: () => h.vote(m, []) }));
  }
  if (p.allow_adding_options && !p.is_closed && p.options.length < 12 && h?.addOption) {
    foot.append(' ', el('button', { type: 'button', class: 'link', text: 'Add option', onclick: () => h.addOption(m) }));
  }
  box.append(foot);
  return box;
}

// ---------------------------------------------------------------- replies, reactions, keyboards

function replyBlock(m, h) {
  const r = m.reply_to_message;
  const ext = m.external_reply;
  if (!r && !ext && !m.quote) return null;
  let who = '';
  let body = '';
  if (r) { who = nameOf(r.from || r.sender_chat); body = previewOf(r); }
  else if (ext) { who = originName(ext.origin) || nameOf(ext.chat); body = previewOf(ext); }
  const q = el('div', { class: 'reply', role: r ? 'button' : null, tabindex: r ? '0' : null, title: r ? 'Go to the replied message' : null },
    el('div', { class: 'reply-sender', text: who || 'Message' }),
    el('div', { class: 'reply-text' }, m.quote ? renderEntities(m.quote.text, m.quote.entities, null) : body));
  if (m.quote) q.classList.add('quote');
  if (r && h.jump) {
    q.addEventListener('click', () => h.jump(r.message_id));
    q.addEventListener('keydown', (e) => { if (e.key === 'Enter') h.jump(r.message_id); });
  }
  return q;
}

function originName(o) {
  if (!o) return '';
  if (o.type === 'user') return nameOf(o.sender_user);
  if (o.type === 'hidden_user') return o.sender_user_name;
  if (o.type === 'chat') return nameOf(o.sender_chat) + (o.author_signature ? ` (${o.author_signature})` : '');
  if (o.type === 'channel') return nameOf(o.chat) + (o.author_signature ? ` (${o.author_signature})` : '');
  return '';
}

/** What a reaction chip shows of a `ReactionType`: its emoji, ★ for the other kinds. */
export const reactionLabel = (t) => (t?.type === 'emoji' && t.emoji ? t.emoji : '★');

/** Reaction counts of a message: emoji -> {count, mine}. The history's snapshot (`base`, from
 *  the message's `reactions` field) with, on top, what each reactor changed since (`users`:
 *  user id -> {old, now}: their reactions when first heard of since the snapshot, and now). */
export function reactionCounts(m) {
  const entry = S.reactions.get(key(m.chat.id, m.message_id));
  const counts = new Map();
  if (!entry) return counts;
  const meLive = entry.users.get(S.me?.id);
  if (entry.base) for (const [e, b] of entry.base) counts.set(e, { count: b.count, mine: !meLive && b.chosen });
  // What the snapshot counted of each reactor goes, what they have now comes.
  for (const { old } of entry.users.values()) {
    for (const e of old) { const c = counts.get(e); if (c) c.count = Math.max(0, c.count - 1); }
  }
  for (const { now } of entry.users.values()) {
    for (const e of now) {
      const c = counts.get(e) || { count: 0, mine: false };
      c.count += 1;
      counts.set(e, c);
    }
  }
  if (meLive) for (const e of meLive.now) counts.get(e).mine = true;
  for (const [e, c] of counts) if (c.count <= 0) counts.delete(e);
  return counts;
}

export function renderReactions(m, h) {
  const row = el('div', { class: 'reactions' });
  for (const [emoji, c] of reactionCounts(m)) {
    row.append(el('button', {
      type: 'button', class: `reaction${c.mine ? ' mine' : ''}`, 'aria-pressed': String(c.mine),
      'aria-label': `${emoji} ${c.count}${c.mine ? ', yours' : ''}`, onclick: () => h.react(m, emoji),
    }, el('span', { text: emoji }), ' ', el('span', { class: 'count', text: String(c.count) })));
  }
  return row;
}

function inlineKeyboard(m, h) {
  const rows = m.reply_markup?.inline_keyboard;
  if (!Array.isArray(rows) || !rows.length) return null;
  const kb = el('div', { class: 'inline-keyboard' });
  for (const row of rows) {
    const r = el('div', { class: 'kb-row' });
    for (const b of row || []) r.append(inlineButton(m, b, h));
    kb.append(r);
  }
  return kb;
}

function inlineButton(m, b, h) {
  const btn = el('button', { type: 'button', class: 'kb-button', text: b.text });
  const openUrl = (url) => {
    const href = safeUrl(url);
    if (href) { btn.append(el('span', { class: 'kb-hint', 'aria-hidden': 'true', text: ' ↗' })); btn.title = href; }
    else { btn.classList.add('blocked'); btn.title = 'This link is not allowed'; }
    btn.addEventListener('click', () => {
      if (href) window.open(href, '_blank', 'noopener,noreferrer');
      else h.error('This link is not allowed');
    });
  };
  if (b.disabled) { btn.disabled = true; btn.classList.add('kb-disabled'); btn.title = 'The bot disabled this button'; }
  else if (b.url != null) openUrl(b.url);
  else if (b.login_url) openUrl(b.login_url.url);
  else if (b.callback_data != null || (b.callback_game && m.game)) btn.addEventListener('click', () => h.press(m, b, btn));
  else if (b.web_app) btn.addEventListener('click', () => h.webApp((m.via_bot || m.from)?.id, b.web_app.url));
  else if (b.switch_inline_query != null || b.switch_inline_query_current_chat != null || b.switch_inline_query_chosen_chat) {
    const q = b.switch_inline_query_current_chat ?? b.switch_inline_query ?? b.switch_inline_query_chosen_chat?.query ?? '';
    btn.addEventListener('click', () => h.switchInline((m.via_bot || m.from)?.username, q));
  } else if (b.copy_text) btn.addEventListener('click', () => h.copy(b.copy_text.text));
  else if (b.pay && m.invoice && h.pay) btn.addEventListener('click', () => h.pay(m));
  else if (b.callback_game || b.pay) { btn.disabled = true; btn.title = b.pay ? 'Payments are not available here' : 'Games are not available here'; }
  else { btn.disabled = true; btn.title = 'Not supported here'; }
  return btn;
}

function actions(m, h, outgoing) {
  const a = el('div', { class: 'actions' });
  // Not tab stops of their own (a chat of 10 messages would be 40 Tab presses long): they
  // become tabbable while focus is in their message (chat.js, arrow keys in the log).
  const add = (label, icon, fn) => a.append(el('button', { type: 'button', class: 'icon', tabindex: '-1', 'aria-label': label, title: label, text: icon, onclick: (e) => fn(m, e.currentTarget) }));
  add('Reply', '↩', h.reply);
  add('React', '☺', h.pickReaction);
  if (!m.has_protected_content) add('Forward', '↪', h.forward);
  if (outgoing && m.text != null) add('Edit', '✎', h.edit);
  if (outgoing || m.chat.type === 'private') add('Delete', '🗑', h.delete);
  return a;
}

// ---------------------------------------------------------------- the message

/** The <article> of a message; `h` carries the actions (see chat.js). */
export function renderMessage(m, h) {
  S.renders += 1;
  // Focusable by the log's arrow keys (chat.js), not a tab stop.
  const attrs = { class: 'message', tabindex: '-1', 'data-chat-id': String(m.chat.id), 'data-message-id': String(m.message_id) };
  if (isService(m)) {
    attrs.class += ' service';
    const line = el('div', { class: 'service-text', text: serviceText(m) });
    // A Star subscription's first payment is where its payer manages it.
    const paid = m.successful_payment;
    if (paid?.is_first_recurring && S.me && m.from?.id === S.me.id) {
      line.append(' ', el('button', { type: 'button', class: 'link', text: 'Manage subscription', onclick: () => h.subscription(paid.telegram_payment_charge_id) }));
    }
    // A gift shows its sticker and the sender's text (as text).
    if (m.gift) {
      const s = m.gift.gift.sticker;
      const size = scaled(s.width, s.height, 120);
      const picture = slot(s.file_id, h, size, 'Gift', (src) => el('img', { alt: `Gift ${s.emoji || ''}`, class: 'sticker', ...size, src }));
      const text = m.gift.text ? textDiv(m.gift.text, m.gift.entities, h) : null;
      return el('article', attrs, line, el('div', { class: 'gift-card' }, picture, text));
    }
    return el('article', attrs, line);
  }
  const outgoing = !!S.me && ((m.from && m.from.id === S.me.id && !m.sender_chat) || (m.chat.type === 'channel' && m.sender_chat && h.canPost));
  if (outgoing) attrs.class += ' outgoing';
  const group = m.chat.type !== 'private';
  const sender = m.sender_chat && m.sender_chat.id !== m.chat.id ? m.sender_chat : m.from;
  const bubble = el('div', { class: 'bubble' });
  if (group && !outgoing && m.chat.type !== 'channel') {
    bubble.append(el('div', { class: 'sender', text: nameOf(sender) }));
  }
  if (m.forward_origin) bubble.append(el('div', { class: 'forwarded', text: `Forwarded from ${originName(m.forward_origin)}` }));
  const reply = replyBlock(m, h);
  if (reply) bubble.append(reply);
  const media = mediaOf(m, h);
  if (media) bubble.append(el('div', { class: 'media' }, media));
  // A widget runs sandboxed, with no network (widget.js).
  if (m.widget) bubble.append(renderWidget(m));
  if (m.text != null) bubble.append(textDiv(m.text, m.entities, h));
  else if (m.caption != null) bubble.append(textDiv(m.caption, m.caption_entities, h));
  if (m.rich_message) bubble.append(richOf(m.rich_message, m, h));
  // A post suggested to a channel: its price, date and state.
  const suggestion = suggestionLine(m);
  if (suggestion) bubble.append(suggestion);
  const meta = el('div', { class: 'meta' });
  const topic = topicLine(m);
  if (topic) meta.append(topic);
  if (m.via_bot) meta.append(el('span', { class: 'via', text: `via @${m.via_bot.username}` }));
  // Sent by the person's business bot on their behalf.
  if (m.sender_business_bot) meta.append(el('span', { class: 'via', text: `by ${nameOf(m.sender_business_bot)}` }));
  if (m.guest_bot_caller_user) meta.append(el('span', { class: 'via', text: `guest, called by ${nameOf(m.guest_bot_caller_user)}` }));
  if (m.author_signature) meta.append(el('span', { class: 'signature', text: m.author_signature }));
  if (m.edit_date) meta.append(el('span', { class: 'edited', text: 'edited', title: new Date(m.edit_date * 1000).toLocaleString() }));
  meta.append(el('time', { dateTime: new Date(m.date * 1000).toISOString(), title: new Date(m.date * 1000).toLocaleString(), text: new Date(m.date * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) }));
  // An ephemeral message (Bot API 10.2) is the person's alone and outside the chat's history:
  // no reactions, replies or forwards.
  if (m.ephemeral_message_id) {
    attrs.class += ' ephemeral';
    attrs['data-ephemeral-id'] = String(m.ephemeral_message_id);
    meta.prepend(el('span', { class: 'via', text: 'only you can see this' }));
    bubble.append(meta);
    return el('article', attrs, bubble, inlineKeyboard(m, h));
  }
  bubble.append(meta, renderReactions(m, h));
  return el('article', attrs, bubble, inlineKeyboard(m, h), actions(m, h, outgoing));
}

/** A rich message, with the message's own media and buttons (a rich message's buttons call
 *  the bot about the message that holds them, as its keyboard's do). */
function richOf(rich, m, h) {
  return renderRich(rich, { safeUrl, media: (fields) => mediaOf(fields, h), button: (b) => inlineButton(m, b, h) });
}

/** A live draft bubble of a bot's sendMessageDraft: "Thinking…" while it is empty, and a Stop
 * button when the bot offers one (`can_stop`). */
export function renderDraft(d, h) {
  const stop = d.can_stop
    ? el('button', { type: 'button', class: 'stop-draft', text: 'Stop', 'aria-label': `Stop ${nameOf(d.from)}`, onclick: () => h.stopDraft(d) })
    : null;
  const state = d.stopped ? 'stopped' : d.text || d.rich_message ? 'writing…' : null;
  return el('article', { class: 'message draft', 'data-chat-id': String(d.chat.id), 'data-draft-id': String(d.draft_id), 'aria-label': `${nameOf(d.from)} is writing` },
    el('div', { class: 'bubble' },
      d.chat.type !== 'private' ? el('div', { class: 'sender', text: nameOf(d.from) }) : null,
      d.rich_message ? richOf(d.rich_message, { chat: d.chat, from: d.from }, h)
        : d.text ? textDiv(d.text, d.entities, h) : el('div', { class: 'text muted', text: 'Thinking…' }),
      el('div', { class: 'meta' }, state ? el('span', { class: 'muted', text: state }) : null, stop)));
}

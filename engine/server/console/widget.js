// Widgets (Bot API 10.4): a widget message's HTML runs in widget-host.html, framed with
// sandbox="allow-scripts" and sent by the server with a policy that allows no network; the bot's
// code runs in a srcdoc frame inside it (see that page). The page hands the frame its HTML and
// data, carries its queries to the bot (the person's sendWidgetQuery) and the answers back,
// follows a shared widget's public data (getWidgetData, every `cache_time` seconds while shown)
// and sizes a widget without a fixed height as its content asks (50-600 px).

import { el } from './ui.js';
import { S } from './state.js';

/** The widget frames on the page: each frame's element, its message, the data it was given. */
const shown = new Set();
let listening = false;

const clamp = (n, lo, hi) => Math.min(hi, Math.max(lo, n));

function entryOf(source) {
  for (const entry of shown) {
    if (!entry.frame.isConnected) shown.delete(entry);
    else if (entry.frame.contentWindow === source) return entry;
  }
  return null;
}

async function onMessage(event) {
  const entry = entryOf(event.source);
  const d = event.data;
  if (!entry || !d || typeof d !== 'object') return;
  const { m, frame } = entry;
  const post = (message) => frame.contentWindow?.postMessage(message, '*');
  if (d.type === 'ready') {
    post({ type: 'widget', html: m.widget.html, publicData: entry.publicData, chatData: entry.chatData });
  } else if (d.type === 'request') {
    try {
      const r = await S.person.call('sendWidgetQuery', { chat_id: m.chat.id, message_id: m.message_id, data: String(d.data) }, { quiet: true });
      post(r?.answered ? { type: 'answer', id: d.id, ok: true, result: r.data ?? '' } : { type: 'answer', id: d.id, ok: false, error: 'the bot did not answer' });
    } catch (e) {
      post({ type: 'answer', id: d.id, ok: false, error: e.message });
    }
  } else if (d.type === 'size' && m.widget.height == null && Number.isFinite(d.height)) {
    frame.style.height = `${clamp(Math.ceil(d.height), 50, 600)}px`;
  }
}

/** A shared widget's public data, asked again every `cache_time` seconds while it is shown. */
function follow(entry) {
  const again = async () => {
    if (!entry.frame.isConnected) return;
    let wait = 30;
    try {
      const r = await S.person.call('getWidgetData', { chat_id: entry.m.chat.id, message_id: entry.m.message_id }, { quiet: true });
      wait = r.cache_time || 30;
      if (r.public_data !== entry.publicData) {
        entry.publicData = r.public_data;
        entry.frame.contentWindow?.postMessage({ type: 'data', publicData: entry.publicData, chatData: entry.chatData }, '*');
      }
    } catch { /* shown again on the next turn */ }
    setTimeout(again, clamp(wait, 5, 3600) * 1000);
  };
  setTimeout(again, 5000);
}

/** The frame of message `m`'s widget. */
export function renderWidget(m) {
  if (!listening) {
    window.addEventListener('message', onMessage);
    listening = true;
  }
  const w = m.widget;
  const frame = el('iframe', { class: 'widget-frame', sandbox: 'allow-scripts', src: 'widget-host.html', title: 'Widget', referrerpolicy: 'no-referrer' });
  frame.style.height = `${clamp(w.height ?? 150, 50, 600)}px`;
  if (w.width != null) frame.style.width = `${Math.max(200, w.width)}px`;
  const entry = { m, frame, publicData: w.public_data ?? '', chatData: w.chat_data ?? '' };
  shown.add(entry);
  if (w.id) follow(entry);
  return el('div', { class: 'widget' }, frame);
}

// rich.js — a rich message (Bot API 10.1-10.3) as DOM: its blocks (paragraphs, headings,
// preformatted text, lists with checkboxes, quotations, collages and slideshows, tables,
// details, maps, buttons, media) and rich texts (the 26 kinds). Everything the bot wrote goes in
// through textContent; links open only when their scheme is allowed; anchors and references
// scroll inside the message. The message's media and buttons are drawn by render.js, which
// hands its own builders in (`tools`), so this module imports nothing of it.
import { el } from './ui.js';

/** The name of a person (a text_mention's user). */
const personName = (u) => [u?.first_name, u?.last_name].filter(Boolean).join(' ') || 'someone';

/** Rich text as a DocumentFragment. */
function text(rt, ctx) {
  const frag = document.createDocumentFragment();
  if (rt == null) return frag;
  if (typeof rt === 'string') { frag.append(rt); return frag; }
  if (Array.isArray(rt)) { for (const part of rt) frag.append(text(part, ctx)); return frag; }
  const inner = () => text(rt.text, ctx);
  const wrap = (tag, attrs) => el(tag, attrs || null, inner());
  switch (rt.type) {
    case 'bold': return wrap('strong');
    case 'italic': return wrap('em');
    case 'underline': return wrap('u');
    case 'strikethrough': return wrap('s');
    case 'subscript': return wrap('sub');
    case 'superscript': return wrap('sup');
    case 'marked': return wrap('mark');
    case 'code': return wrap('code');
    case 'spoiler': {
      const s = el('span', { class: 'spoiler', tabindex: '0', role: 'button', title: 'Spoiler: show' }, inner());
      s.addEventListener('click', () => s.classList.add('revealed'));
      return s;
    }
    case 'custom_emoji': return el('span', { class: 'custom-emoji', text: rt.alternative_text });
    case 'mathematical_expression': return el('code', { class: 'math', text: rt.expression, title: 'LaTeX' });
    case 'date_time': return el('time', { title: new Date(rt.unix_time * 1000).toLocaleString() }, inner());
    case 'url': {
      const href = ctx.safeUrl(rt.url);
      return href ? el('a', { href, target: '_blank', rel: 'noopener noreferrer', title: href }, inner())
        : wrap('span', { class: 'unsafe-link', title: 'Link not opened' });
    }
    case 'email_address': return wrap('span', { class: 'email', title: rt.email_address });
    case 'phone_number': return wrap('span', { class: 'phone_number', title: rt.phone_number });
    case 'bank_card_number': return wrap('span', { class: 'bank_card_number' });
    case 'mention': return wrap('span', { class: 'mention', title: `@${rt.username}` });
    case 'text_mention': return wrap('span', { class: 'mention', title: personName(rt.user) });
    case 'hashtag': return wrap('span', { class: 'hashtag' });
    case 'cashtag': return wrap('span', { class: 'cashtag' });
    case 'bot_command': return wrap('span', { class: 'command' });
    case 'button': return ctx.button(rt.button);
    case 'anchor': return el('span', { class: 'rich-anchor', 'data-anchor': rt.name });
    case 'reference': return el('span', { class: 'rich-reference', 'data-reference': rt.name }, inner());
    case 'anchor_link': return jump(inner(), 'data-anchor', rt.anchor_name, ctx);
    case 'reference_link': return el('sup', null, jump(inner(), 'data-reference', rt.reference_name, ctx));
    default: return frag;
  }
}

/** A link that scrolls to the anchor or reference named `name` in the same message (its top
 *  when the name is empty). */
function jump(content, attribute, name, ctx) {
  const a = el('a', { href: '#', class: 'rich-jump' }, content);
  a.addEventListener('click', (ev) => {
    ev.preventDefault();
    const root = ctx.root();
    const target = name ? [...root.querySelectorAll(`[${attribute}]`)].find((n) => n.getAttribute(attribute) === name) : root;
    target?.scrollIntoView({ block: 'center' });
  });
  return a;
}

/** A block's caption: its text and credit. */
function caption(c, ctx) {
  if (!c) return null;
  return el('figcaption', null, text(c.text, ctx), c.credit ? el('cite', null, text(c.credit, ctx)) : null);
}

function blocks(list, ctx) {
  return (list || []).map((b) => block(b, ctx));
}

function block(b, ctx) {
  const media = (fields, label) => el('figure', { class: 'rich-media', 'aria-label': label }, ctx.media(fields), caption(b.caption, ctx));
  switch (b.type) {
    case 'paragraph': return el('p', { class: 'rich-p' }, text(b.text, ctx));
    case 'heading': return el('div', { class: `rich-h rich-h${Math.min(6, Math.max(1, b.size | 0))}`, role: 'heading', 'aria-level': String(b.size) }, text(b.text, ctx));
    case 'pre': return el('pre', { class: 'rich-pre' }, b.language ? el('span', { class: 'lang', text: b.language }) : null, el('code', null, text(b.text, ctx)));
    case 'footer': return el('footer', { class: 'rich-footer' }, text(b.text, ctx));
    case 'divider': return el('hr');
    case 'mathematical_expression': return el('div', { class: 'rich-math' }, el('code', { class: 'math', text: b.expression, title: 'LaTeX' }));
    case 'anchor': return el('span', { class: 'rich-anchor', 'data-anchor': b.name });
    case 'list': {
      const ordered = (b.items || []).some((i) => i.type);
      return el(ordered ? 'ol' : 'ul', { class: 'rich-list' }, (b.items || []).map((i) => el('li', null,
        el('span', { class: 'rich-label', 'aria-hidden': 'true', text: i.has_checkbox ? (i.is_checked ? '☑' : '☐') : i.label }),
        el('div', { class: 'rich-item' }, blocks(i.blocks, ctx)))));
    }
    case 'blockquote': return el('blockquote', { class: 'rich-quote' }, blocks(b.blocks, ctx), b.credit ? el('cite', null, text(b.credit, ctx)) : null);
    case 'expandable_blockquote':
      return el('details', { class: 'rich-quote expandable' }, el('summary', { text: 'Quotation' }), el('div', null, text(b.text, ctx)), b.credit ? el('cite', null, text(b.credit, ctx)) : null);
    case 'pullquote': return el('aside', { class: 'rich-pullquote' }, el('div', null, text(b.text, ctx)), b.credit ? el('cite', null, text(b.credit, ctx)) : null);
    case 'collage': return el('figure', { class: 'rich-collage' }, el('div', { class: 'rich-grid' }, blocks(b.blocks, ctx)), caption(b.caption, ctx));
    case 'slideshow': return el('figure', { class: 'rich-slideshow', 'aria-label': 'Slideshow' }, el('div', { class: 'rich-slides' }, blocks(b.blocks, ctx)), caption(b.caption, ctx));
    case 'table': return table(b, ctx);
    case 'details': {
      const d = el('details', { class: 'rich-details' }, el('summary', null, text(b.summary, ctx)), blocks(b.blocks, ctx));
      d.open = !!b.is_open;
      return d;
    }
    case 'map': {
      const lat = Number(b.location?.latitude).toFixed(5);
      const lon = Number(b.location?.longitude).toFixed(5);
      const href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${b.zoom | 0}/${lat}/${lon}`;
      return el('figure', { class: 'rich-map location' }, el('div', { text: `📍 ${lat}, ${lon} · zoom ${b.zoom}` }),
        el('a', { href, target: '_blank', rel: 'noopener noreferrer', text: 'Open in OpenStreetMap' }), caption(b.caption, ctx));
    }
    case 'buttons': return el('div', { class: `kb-row rich-buttons align-${b.align || 'left'}` }, (b.buttons || []).map((x) => ctx.button(x)));
    case 'photo': return media({ photo: b.photo, has_media_spoiler: b.has_spoiler }, 'Photo');
    case 'video': return media({ video: b.video }, 'Video');
    case 'animation': return media({ animation: b.animation }, 'GIF');
    case 'audio': return media({ audio: b.audio }, 'Audio');
    case 'voice_note': return media({ voice: b.voice_note }, 'Voice message');
    case 'document': return media({ document: b.document }, 'File');
    case 'thinking': return el('div', { class: 'rich-thinking muted' }, text(b.text, ctx));
    default: return el('div', { class: 'muted', text: `(${String(b.type)})` });
  }
}

function table(b, ctx) {
  const t = el('table', { class: ['rich-table', b.is_bordered ? 'bordered' : '', b.is_striped ? 'striped' : '', b.is_compact ? 'compact' : ''].filter(Boolean).join(' ') });
  if (b.caption != null) t.append(el('caption', null, text(b.caption, ctx)));
  for (const row of b.cells || []) {
    const tr = el('tr');
    for (const c of row || []) {
      const cell = el(c.is_header ? 'th' : 'td', { class: `align-${c.align} valign-${c.valign}${c.text == null ? ' invisible' : ''}` }, text(c.text, ctx));
      if (c.colspan > 1) cell.colSpan = c.colspan;
      if (c.rowspan > 1) cell.rowSpan = c.rowspan;
      tr.append(cell);
    }
    t.append(tr);
  }
  return el('div', { class: 'rich-table-wrap' }, t);
}

/** The rich message `rich` as one element. `tools` draws what render.js knows: `media(fields)`
 *  (a message-shaped object holding one file), `button(b)` (a keyboard button), `safeUrl`. */
export function renderRich(rich, tools) {
  let root = null;
  const ctx = { ...tools, root: () => root };
  root = el('div', { class: 'rich', dir: rich?.is_rtl ? 'rtl' : 'auto' }, blocks(rich?.blocks, ctx));
  return root;
}

/** A one-line summary of a rich message (chat list, replies): its first text. */
export function richPreview(rich) {
  const flat = (rt) => (rt == null ? '' : typeof rt === 'string' ? rt : Array.isArray(rt) ? rt.map(flat).join('')
    : rt.text != null ? flat(rt.text) : rt.alternative_text || rt.expression || '');
  for (const b of rich?.blocks || []) {
    const t = flat(b.text ?? b.summary ?? null).trim();
    if (t) return t;
  }
  return 'Rich message';
}

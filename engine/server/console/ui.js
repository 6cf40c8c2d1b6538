// ui.js — DOM helpers shared by every module: element building (textContent only, never HTML
// strings), toasts, the alert dialog, small labelled form dialogs, listboxes and clipboard copy.

/** Builds an element: props are properties (or attributes for aria-*, role, data-*, for),
 *  `class`, `text`, `dataset` and `on<event>` listeners; children are nodes or strings. */
export function el(tag, props, ...kids) {
  const n = document.createElement(tag);
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v == null || v === false) continue;
      if (k === 'class') n.className = v;
      else if (k === 'text') n.textContent = String(v);
      else if (k === 'dataset') Object.assign(n.dataset, v);
      else if (k.startsWith('on') && typeof v === 'function') n.addEventListener(k.slice(2), v);
      else if (k.startsWith('aria-') || k.startsWith('data-') || k === 'role' || k === 'for' || !(k in n)) {
        n.setAttribute(k, v === true ? '' : String(v));
      } else n[k] = v;
    }
  }
  append(n, kids);
  return n;
}

function append(n, kids) {
  for (const c of kids) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(n, c);
    else n.append(c instanceof Node ? c : String(c));
  }
}

export const $ = (sel, root = document) => root.querySelector(sel);

let toastBox = null;
/** A short message at the bottom of the screen that goes away after 3 s. */
export function toast(message, kind = 'info') {
  if (!toastBox) {
    toastBox = el('div', { class: 'toasts' });
    document.body.append(toastBox);
  }
  const t = el('div', { role: 'status', class: `toast ${kind}`, text: message });
  toastBox.append(t);
  setTimeout(() => t.remove(), 3000);
  return t;
}

/** A modal alert (a bot's show_alert answer): resolves when closed. */
export function alertDialog(message) {
  return new Promise((resolve) => {
    const ok = el('button', { type: 'button', class: 'primary', text: 'OK' });
    const text = el('p', { id: uid('alert'), text: message });
    const d = el('dialog', { role: 'alertdialog', class: 'alert', 'aria-modal': 'true', 'aria-labelledby': text.id }, text, el('div', { class: 'row end' }, ok));
    ok.addEventListener('click', () => d.close());
    d.addEventListener('close', () => { d.remove(); resolve(); });
    document.body.append(d);
    d.showModal();
    ok.focus();
  });
}

let counter = 0;
export const uid = (p) => `${p}-${++counter}`;

/** A modal dialog with a title and a close button; `build(body, close)` fills it. */
export function modal(title, build, cls = '') {
  const h = el('h2', { id: uid('dlg'), text: title });
  const close = el('button', { type: 'button', class: 'icon close', 'aria-label': 'Close', text: '✕' });
  const body = el('div', { class: 'dialog-body' });
  const d = el('dialog', { class: `modal ${cls}`, 'aria-labelledby': h.id }, el('header', null, h, close), body);
  close.addEventListener('click', () => d.close());
  d.addEventListener('close', () => d.remove());
  document.body.append(d);
  build(body, () => d.close(), d);
  d.showModal();
  return d;
}

/** A bot's Mini App at `href` (an http(s) address already checked), in a sandboxed frame, with
 *  its launch data in the fragment as the platform's apps pass it. */
export function miniApp(href, initData, title = 'Mini App') {
  const u = new URL(href);
  u.hash = `tgWebAppData=${encodeURIComponent(initData || '')}&tgWebAppVersion=9.5&tgWebAppPlatform=web`;
  return modal(title, (body) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts allow-forms');
    frame.title = title;
    frame.className = 'webapp-frame';
    frame.src = u.href;
    body.append(frame);
  }, 'webapp');
}

/** A field of a form: {name, label, type, value, checked, required, options, placeholder}. */
function field(f) {
  const id = uid('f');
  if (f.type === 'checkbox') {
    return el('label', { class: 'check' }, el('input', { type: 'checkbox', id, name: f.name, checked: !!f.checked }), ' ', f.label);
  }
  if (f.type === 'checkboxes') {
    return el('fieldset', { class: 'checks', 'data-name': f.name }, el('legend', { text: f.label }),
      f.options.length ? f.options.map((o) => el('label', { class: 'check' },
        el('input', { type: 'checkbox', value: String(o.value), checked: !!o.checked }), ' ', o.label))
        : el('p', { class: 'muted', text: 'Nobody to choose.' }));
  }
  let input;
  if (f.type === 'select') {
    input = el('select', { id, name: f.name }, f.options.map((o) => el('option', { value: String(o.value), text: o.label, selected: o.value === f.value })));
  } else if (f.type === 'textarea') {
    input = el('textarea', { id, name: f.name, rows: 4, value: f.value ?? '', required: !!f.required, placeholder: f.placeholder });
  } else {
    input = el('input', { id, name: f.name, type: f.type || 'text', value: f.value ?? '', required: !!f.required, placeholder: f.placeholder, step: f.step, maxLength: f.maxlength, autocomplete: 'off' });
  }
  return el('div', { class: 'field' }, el('label', { for: id, text: f.label }), input);
}

function readForm(form, fields) {
  const out = {};
  for (const f of fields) {
    if (f.type === 'checkboxes') {
      const set = form.querySelector(`fieldset[data-name="${f.name}"]`);
      out[f.name] = [...set.querySelectorAll('input:checked')].map((i) => i.value);
    } else {
      const input = form.elements.namedItem(f.name);
      out[f.name] = f.type === 'checkbox' ? input.checked : input.value;
    }
  }
  return out;
}

/** A modal form; resolves with the values, or null when cancelled. `submit(values)` may run
 *  the action and return false to keep the dialog open (e.g. after an error). */
export function formDialog({ title, fields, submitLabel = 'OK', submit }) {
  return new Promise((resolve) => {
    let result = null;
    modal(title, (body, close) => {
      const button = el('button', { type: 'submit', class: 'primary', text: submitLabel });
      const form = el('form', { class: 'form', novalidate: false }, fields.map(field), el('div', { class: 'row end' }, button));
      form.addEventListener('submit', async (e) => {
        e.preventDefault();
        const values = readForm(form, fields);
        if (submit) {
          button.disabled = true;
          let keep = false;
          try { keep = (await submit(values)) === false; } catch { keep = true; }
          button.disabled = false;
          if (keep) return;
        }
        result = values;
        close();
      });
      body.append(form);
    }).addEventListener('close', () => resolve(result));
  });
}

/** Copies text; falls back to selecting it in `input` for a manual copy. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    toast('Copied');
  } catch {
    if (input) { input.focus(); input.select(); }
    try { document.execCommand('copy'); toast('Copied'); } catch { toast('Press Ctrl+C to copy'); }
  }
}

/** A read-only secret/link field with a copy button. */
export function copyField(label, value, buttonLabel = 'Copy') {
  const id = uid('c');
  const input = el('input', { id, type: 'text', readOnly: true, value, class: 'mono' });
  const b = el('button', { type: 'button', text: buttonLabel, onclick: () => copyText(input.value, input) });
  return el('div', { class: 'field copy' }, el('label', { for: id, text: label }), el('div', { class: 'row' }, input, b));
}

/** A listbox driven from a text field (aria-activedescendant): arrows move, Enter chooses. */
export class Listbox {
  constructor(label, owner, onChoose) {
    this.ul = el('ul', { role: 'listbox', 'aria-label': label, class: 'listbox', hidden: true, id: uid('lb') });
    this.owner = owner;
    this.items = [];
    this.active = -1;
    this.onChoose = onChoose;
    this.ul.addEventListener('mousedown', (e) => e.preventDefault());
  }
  get open() { return !this.ul.hidden && this.items.length > 0; }
  set(items, keepActive = false, activeFirst = false) {
    const prev = keepActive ? this.active : -1;
    this.ul.replaceChildren();
    this.items = items;
    items.forEach((it, i) => {
      const li = el('li', { role: 'option', id: uid('opt'), 'aria-selected': 'false' }, it.node);
      li.addEventListener('click', () => this.onChoose(it.value));
      it.li = li;
      this.ul.append(li);
    });
    this.ul.hidden = items.length === 0;
    // The owner is a text box: it names the list it controls and its active option
    // (aria-expanded belongs to comboboxes, which a multi-line text box is not).
    if (this.ul.hidden) this.owner.removeAttribute('aria-controls');
    else this.owner.setAttribute('aria-controls', this.ul.id);
    this.select(prev >= 0 ? Math.min(prev, items.length - 1) : (activeFirst && items.length ? 0 : -1));
  }
  add(items) {
    const keep = this.active;
    this.set(this.items.concat(items), false);
    this.select(keep);
  }
  select(i) {
    this.items.forEach((it, j) => it.li.setAttribute('aria-selected', String(i === j)));
    this.active = i;
    if (i >= 0 && this.items[i]) {
      this.owner.setAttribute('aria-activedescendant', this.items[i].li.id);
      this.items[i].li.scrollIntoView({ block: 'nearest' });
    } else this.owner.removeAttribute('aria-activedescendant');
  }
  close() { this.set([]); }
  /** Handles a keydown of the owner; true when consumed. */
  key(e) {
    if (!this.open) return false;
    const n = this.items.length;
    if (e.key === 'ArrowDown') { this.select((this.active + 1) % n); return true; }
    if (e.key === 'ArrowUp') { this.select(this.active <= 0 ? n - 1 : this.active - 1); return true; }
    if (e.key === 'Escape') { this.close(); return true; }
    if (e.key === 'Enter' && !e.shiftKey) {
      if (this.active >= 0) { this.onChoose(this.items[this.active].value); return true; }
    }
    return false;
  }
}

export function fmtTime(unix) {
  const d = new Date(unix * 1000);
  const now = new Date();
  const same = d.toDateString() === now.toDateString();
  return same ? d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString([], { day: 'numeric', month: 'short' });
}

export function fmtSize(n) {
  if (n == null) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1048576) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1048576).toFixed(1)} MB`;
}

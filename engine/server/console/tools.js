// tools.js — the operator's testing tools: the clock control (a manual clock's time and buttons
// that advance it), a bot's call log (filtered, live while open) and its fault rules (listed,
// added, removed). Everything a bot sent or received is shown as text.
import { el, modal, toast } from './ui.js';
import { S } from './state.js';

// ---------------------------------------------------------------- the clock

const STEPS = [['+1 min', 60], ['+1 h', 3600], ['+1 day', 86400], ['+30 days', 30 * 86400]];

/** Shows the clock control in the top bar when the server's clock is manual. */
export async function initClock() {
  const box = document.getElementById('clock');
  if (!box) return;
  box.hidden = true;
  if (!S.operator) return;
  let clock;
  try { clock = await S.operator.call('getClock'); } catch { return; }
  if (!clock.manual) return;
  const time = el('span', { class: 'clock-time', 'aria-live': 'polite' });
  const show = (now) => { time.textContent = `🕒 ${new Date(now * 1000).toISOString().replace('T', ' ').slice(0, 16)} UTC`; };
  show(clock.now);
  const buttons = STEPS.map(([label, seconds]) => el('button', {
    type: 'button', text: label, 'aria-label': `Advance the clock ${label.slice(1)}`,
    onclick: async () => {
      try { show((await S.operator.call('advanceClock', { seconds })).now); } catch { /* toast shown */ }
    },
  }));
  box.replaceChildren(time, ...buttons);
  box.hidden = false;
}

// ---------------------------------------------------------------- the call log

function callLine(call) {
  const when = new Date(call.date * 1000).toISOString().slice(11, 23);
  const fault = call.fault != null ? ` · fault ${call.fault}` : '';
  const summary = el('summary', null,
    el('span', { class: 'call-seq muted', text: `#${call.seq}` }), ' ',
    el('span', { class: 'muted', text: when }), ' ',
    el('strong', { text: call.method }), ' ',
    el('span', { class: call.status === 200 ? 'call-ok' : 'call-failed', text: String(call.status) }),
    el('span', { class: 'muted', text: ` · ${call.duration_ms.toFixed(1)} ms${fault}` }));
  const answer = call.error ? call.error : call.result;
  return el('details', { class: 'call', 'data-seq': String(call.seq) }, summary,
    el('pre', { class: 'call-detail', text: `params ${JSON.stringify(call.params, null, 1)}${call.files ? `\nfiles ${JSON.stringify(call.files)}` : ''}\n→ ${JSON.stringify(answer, null, 1)}` }));
}

/** A bot's call log: the last calls, filtered by method and outcome, new ones as they come. */
export function callsPanel(bot) {
  modal(`Calls of @${bot.username}`, (body, _close, dialog) => {
    const method = el('input', { id: 'calls-method', placeholder: 'any method', autocomplete: 'off' });
    const outcome = el('select', { id: 'calls-status' },
      el('option', { value: '', text: 'all' }), el('option', { value: '200', text: 'answered 200' }),
      el('option', { value: 'failed', text: 'failed' }));
    const list = el('div', { class: 'calls', role: 'list', 'aria-label': 'Calls' });
    let last = 0;
    let generation = 0;
    const wanted = (call) => (!method.value.trim() || call.method.toLowerCase() === method.value.trim().toLowerCase())
      && (!outcome.value || (outcome.value === 'failed' ? call.status !== 200 : String(call.status) === outcome.value));
    const add = (calls) => {
      for (const call of calls) {
        last = Math.max(last, call.seq);
        if (wanted(call)) list.prepend(el('div', { role: 'listitem' }, callLine(call)));
      }
    };
    const follow = async (mine) => {
      while (dialog.open && mine === generation) {
        try {
          const calls = await S.operator.call('getCalls', { bot_id: bot.id, after: last, wait: 20 });
          if (mine === generation) add(calls);
        } catch { return; }
      }
    };
    const reload = async () => {
      const mine = ++generation;
      list.replaceChildren();
      last = 0;
      try { add(await S.operator.call('getCalls', { bot_id: bot.id, limit: 200 })); } catch { return; }
      if (!list.children.length) list.append(el('p', { class: 'muted', text: 'No calls yet.' }));
      follow(mine);
    };
    method.addEventListener('change', reload);
    outcome.addEventListener('change', reload);
    dialog.addEventListener('close', () => { generation += 1; });
    body.append(el('div', { class: 'row' },
      el('label', { for: 'calls-method', text: 'Method' }), method,
      el('label', { for: 'calls-status', text: 'Outcome' }), outcome), list);
    reload();
  }, 'wide');
}

// ---------------------------------------------------------------- fault rules

const KINDS = [
  ['429', '429 Too Many Requests (retry_after)'], ['502', '502 Bad Gateway'], ['500', '500 Internal Server Error'],
  ['409', '409 Conflict (another getUpdates)'], ['403', '403 Forbidden'], ['delay', 'a delay'],
  ['close', 'connection closed without an answer'], ['truncate', 'answer cut short'],
];

function ruleLine(rule) {
  const what = rule.error ? `${rule.error.code}${rule.error.retry_after ? ` (retry after ${rule.error.retry_after})` : ''}`
    : rule.close ? 'close' : rule.truncate ? 'truncate' : `delay ${rule.delay_ms} ms`;
  const left = rule.times_left != null ? `, ${rule.times_left} left` : '';
  return `#${rule.id} ${rule.place || 'call'} ${rule.method || '*'} → ${what}${rule.delay_ms && !what.startsWith('delay') ? ` after ${rule.delay_ms} ms` : ''} · fired ${rule.fired}${left}`;
}

/** A bot's fault rules: listed with a Remove button each, and a form for a new one. */
export function faultsPanel(bot) {
  modal(`Faults of @${bot.username}`, (body) => {
    const list = el('ul', { class: 'plain faults' });
    const fill = async () => {
      let rules;
      try { rules = (await S.operator.call('listFaults')).filter((r) => r.bot_id === bot.id); } catch { return; }
      list.replaceChildren(...rules.map((r) => el('li', { class: 'row between' }, el('span', { text: ruleLine(r) }),
        el('button', { type: 'button', text: 'Remove', 'aria-label': `Remove fault ${r.id}`, onclick: async () => {
          try { await S.operator.call('clearFaults', { id: r.id }); await fill(); } catch { /* toast shown */ }
        } }))));
      if (!rules.length) list.append(el('li', { class: 'muted', text: 'No fault rules.' }));
    };
    const method = el('input', { id: 'fault-method', value: '*', autocomplete: 'off' });
    const place = el('select', { id: 'fault-place' }, ['call', 'download', 'webhook'].map((p) => el('option', { value: p, text: p })));
    const kind = el('select', { id: 'fault-kind' }, KINDS.map(([v, label]) => el('option', { value: v, text: label })));
    const delay = el('input', { id: 'fault-delay', type: 'number', min: '0', value: '0' });
    const times = el('input', { id: 'fault-times', type: 'number', min: '0', value: '1' });
    const field = (input, label) => el('div', { class: 'field' }, el('label', { for: input.id, text: label }), input);
    const add = el('button', { type: 'submit', class: 'primary', text: 'Add fault' });
    const form = el('form', { class: 'form inline-form', 'aria-label': 'New fault' },
      field(method, 'Method (*, a name, or a family such as send*)'), field(place, 'Where'), field(kind, 'What happens'),
      field(delay, 'Delay (ms)'), field(times, 'Times (0: until removed)'), el('div', { class: 'row end' }, add));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const rule = { bot_id: bot.id, method: method.value.trim() || '*', place: place.value };
      const ms = Number(delay.value) || 0;
      if (ms > 0) rule.delay_ms = ms;
      if (/^\d+$/.test(kind.value)) rule.error = kind.value === '429' ? { code: 429, retry_after: 5 } : { code: Number(kind.value) };
      else if (kind.value === 'close') rule.close = true;
      else if (kind.value === 'truncate') rule.truncate = true;
      else if (!ms) rule.delay_ms = 1000;
      if (Number(times.value) > 0) rule.times = Number(times.value);
      add.disabled = true;
      try {
        await S.operator.call('addFault', { rule: JSON.stringify(rule) });
        toast('Fault added');
        await fill();
      } catch { /* toast shown */ }
      add.disabled = false;
    });
    body.append(list, form);
    fill();
  });
}

// Turnkeeper sandbox: a small Discord-like client for the local Discord (no build step).
const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k === 'html') node.innerHTML = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
};

const fill = (node, ...children) => node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));

const params = new URLSearchParams(location.search);
const S = {
  user: params.get('user') || localStorage.getItem('tk.user') || 'alice',
  lang: params.get('lang') === 'es' ? 'es' : 'en',
  channelId: params.get('channel') || null,
  snap: null,
  strings: {},
  messages: [],
  unread: new Map(),
  suggestions: [],
  active: 0,
  busy: false,
  awaitingThreadUntil: 0,
  acSeq: 0,
};

// ---------- i18n ----------
function t(key, vars = {}) {
  const value = key.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), S.strings);
  const text = typeof value === 'string' ? value : key.split('.').pop();
  return text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(vars[name] ?? ''));
}
async function loadStrings() {
  S.strings = await (await fetch(`/sandbox/api/strings?lang=${S.lang}`)).json();
  document.documentElement.lang = S.lang;
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  document.title = t('sandbox.title');
}

// ---------- API ----------
async function api(path, body) {
  const res = await fetch(`/sandbox/api/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

// ---------- helpers ----------
const COLORS = ['#5865f2', '#eb459e', '#3ba55c', '#faa61a', '#ed4245', '#9b59b6', '#1abc9c', '#e67e22'];
const colorOf = (id) => COLORS[Number(BigInt(id || '0') % BigInt(COLORS.length))];
const avatar = (user, small) => el('span', { class: `avatar${small ? ' small' : ''}`, style: `background:${user.bot ? '#5865f2' : colorOf(user.id)}`, text: (user.name || '?')[0].toUpperCase() });
const userById = (id) => S.snap?.users.find((u) => u.id === id) || (S.snap?.bot.id === id ? { ...S.snap.bot, bot: true } : null);
const allChannels = () => (S.snap?.guilds || []).flatMap((g) => g.channels.flatMap((c) => [c, ...c.threads]));
const channelById = (id) => allChannels().find((c) => c.id === id);
const me = () => S.snap?.me;
const isDm = () => S.channelId && S.channelId === S.snap?.dmChannelId;
const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function markdown(text) {
  let html = escapeHtml(text || '');
  const codes = [];
  html = html.replace(/`([^`]+)`/g, (_, code) => `\u0000${codes.push(code) - 1}\u0000`);
  html = html
    .replace(/^#{1,3} (.+)$/gm, '<b>$1</b>')
    .replace(/\*\*(.+?)\*\*/g, '<b>$1</b>')
    .replace(/__(.+?)__/g, '<u>$1</u>')
    .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1<i>$2</i>')
    .replace(/~~(.+?)~~/g, '<s>$1</s>')
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(userById(id)?.name || 'unknown')}</span>`)
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => `<span class="mention channel-link" data-channel="${id}">#${escapeHtml(channelById(id)?.name || 'channel')}</span>`)
    .replace(/&lt;t:(\d+)(?::\w)?&gt;/g, (_, s) => new Date(Number(s) * 1000).toLocaleString(S.lang));
  return html.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

// ---------- loading ----------
async function loadState() {
  S.snap = await api(`state?user=${encodeURIComponent(S.user)}`);
  if (!S.snap.me && S.snap.users[0]) {
    S.user = S.snap.users[0].name;
    S.snap = await api(`state?user=${encodeURIComponent(S.user)}`);
  }
  if (!S.channelId || (!channelById(S.channelId) && S.channelId !== S.snap.dmChannelId)) S.channelId = S.snap.defaultChannelId;
  renderSidebar();
  renderTopbar();
}
let msgLoad = 0;
async function loadMessages() {
  const ticket = ++msgLoad;
  const out = await api(`messages?channel=${S.channelId}&user=${encodeURIComponent(S.user)}`);
  if (ticket !== msgLoad) return;
  S.messages = out.messages || [];
  renderMessages();
}

// ---------- sidebar ----------
function renderSidebar() {
  const snap = S.snap;
  $('guild-name').textContent = snap.guilds[0]?.name || '';
  const nav = $('channels');
  fill(nav);
  for (const guild of snap.guilds) {
    if (snap.guilds.length > 1) nav.append(el('div', { class: 'section-title', text: guild.name }));
    nav.append(el('div', { class: 'section-title', text: t('sandbox.channels') }));
    for (const channel of guild.channels) {
      nav.append(channelButton(channel, '#', ''));
      for (const thread of channel.threads) nav.append(channelButton(thread, '↳', 'thread'));
    }
  }
  const dm = $('dm-link');
  fill(dm, el('span', { class: 'icon', text: '✉' }), el('span', { text: t('sandbox.dmWith', { name: snap.bot.name }) }), badge(snap.dmChannelId));
  dm.classList.toggle('active', isDm());
  dm.disabled = !snap.dmChannelId;
  dm.title = snap.dmChannelId ? '' : t('sandbox.noDms');
  dm.onclick = () => snap.dmChannelId && go(snap.dmChannelId);
  const switcher = $('user-switch');
  fill(
    switcher,
    ...snap.users.map((u) => el('option', { value: u.name, selected: u.name === S.user, text: u.name })),
    el('option', { value: '__add', text: t('sandbox.addUser') }),
  );
  $('me-avatar').replaceWith(Object.assign(avatar(snap.me || { id: '0', name: '?' }, true), { id: 'me-avatar' }));
  $('refuse-dms').checked = !!snap.users.find((u) => u.name === S.user)?.refusesDms;
  $('lang').value = S.lang;
}
function badge(id) {
  const n = id ? S.unread.get(id) || 0 : 0;
  return n > 0 && id !== S.channelId ? el('span', { class: 'badge', text: String(n) }) : null;
}
function channelButton(channel, icon, kind) {
  return el(
    'button',
    { type: 'button', class: `channel ${kind}${channel.id === S.channelId ? ' active' : ''}`, 'data-channel': channel.id, onclick: () => go(channel.id) },
    el('span', { class: 'icon', text: icon }),
    el('span', { class: 'name', text: channel.name }),
    badge(channel.id),
  );
}
function go(channelId) {
  S.channelId = channelId;
  S.unread.delete(channelId);
  const url = new URL(location.href);
  url.searchParams.set('channel', channelId);
  url.searchParams.set('user', S.user);
  history.replaceState(null, '', url);
  renderSidebar();
  renderTopbar();
  hideSuggest();
  void loadMessages();
}

function renderTopbar() {
  const dm = isDm();
  const channel = channelById(S.channelId);
  $('channel-icon').textContent = dm ? '✉' : channel?.parentId ? '↳' : '#';
  $('channel-title').textContent = dm ? S.snap.bot.name : channel?.name || '';
  $('channel-sub').textContent = channel?.parentId ? `#${channelById(channel.parentId)?.name || ''}` : '';
  const input = $('input');
  input.disabled = dm || S.busy;
  input.placeholder = dm ? t('sandbox.composerDm') : t('sandbox.composerPlaceholder', { channel: channel?.name || '' });
  $('send').disabled = dm || S.busy;
}

// ---------- messages ----------
function renderMessages() {
  const box = $('messages');
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  fill(box);
  if (S.messages.length === 0) box.append(el('div', { class: 'empty', text: t('sandbox.empty') }));
  for (const m of S.messages) box.append(renderMessage(m));
  if (atBottom || box.dataset.channel !== S.channelId) box.scrollTop = box.scrollHeight;
  box.dataset.channel = S.channelId;
}
function renderMessage(m) {
  const author = { ...m.author, name: m.author.bot ? S.snap.bot.name : m.author.name };
  const mentionsMe = me() && m.content.includes(`<@${me().id}>`);
  const body = el(
    'div',
    { class: 'msg-body' },
    el('div', { class: 'msg-head' }, el('span', { class: 'author', text: author.name }), author.bot ? el('span', { class: 'tag', text: t('sandbox.bot') }) : null, el('span', { class: 'time', text: new Date(m.timestamp).toLocaleTimeString(S.lang, { hour: '2-digit', minute: '2-digit' }) })),
    m.loading ? el('div', { class: 'thinking', text: t('sandbox.thinking', { bot: S.snap.bot.name }) }) : null,
    m.content ? el('div', { class: 'content', html: markdown(m.content) + (m.edited ? `<span class="edited">${escapeHtml(t('sandbox.edited'))}</span>` : '') }) : null,
    ...m.embeds.map((e) => renderEmbed(e, m)),
    renderAttachments(m),
    ...renderComponents(m.components, m),
    m.ephemeral ? el('div', { class: 'note', text: t('sandbox.onlyYou') }) : null,
  );
  return el('article', { class: `msg${m.ephemeral ? ' ephemeral' : ''}${mentionsMe && !m.ephemeral ? ' mentions-me' : ''}`, 'data-id': m.id }, avatar(author), body);
}
function attachmentUrl(url, m) {
  if (typeof url === 'string' && url.startsWith('attachment://')) return m.attachments.find((a) => a.filename === url.slice(13))?.url;
  return url;
}
function renderEmbed(e, m) {
  const color = typeof e.color === 'number' ? `#${e.color.toString(16).padStart(6, '0')}` : null;
  const used = new Set();
  const image = attachmentUrl(e.image?.url, m);
  if (e.image?.url?.startsWith('attachment://')) used.add(e.image.url.slice(13));
  m._usedInEmbeds = new Set([...(m._usedInEmbeds || []), ...used]);
  const fields = (e.fields || []).map((f) => el('div', { class: `embed-field${f.inline ? '' : ' wide'}` }, el('b', { html: markdown(f.name) }), el('span', { html: markdown(f.value) })));
  return el(
    'div',
    { class: 'embed', style: color ? `border-left-color:${color}` : null },
    e.author?.name ? el('div', { class: 'embed-author', text: e.author.name }) : null,
    e.title ? el('div', { class: 'embed-title', html: markdown(e.title) }) : null,
    e.description ? el('div', { class: 'embed-desc', html: markdown(e.description) }) : null,
    fields.length ? el('div', { class: 'embed-fields' }, fields) : null,
    image ? el('img', { src: image, alt: e.title || 'image', onclick: lightbox }) : null,
    e.footer?.text ? el('div', { class: 'embed-footer', text: e.footer.text }) : null,
  );
}
function renderAttachments(m) {
  const list = m.attachments.filter((a) => !(m._usedInEmbeds || new Set()).has(a.filename));
  if (list.length === 0) return null;
  return el(
    'div',
    { class: 'attachments' },
    list.map((a) => (a.contentType.startsWith('image/') ? el('img', { src: a.url, alt: a.filename, onclick: lightbox }) : el('a', { class: 'file', href: a.url, target: '_blank', text: `📎 ${a.filename} (${Math.ceil(a.size / 1024)} KB)` }))),
  );
}
function renderComponents(components, m) {
  const out = [];
  for (const c of components || []) {
    if (c.type === 1) out.push(el('div', { class: 'row' }, (c.components || []).map((x) => renderComponent(x, m))));
    else if (c.type === 10) out.push(el('div', { class: 'content', html: markdown(c.content) }));
    else if (c.type === 17 || c.type === 9) out.push(el('div', { class: c.type === 17 ? 'embed' : '' }, renderComponents(c.components, m), c.accessory ? el('div', { class: 'row' }, renderComponent(c.accessory, m)) : null));
    else if (c.type === 12) out.push(el('div', { class: 'attachments' }, (c.items || []).map((i) => el('img', { src: attachmentUrl(i.media?.url, m), alt: i.description || '', onclick: lightbox }))));
    else if (c.type === 2 || c.type === 3) out.push(el('div', { class: 'row' }, renderComponent(c, m)));
  }
  return out;
}
function renderComponent(c, m) {
  if (c.type === 2) {
    const label = `${c.emoji?.name ? c.emoji.name + ' ' : ''}${c.label || ''}`.trim();
    if (c.style === 5) return el('a', { class: 'btn', href: c.url, target: '_blank', text: `${label} ↗` });
    const button = el('button', { type: 'button', class: `btn s${c.style || 2}`, disabled: !!c.disabled, text: label, 'data-custom-id': c.custom_id });
    button.addEventListener('click', async () => {
      button.classList.add('busy');
      button.disabled = true;
      const out = await api('click', { user: S.user, messageId: m.id, customId: c.custom_id });
      if (!out.ok) showError(out.error);
      button.classList.remove('busy');
    });
    return button;
  }
  if ([3, 5, 6, 7, 8].includes(c.type)) {
    const options = c.type === 3 ? c.options || [] : (S.snap.users || []).map((u) => ({ label: u.name, value: u.id }));
    const select = el(
      'select',
      { class: 'menu', disabled: !!c.disabled, 'data-custom-id': c.custom_id, multiple: (c.max_values || 1) > 1 },
      (c.max_values || 1) > 1 ? null : el('option', { value: '', text: c.placeholder || '…', selected: true, disabled: true }),
      options.map((o) => el('option', { value: o.value, text: `${o.emoji?.name ? o.emoji.name + ' ' : ''}${o.label}${o.description ? ' — ' + o.description : ''}` })),
    );
    select.addEventListener('change', async () => {
      const values = [...select.selectedOptions].map((o) => o.value).filter(Boolean);
      if (values.length === 0) return;
      select.disabled = true;
      const out = await api('select', { user: S.user, messageId: m.id, customId: c.custom_id, values });
      if (!out.ok) showError(out.error);
      select.disabled = false;
    });
    return select;
  }
  return null;
}
function lightbox(event) {
  const box = el('div', { class: 'lightbox', onclick: () => box.remove() }, el('img', { src: event.target.src, alt: '' }));
  document.body.append(box);
}
function showError(message) {
  const box = $('error');
  box.hidden = !message;
  box.textContent = message ? `${t('sandbox.error')}: ${message}` : '';
}

// ---------- composer & completion ----------
function tokenize(line) {
  const tokens = [];
  const re = /\s*(?:([\p{L}\p{N}_-]+):)?("[^"]*"?|'[^']*'?|\S*)/uy;
  let at = 0;
  while (at < line.length) {
    re.lastIndex = at;
    const m = re.exec(line);
    if (!m || m[0] === '') break;
    tokens.push({ key: m[1] ?? null, value: (m[2] || '').replace(/^["']|["']$/g, ''), raw: m[0].trimStart(), start: at + m[0].length - m[0].trimStart().length });
    at = re.lastIndex;
  }
  return tokens.filter((tk) => tk.raw !== '');
}
const isSub = (o) => o.type === 1 || o.type === 2;
/** A command's or option's description as the user's Discord client shows it: their language's, if given. */
function describe(d) {
  const loc = d.description_localizations || {};
  return (S.lang === 'es' ? loc['es-ES'] || loc['es-419'] : loc['en-US'] || loc['en-GB']) || d.description;
}
/** A choice's name in the user's language (name_localizations), as Discord shows it. */
function choiceName(c) {
  const loc = c.name_localizations || {};
  return (S.lang === 'es' ? loc['es-ES'] || loc['es-419'] : loc['en-US'] || loc['en-GB']) || c.name;
}
function context(line) {
  if (!line.startsWith('/')) return null;
  const openQuote = (line.match(/"/g) || []).length % 2 === 1;
  const trailing = /\s$/.test(line) && !openQuote;
  const tokens = tokenize(line);
  const partial = trailing ? null : tokens.pop();
  const start = partial ? partial.start : line.length;
  const commands = S.snap.commands.filter((c) => (c.type || 1) === 1);
  if (tokens.length === 0) {
    const q = (partial?.value || '').slice(1).toLowerCase();
    return { start, items: commands.filter((c) => c.name.startsWith(q)).map((c) => ({ name: `/${c.name}`, insert: `/${c.name} `, desc: describe(c) })) };
  }
  const command = commands.find((c) => `/${c.name}` === tokens[0].value);
  if (!command) return { start, items: [] };
  let defs = command.options || [];
  let i = 1;
  while (defs.some(isSub)) {
    const next = tokens[i];
    const sub = next && !next.key && defs.find((d) => isSub(d) && d.name === next.value);
    if (!sub) {
      const q = (partial && !partial.key ? partial.value : '').toLowerCase();
      return { start, items: defs.filter((d) => isSub(d) && d.name.startsWith(q)).map((d) => ({ name: d.name, insert: `${d.name} `, desc: describe(d) })) };
    }
    defs = sub.options || [];
    i += 1;
  }
  const used = new Set(tokens.slice(i).map((tk) => tk.key));
  if (partial && partial.key) {
    const def = defs.find((d) => d.name === partial.key);
    if (!def) return { start, items: [] };
    const q = partial.value.toLowerCase();
    const quote = (v) => (/\s/.test(String(v)) ? `"${v}"` : String(v));
    const value = (name, v, desc) => ({ name, insert: `${def.name}:${quote(v)} `, desc });
    if (def.choices?.length) return { start, items: def.choices.filter((c) => c.name.toLowerCase().includes(q) || String(c.value).toLowerCase().startsWith(q)).map((c) => value(choiceName(c), c.value, String(c.value))) };
    if (def.autocomplete) return { start, remote: true, def, items: [] };
    if (def.type === 6 || def.type === 9) return { start, items: S.snap.users.filter((u) => u.name.startsWith(q.replace(/^@/, ''))).map((u) => value(`@${u.name}`, `@${u.name}`, '')) };
    if (def.type === 5) return { start, items: ['true', 'false'].filter((v) => v.startsWith(q)).map((v) => value(v, v, '')) };
    if (def.type === 7) return { start, items: allChannels().filter((c) => c.name.startsWith(q.replace(/^#/, ''))).map((c) => value(`#${c.name}`, `#${c.name}`, '')) };
    return { start, items: [{ name: `${def.name}:`, insert: null, desc: describe(def), required: def.required }] };
  }
  const q = (partial?.value || '').toLowerCase();
  const items = defs
    .filter((d) => !used.has(d.name) && d.name.startsWith(q))
    .sort((a, b) => Number(!!b.required) - Number(!!a.required))
    .map((d) => ({ name: `${d.name}:`, insert: `${d.name}:`, desc: describe(d), required: d.required }));
  return { start, items };
}
let acTimer = 0;
async function updateSuggest() {
  const input = $('input');
  const line = input.value;
  const ctx = S.snap && !isDm() ? context(line) : null;
  if (!ctx) return hideSuggest();
  if (ctx.remote) {
    clearTimeout(acTimer);
    const ticket = ++S.acSeq;
    acTimer = setTimeout(async () => {
      const out = await api('autocomplete', { user: S.user, channelId: S.channelId, line });
      if (ticket !== S.acSeq || input.value !== line) return;
      const quote = (v) => (/\s/.test(String(v)) ? `"${v}"` : String(v));
      const items = (out.choices || []).map((c) => ({ name: c.name, insert: `${ctx.def.name}:${quote(c.value)} `, desc: String(c.value) === c.name ? '' : String(c.value) }));
      showSuggest({ ...ctx, items, title: t('sandbox.suggestionsFromBot') }, out.ok ? null : out.error);
    }, 120);
    return;
  }
  S.acSeq++;
  showSuggest(ctx);
}
function showSuggest(ctx, error) {
  S.ctx = ctx;
  S.suggestions = ctx.items;
  S.active = Math.min(S.active, Math.max(0, ctx.items.length - 1));
  const box = $('suggest');
  if (ctx.items.length === 0 && !ctx.title && !error) return hideSuggest();
  fill(
    box,
    ctx.title ? el('div', { class: 'suggest-title', text: ctx.title }) : null,
    ...ctx.items.map((item, index) =>
      el(
        'div',
        { class: `sug${index === S.active ? ' active' : ''}`, role: 'option', onmousedown: (e) => (e.preventDefault(), apply(index)) },
        el('span', { class: 'name', text: item.name }),
        el('span', { class: 'desc', text: item.desc || '' }),
        item.required ? el('span', { class: 'req', text: t('sandbox.required') }) : null,
      ),
    ),
    ctx.items.length === 0 ? el('div', { class: 'sug' }, el('span', { class: 'desc', text: error || t('sandbox.noMatches') })) : null,
  );
  box.hidden = false;
}
function hideSuggest() {
  S.suggestions = [];
  S.ctx = null;
  $('suggest').hidden = true;
}
function apply(index) {
  const item = S.suggestions[index];
  if (!item || item.insert === null || !S.ctx) return false;
  const input = $('input');
  input.value = input.value.slice(0, S.ctx.start) + item.insert;
  S.active = 0;
  input.focus();
  void updateSuggest();
  return true;
}
async function send() {
  const input = $('input');
  const line = input.value.trim();
  if (!line || S.busy || isDm()) return;
  if (!line.startsWith('/')) return showError('/…');
  hideSuggest();
  showError(null);
  S.busy = true;
  $('composer').classList.add('busy');
  $('send').textContent = t('sandbox.sending');
  renderTopbar();
  if (/^\/game\s+new\b/.test(line)) S.awaitingThreadUntil = Date.now() + 15000;
  const out = await api('command', { user: S.user, channelId: S.channelId, line });
  S.busy = false;
  $('composer').classList.remove('busy');
  $('send').textContent = t('sandbox.send');
  renderTopbar();
  if (out.ok) input.value = '';
  else showError(out.error);
  input.focus();
}
$('composer').addEventListener('submit', (e) => {
  e.preventDefault();
  void send();
});
$('input').addEventListener('input', () => {
  S.active = 0;
  void updateSuggest();
});
$('input').addEventListener('keydown', (e) => {
  const open = !$('suggest').hidden && S.suggestions.length > 0;
  if (e.key === 'Escape') return hideSuggest();
  if (!open) return;
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    S.active = (S.active + (e.key === 'ArrowDown' ? 1 : -1) + S.suggestions.length) % S.suggestions.length;
    showSuggest(S.ctx);
  } else if (e.key === 'Tab' || (e.key === 'Enter' && S.ctx && S.ctx.start < $('input').value.length)) {
    if (apply(S.active)) e.preventDefault();
  }
});
$('input').addEventListener('blur', () => setTimeout(hideSuggest, 150));
$('messages').addEventListener('click', (e) => {
  const link = e.target.closest?.('.channel-link');
  if (link && channelById(link.dataset.channel)) go(link.dataset.channel);
});

// ---------- switchers ----------
/** Each simulated user keeps their own language: the page speaks it, and so does their Discord client (its locale). */
async function adoptLanguageOf(user) {
  const lang = String(user?.locale || '').toLowerCase().startsWith('es') ? 'es' : 'en';
  if (lang === S.lang) return;
  S.lang = lang;
  $('lang').value = S.lang;
  await loadStrings();
}
$('user-switch').addEventListener('change', async (e) => {
  let name = e.target.value;
  if (name === '__add') {
    name = (prompt(t('sandbox.addUserPrompt')) || '').trim().toLowerCase();
    if (!name) return renderSidebar();
    const out = await api('users', { name, locale: S.lang === 'es' ? 'es-ES' : 'en-US' });
    if (!out.ok) return showError(out.error);
  }
  S.user = name;
  localStorage.setItem('tk.user', name);
  if (isDm()) S.channelId = null;
  S.unread.clear();
  await loadState();
  await adoptLanguageOf(me());
  go(S.channelId);
});
$('refuse-dms').addEventListener('change', async (e) => {
  await api('dms', { user: S.user, refuse: e.target.checked });
  await loadState();
});
$('lang').addEventListener('change', async (e) => {
  S.lang = e.target.value;
  await api('locale', { user: S.user, locale: S.lang === 'es' ? 'es-ES' : 'en-US' });
  await loadStrings();
  await loadState();
  renderMessages();
});

// ---------- live updates ----------
let refreshTimer = 0;
let refreshState = false;
function scheduleRefresh(withState) {
  refreshState ||= withState;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(async () => {
    const needState = refreshState;
    refreshState = false;
    if (needState) await loadState();
    await loadMessages();
  }, 40);
}
function connect() {
  const source = new EventSource('/sandbox/api/events');
  source.onopen = () => {
    $('live').classList.remove('off');
    $('live').textContent = t('sandbox.connected');
    scheduleRefresh(true);
  };
  source.onerror = () => {
    $('live').classList.add('off');
    $('live').textContent = t('sandbox.disconnected');
  };
  source.onmessage = (msg) => {
    const ev = JSON.parse(msg.data);
    if (ev.type === 'channelCreate') {
      if (ev.parentId && ev.parentId === S.channelId && Date.now() < S.awaitingThreadUntil) {
        S.awaitingThreadUntil = 0;
        S.channelId = ev.channelId;
      }
      return scheduleRefresh(true);
    }
    if (ev.type === 'messageCreate' || ev.type === 'messageUpdate' || ev.type === 'messageDelete') {
      const forMe = !ev.ephemeralFor || ev.ephemeralFor === me()?.id;
      if (ev.channelId === S.channelId) return scheduleRefresh(false);
      if (ev.type === 'messageCreate' && forMe) {
        S.unread.set(ev.channelId, (S.unread.get(ev.channelId) || 0) + 1);
        return scheduleRefresh(true);
      }
      return;
    }
    if (ev.type === 'commandsUpdate' || ev.type === 'userAdd' || ev.type === 'guildCreate') scheduleRefresh(true);
  };
}

// ---------- start ----------
await loadState();
if (params.has('lang')) await api('locale', { user: S.user, locale: S.lang === 'es' ? 'es-ES' : 'en-US' });
else await adoptLanguageOf(me());
await loadStrings();
await loadState();
go(S.channelId);
connect();
$('input').focus();

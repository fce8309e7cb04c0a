/** The HTML of the replica's chat page and of its index. The page's behaviour lives in client/replica-client.js. */
export interface ChatPageConfig {
  conversationId: string;
  /** site-interface 6: whether the page holds a WebSocket for answers. */
  transport: 'sse' | 'websocket' | 'both';
  /** 'live': answers come in the live site's forms (a handoff to a topic of the socket on ws.chatgpt.com). */
  wire: 'document' | 'live';
  /** site-interface 4.4: what the page posts to product_update, one card each. */
  productCards: Array<{ product_query: unknown; product_lookup_key: unknown }>;
}

export interface IndexEntry {
  id: string;
  title: string;
  description: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const STYLE = `
  :root { color-scheme: light; font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; background: #fff; color: #0d0d0d; }
  header { position: sticky; top: 0; background: #fff; border-bottom: 1px solid #ececec; padding: 12px 24px; font-weight: 600; }
  main { max-width: 760px; margin: 0 auto; padding: 16px 24px 140px; }
  .message { margin: 18px 0; line-height: 1.55; white-space: pre-wrap; }
  .message.user { margin-left: auto; max-width: 70%; width: fit-content; background: #f4f4f4; border-radius: 18px; padding: 10px 16px; }
  .message.assistant { max-width: 100%; }
  .message pre { background: #0d0d0d; color: #f8f8f2; border-radius: 8px; padding: 12px; overflow-x: auto; white-space: pre; }
  .message details { color: #5d5d5d; font-size: 0.9em; }
  .image { display: inline-block; background: #e8e8e8; color: #5d5d5d; border-radius: 12px; padding: 24px; margin-bottom: 6px; }
  .products { display: flex; gap: 12px; overflow-x: auto; margin: 12px 0; }
  .product-card { flex: 0 0 200px; border: 1px solid #e3e3e3; border-radius: 12px; padding: 12px; font-size: 0.9em; }
  .product-card .price { font-weight: 600; margin-top: 6px; }
  form { position: fixed; bottom: 0; left: 0; right: 0; background: #fff; padding: 12px 24px 20px; border-top: 1px solid #ececec; }
  form .box { max-width: 760px; margin: 0 auto; display: flex; gap: 8px; }
  textarea { flex: 1; resize: none; border: 1px solid #d9d9d9; border-radius: 16px; padding: 10px 14px; font: inherit; }
  button { border: 0; border-radius: 16px; background: #0d0d0d; color: #fff; padding: 0 18px; font: inherit; }
  a { color: #0d0d0d; }
  li { margin: 10px 0; }
  .description { color: #5d5d5d; font-size: 0.9em; }
`;

/** A chat page: its header, its thread, the composer, and the scripts that make it work. */
function chatShell(header: string, main: string, scripts: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>ChatGPT</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${STYLE}</style>
</head>
<body>
${header}
<main>
${main}
</main>
<form id="composer">
  <div class="box">
    <textarea id="prompt" rows="2" placeholder="Ask anything"></textarea>
    <button id="send" type="submit">Send</button>
  </div>
</form>
${scripts}
</body>
</html>
`;
}

export function chatPageHtml(config: ChatPageConfig): string {
  return chatShell(
    '<header id="title">ChatGPT</header>',
    '  <div id="thread" aria-live="polite"></div>\n  <div id="products" class="products"></div>',
    `<script type="application/json" id="replica-config">${scriptJson(config)}</script>\n<script src="/replica-client.js"></script>`,
  );
}

export function indexPageHtml(entries: readonly IndexEntry[]): string {
  const items = entries
    .map(
      (entry) =>
        `<li><a href="/c/${encodeURIComponent(entry.id)}">${escapeHtml(entry.title)}</a><div class="description">${escapeHtml(entry.description)}</div></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>ChatGPT</title><style>${STYLE}</style></head>
<body>
<header>Conversations</header>
<main><ul>
${items}
</ul></main>
</body>
</html>
`;
}

/**
 * The page a visitor who is not signed in chats on (site-interface 10.10): its address names no
 * conversation, its prompts go to /backend-anon/f/conversation without a token, and the conversation is
 * known only from the stream. `window.replicaSignedOut` says how far it got, for the tests.
 */
export function signedOutPageHtml(): string {
  return chatShell(
    '<header>ChatGPT <span class="description">Log in to keep your chats</span></header>',
    '  <div id="thread" aria-live="polite"></div>',
    `<script>const SUBMIT = { path: '/backend-anon/f/conversation', signedIn: false, temporary: false, transient: false };${STREAM_NAMED_SCRIPT}</script>`,
  );
}

/**
 * A temporary chat (site-interface 10.12), at /?temporary-chat=true: signed in, its prompts go to
 * /backend-api/f/conversation with the access token and ask for no history; the address stays, and the
 * conversation is known only from the stream. `window.replicaSignedOut` says how far it got, as above.
 */
export function temporaryChatPageHtml(): string {
  return chatShell(
    '<header>ChatGPT <span class="description">Temporary chat</span></header>',
    '  <div id="thread" aria-live="polite"></div>',
    `<script>const SUBMIT = { path: '/backend-api/f/conversation', signedIn: true, temporary: true, transient: false };${STREAM_NAMED_SCRIPT}</script>`,
  );
}

/**
 * A transient chat page (site-interface 10.12), at /c/WEB:<id>: a new chat, signed in, whose real id only its
 * first answer's stream names; the page then moves to /c/<id> without a load, as the site does.
 */
export function transientChatPageHtml(): string {
  return chatShell(
    '<header>ChatGPT <span class="description">New chat</span></header>',
    '  <div id="thread" aria-live="polite"></div>',
    `<script>const SUBMIT = { path: '/backend-api/f/conversation', signedIn: true, temporary: false, transient: true };${STREAM_NAMED_SCRIPT}</script>`,
  );
}

/**
 * A signed-out chat on the mobile web surface (site-interface 10.16), at /mobile-web and, once its first
 * answer names the chat, /uc/<id>: its prompts go form-encoded to /unauth-mweb/conversation/updates after a
 * prepare call, beside the sentinel's tokens (`formTokens`, secrets), and the answer comes as HTML frames.
 * `window.replicaSignedOut` says how far it got, as on the signed-out page.
 */
export function mobileWebPageHtml(formTokens: Record<string, string>): string {
  return chatShell(
    '<header>ChatGPT <span class="description">Log in to keep your chats</span></header>',
    '  <div id="thread" aria-live="polite"></div>',
    `<script>const FORM_TOKENS = ${scriptJson(formTokens)};${MOBILE_WEB_SCRIPT}</script>`,
  );
}

/**
 * What every page whose chat only its streams name shares: `window.replicaSignedOut` (how far it got, for
 * the tests), the thread's bubbles, and the composer, which answers one prompt at a time with `ask`.
 */
const STREAM_NAMED_PRELUDE = `
const state = { conversationId: null, answers: 0, refused: null, streaming: false };
window.replicaSignedOut = state;
const thread = document.getElementById('thread');
const field = document.getElementById('prompt');
function bubble(role, text) {
  const element = document.createElement('div');
  element.className = 'message ' + role;
  element.textContent = text;
  thread.append(element);
  return element;
}
function onPrompt(ask) {
  document.getElementById('composer').addEventListener('submit', async (event) => {
    event.preventDefault();
    const prompt = field.value.trim();
    if (prompt === '' || state.streaming) return;
    field.value = '';
    bubble('user', prompt);
    const answer = bubble('assistant', '');
    state.streaming = true;
    try {
      await ask(prompt, answer);
    } finally {
      state.streaming = false;
    }
  });
}
`;

/**
 * The mobile web page's script: each region of the answer as the frames so far leave it, the committed one
 * shown over the pending one, read with the browser's own HTML parser.
 */
const MOBILE_WEB_SCRIPT = `${STREAM_NAMED_PRELUDE}
function readFrames(text) {
  const regions = new Map();
  const holder = document.createElement('template');
  holder.innerHTML = text;
  for (const frame of holder.content.querySelectorAll('template[data-web-mobile-dpu-frame]')) {
    for (const directive of frame.content.querySelectorAll('template[for]')) {
      const name = directive.getAttribute('for');
      const html = directive.innerHTML;
      regions.set(name, directive.dataset.webMobileDpuApply === 'append' ? (regions.get(name) || '') + html : html);
      for (const control of directive.content.querySelectorAll('[data-conversation-control]')) {
        if (control.dataset.conversationId) state.conversationId = control.dataset.conversationId;
        if (control.dataset.conversationControl === 'failed')
          state.refused = { status: Number(control.dataset.failureStatus), detail: control.dataset.failureReason };
      }
    }
  }
  return regions;
}
function shownText(regions) {
  const names = [...regions.keys()].filter((name) => name.startsWith('assistant-') && !name.endsWith('-reasoning'));
  const committed = names.filter((name) => name.endsWith('-committed-tail'));
  const holder = document.createElement('div');
  holder.innerHTML = (committed.length > 0 ? committed : names).map((name) => regions.get(name)).join('');
  for (const chrome of holder.querySelectorAll('button, [data-assistant-sources-payload]')) chrome.remove();
  return holder.textContent.trim();
}
onPrompt(async (prompt, answer) => {
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' };
  const conversationState = JSON.stringify({ backendConversationId: state.conversationId, parentMessageId: 'client-created-root' });
  const prepared = await (await fetch('/unauth-mweb/conversation/prepare?lightweight_authenticated=0', {
    method: 'POST', headers, body: new URLSearchParams({ conversationState }).toString(),
  })).json();
  const response = await fetch('/unauth-mweb/conversation/updates?lightweight_authenticated=0&operationId=' + crypto.randomUUID(), {
    method: 'POST',
    headers: { ...headers, Accept: 'text/vnd.openai.web-mobile-partial+html', 'x-conduit-token': prepared.conduit_token },
    body: new URLSearchParams({ prompt, conversationState, ...FORM_TOKENS }).toString(),
  });
  if (!response.ok) {
    const page = document.createElement('template');
    page.innerHTML = await response.text();
    state.refused = { status: response.status, detail: page.content.textContent.trim() };
    answer.textContent = state.refused.detail;
    return;
  }
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    answer.textContent = shownText(readFrames(text));
  }
  if (state.refused !== null) {
    answer.textContent = state.refused.detail;
    return;
  }
  state.answers += 1;
  if (state.conversationId !== null) history.replaceState(null, '', '/uc/' + state.conversationId);
});
`;

/** The script of a page whose chat only its streams name, posting prompts as SUBMIT says. */
const STREAM_NAMED_SCRIPT = `${STREAM_NAMED_PRELUDE}
async function authorization() {
  if (!SUBMIT.signedIn) return {};
  const session = await (await fetch('/api/auth/session')).json();
  return { Authorization: 'Bearer ' + session.accessToken };
}
function readStream(text, answer) {
  for (const line of text.split('\\n')) {
    if (!line.startsWith('data: ')) continue;
    let record;
    try { record = JSON.parse(line.slice(6)); } catch { continue; }
    if (record === null || typeof record !== 'object') continue;
    const named = record.conversation_id ?? (record.v && record.v.conversation_id);
    if (typeof named === 'string') state.conversationId = named;
    const path = record.p ?? '';
    if (typeof record.v === 'string' && (path === '' || path.endsWith('/parts/0'))) answer.textContent += record.v;
  }
}
onPrompt(async (prompt, answer) => {
  const body = {
    action: 'next',
    messages: [{ id: crypto.randomUUID(), author: { role: 'user' }, content: { content_type: 'text', parts: [prompt] } }],
    model: 'auto',
  };
  if (state.conversationId !== null) body.conversation_id = state.conversationId;
  if (SUBMIT.temporary) body.history_and_training_disabled = true;
  const response = await fetch(SUBMIT.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...(await authorization()) },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const refusal = await response.json();
    state.refused = { status: response.status, detail: refusal.detail };
    answer.textContent = refusal.detail;
    return;
  }
  readStream(await response.text(), answer);
  state.answers += 1;
  if (SUBMIT.transient && state.conversationId !== null) history.replaceState(null, '', '/c/' + state.conversationId);
});
`;

window.__replica = {
  bootFetchWasNative: window.fetch.toString().includes('[native code]'),
  loaded: false,
  productRefreshes: 0,
  lastAnswer: null,
  transport: null,
  errors: [],
};

/*
 * The replica's chat page client. It behaves as docs/site-interface.md says the site's client does:
 * session token first, then the tree (4.2), the first messages page (4.1), the account (4.6) and the ads
 * (4.3) on every load; the tree polled every 5 s while the tab is visible; product cards refreshed one at a
 * time with 300-500 ms pauses, stopping at the first 429 (4.4); prompts answered over SSE or a WebSocket,
 * with stream_status polled while streaming (4.5, 6). In the live wire form (config.wire 'live') an answer
 * comes as the live site's: SSE in the "v1" delta encoding, or a stream_handoff to a topic of the socket on
 * ws.chatgpt.com whose stream items carry that SSE text. It calls the global fetch and WebSocket at call
 * time, so whatever wraps them (the extension's page hook) sees every call. Progress is on window.__replica.
 */
(() => {
  const replica = window.__replica;
  const config = JSON.parse(document.getElementById('replica-config').textContent);
  const conversationId = config.conversationId;
  const TREE_POLL_MS = 5000;
  const query = new URLSearchParams(location.search);
  // ?tree_poll=off: a page that polls nothing while idle (the benchmarks measure the extension's own poll).
  const pollsTree = query.get('tree_poll') !== 'off';
  // ?history=small-pages: the page of autumn 2026 as it loads (site-interface 10.13): ten turns, and the tree
  // from a batch read instead of the tree's path; older turns only when the user scrolls back, which the
  // extension does not wait for.
  const smallPages = query.get('history') === 'small-pages';
  const STREAM_STATUS_POLL_MS = 400;
  const SOCKET_ANSWER_TIMEOUT_MS = 15000;
  const liveWire = config.wire === 'live';
  const LIVE_SOCKET_URL = 'wss://ws.chatgpt.com/ws/live';

  let accessToken = null;
  let currentNode = null;
  let streaming = false;
  let socket = null;
  const socketListeners = new Set();

  const fail = (message) => replica.errors.push(message);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function api(path, init = {}) {
    return fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { ...init.headers, Authorization: `Bearer ${accessToken}`, 'OAI-Language': 'en-US' },
    });
  }

  async function readJson(response, what) {
    if (!response.ok) {
      fail(`${what}: HTTP ${response.status}`);
      return null;
    }
    try {
      return await response.json();
    } catch {
      fail(`${what}: malformed JSON`);
      return null;
    }
  }

  // ---- loading -------------------------------------------------------------------------------

  async function loadTree() {
    if (smallPages) return loadTreeInBatch();
    const response = await api(`/backend-api/conversation/${conversationId}`);
    // site-interface 4.2: the tree may be missing; the messages format serves alone.
    if (response.status === 404) return null;
    return readJson(response, 'tree');
  }

  async function loadFirstMessagesPage() {
    const turns = smallPages ? 10 : 100;
    const query = `include_has_versions=true&num_turns=${turns}`;
    return readJson(await api(`/backend-api/conversations/${conversationId}?${query}`), 'messages');
  }

  /** site-interface 10.13: the conversation's tree, out of the page's batch read. */
  async function loadTreeInBatch() {
    const response = await api('/backend-api/conversations/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ conversation_ids: [conversationId] }),
    });
    const trees = await readJson(response, 'batch');
    return Array.isArray(trees)
      ? (trees.find((tree) => tree.conversation_id === conversationId) ?? null)
      : null;
  }

  async function boot() {
    try {
      const session = await (await fetch('/api/auth/session', { credentials: 'same-origin' })).json();
      accessToken = session.accessToken ?? null;
      if (!accessToken) {
        fail('signed out: the session has no access token');
        return;
      }
      const tree = await loadTree();
      const page = await loadFirstMessagesPage();
      await readJson(await api('/backend-api/me'), 'me');
      await readJson(await api(`/backend-api/bazaar/conversation/${conversationId}/ads`), 'ads');
      showConversation(page, tree);
      renderProductPlaceholders();
      if (config.transport !== 'sse')
        await openSocket(liveWire ? LIVE_SOCKET_URL : `wss://${location.host}/ws/chat`);
      if (pollsTree) setInterval(pollTree, TREE_POLL_MS);
      void refreshProducts();
    } catch (error) {
      fail(`load: ${error.message}`);
    } finally {
      replica.loaded = true;
    }
  }

  async function pollTree() {
    if (document.visibilityState !== 'visible' || streaming) return;
    try {
      const tree = await loadTree();
      if (tree && tree.current_node !== currentNode) showConversation(null, tree);
    } catch (error) {
      fail(`tree poll: ${error.message}`);
    }
  }

  // ---- rendering -----------------------------------------------------------------------------

  function branchFromTree(tree) {
    const path = [];
    let nodeId = tree.current_node;
    while (nodeId && tree.mapping[nodeId]) {
      const node = tree.mapping[nodeId];
      if (node.message) path.unshift(node.message);
      nodeId = node.parent;
    }
    return path;
  }

  function showConversation(page, tree) {
    const source = page ?? tree;
    if (!source) return;
    const title = source.title ?? 'ChatGPT';
    document.getElementById('title').textContent = title;
    document.title = `${title} | ChatGPT`;
    currentNode = source.current_node ?? null;
    const messages = page && Array.isArray(page.messages) ? page.messages : branchFromTree(tree);
    const thread = document.getElementById('thread');
    thread.replaceChildren(...messages.filter(isShown).map(bubble));
    placeProductCards(messages);
  }

  /** Product cards sit under the answer to the product search, as on the site (else after the thread). */
  function placeProductCards(messages) {
    const search = messages.findLastIndex(
      (message) => message.recipient === 'web.run' && String(message.content?.text).includes('product_query'),
    );
    const answer = messages
      .slice(search + 1)
      .find((message) => isShown(message) && message.channel === 'final');
    const anchor = search >= 0 && answer ? document.querySelector(`[data-message-id="${answer.id}"]`) : null;
    const cards = document.getElementById('products');
    if (anchor) anchor.after(cards);
    else document.getElementById('thread').after(cards);
  }

  /** The image tool's result: the site shows the image it made in the answer. */
  const isMadeImage = (message) =>
    message.author.role === 'tool' &&
    message.content?.content_type === 'multimodal_text' &&
    message.content.parts?.some((part) => part?.content_type === 'image_asset_pointer');

  function isShown(message) {
    if (!message || message.metadata?.is_visually_hidden_from_conversation) return false;
    if (isMadeImage(message)) return true;
    if (message.recipient !== 'all') return false;
    if (message.author.role !== 'user' && message.author.role !== 'assistant') return false;
    return ['text', 'multimodal_text', 'code', 'thoughts'].includes(message.content?.content_type);
  }

  function bubble(message) {
    const element = document.createElement('div');
    element.className = `message ${message.author.role}`;
    element.dataset.messageId = message.id;
    fillBubble(element, message.content);
    return element;
  }

  function fillBubble(element, content) {
    element.replaceChildren();
    if (content.content_type === 'thoughts') {
      const details = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = 'Thought';
      details.append(
        summary,
        ...content.thoughts.map((thought) => textBlock(`${thought.summary}: ${thought.content}`)),
      );
      element.append(details);
    } else if (content.content_type === 'code') {
      appendMarkdown(element, `\`\`\`\n${content.text}\n\`\`\``);
    } else {
      for (const part of content.parts ?? []) {
        if (typeof part === 'string') appendMarkdown(element, part);
        else if (part?.content_type === 'image_asset_pointer') element.append(imagePlaceholder(part));
      }
    }
  }

  function textBlock(text) {
    const block = document.createElement('div');
    block.textContent = text;
    return block;
  }

  /** fixtures/canaries.ts IMAGE_SIGNATURE_CANARY. */
  const IMAGE_SIGNATURE = 'canary-image-signature';

  /**
   * An image as the site shows it: from the file service by its file id, with a signature in its address,
   * which no export may keep.
   */
  function imagePlaceholder(image) {
    const fileId = String(image.asset_pointer ?? '').replace(/^[a-z-]+:\/\//, '');
    const element = document.createElement('img');
    element.className = 'image';
    element.alt = `Image ${image.width}×${image.height}`;
    element.width = Math.min(240, image.width ?? 240);
    element.src = `/backend-api/estuary/content?id=${encodeURIComponent(fileId)}&sig=${IMAGE_SIGNATURE}`;
    return element;
  }

  /**
   * The answer's private-use markers (site-interface 10.5) as the site shows them: an entity or a product by
   * its name, a citation or an image group as nothing here (the site draws them as pills and carousels), the
   * marks around a cited span dropped.
   */
  function withoutMarkers(text) {
    return text
      .replace(/\uE200([a-z_]+)\uE202([^\uE201]*)\uE201/g, (_whole, kind, args) => {
        if (kind !== 'entity' && kind !== 'product_entity') return '';
        try {
          return String(JSON.parse(args)[1] ?? '');
        } catch {
          return '';
        }
      })
      .replace(/[\uE200-\uE2FF]/g, '')
      .replace(/ +([.,;:])/g, '$1')
      .replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n');
  }

  /** Enough markdown for a screenshot: fenced code blocks, and bold markers dropped from prose. */
  function appendMarkdown(element, markdown) {
    markdown.split(/```[^\n]*\n?/).forEach((segment, index) => {
      if (index % 2 === 1) {
        const pre = document.createElement('pre');
        pre.textContent = segment.replace(/\n$/, '');
        element.append(pre);
      } else if (segment.trim() !== '') {
        // Single line breaks inside a paragraph are soft, as in markdown; lists and tables keep theirs.
        const prose = withoutMarkers(segment)
          .replace(/\*\*/g, '')
          .replace(/([^\n])\n(?!\n|\s*[-*|#>]|\s*\d+\.)/g, '$1 ');
        element.append(textBlock(prose.trim()));
      }
    });
  }

  // ---- product cards (site-interface 4.4) ----------------------------------------------------

  function productCardElement(index) {
    return document.querySelector(`.product-card[data-index="${index}"]`);
  }

  function renderProductPlaceholders() {
    const cards = config.productCards.map((card, index) => {
      const element = document.createElement('div');
      element.className = 'product-card';
      element.dataset.index = String(index);
      const search = card.product_query?.search;
      element.append(textBlock(Array.isArray(search) ? search.join(', ') : String(search ?? 'Product')));
      return element;
    });
    document.getElementById('products').replaceChildren(...cards);
  }

  function sseEvents(text) {
    return text
      .replace(/\r\n?/g, '\n')
      .split('\n\n')
      .map((block) =>
        block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n'),
      )
      .filter((data) => data !== '');
  }

  function lastProductEntity(text) {
    let entity = null;
    for (const data of sseEvents(text)) {
      try {
        const frame = JSON.parse(data);
        // The document's form wraps the entity as `entity`, the live site's as `product`.
        if (frame?.type === 'product_entity') entity = frame.entity ?? frame.product ?? entity;
      } catch {
        // [DONE] and heartbeats are not JSON objects.
      }
    }
    return entity;
  }

  function showProduct(index, entity) {
    const element = productCardElement(index);
    if (!element || !entity) return;
    const price = entity.price_range?.min;
    const shown = typeof entity.price === 'string' ? entity.price : ''; // the live form's display text
    const priceLine = textBlock(typeof price === 'number' ? `from $${price.toFixed(2)}` : shown);
    priceLine.className = 'price';
    element.replaceChildren(textBlock(entity.title ?? 'Product'), priceLine);
  }

  async function refreshProducts() {
    for (const [index, card] of config.productCards.entries()) {
      if (index > 0) await sleep(300 + Math.random() * 200);
      let response;
      try {
        response = await api('/backend-api/search/product_update', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
          body: JSON.stringify(card),
        });
      } catch (error) {
        fail(`product ${index}: ${error.message}`);
        continue; // a single failure is not fatal
      }
      if (response.status === 429) return; // the first 429 stops the run
      if (!response.ok) {
        fail(`product ${index}: HTTP ${response.status}`);
        continue;
      }
      try {
        showProduct(index, lastProductEntity(await response.text()));
        replica.productRefreshes += 1;
      } catch (error) {
        fail(`product ${index}: ${error.message}`);
      }
    }
  }

  // ---- prompts (site-interface 4.5 and site-interface 6) -------------------------------------

  function openSocket(url) {
    return new Promise((resolve) => {
      socket = new WebSocket(url);
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => {
        fail('websocket: connection failed');
        resolve();
      });
      socket.addEventListener('message', (event) => {
        let frame;
        try {
          frame = JSON.parse(event.data);
        } catch {
          return;
        }
        // The live form is an array of topic messages; listeners keep those of their own topic.
        if (Array.isArray(frame)) for (const listener of socketListeners) listener(frame);
        if (frame?.type !== 'stream-item' || frame.conversation_id !== conversationId) return;
        for (const listener of socketListeners) listener(frame.data);
      });
    });
  }

  const assistantText = (data) =>
    data?.message?.author?.role === 'assistant' && Array.isArray(data.message.content?.parts)
      ? data.message.content.parts.join('')
      : null;

  /** Resolves with the answer text when the stream-item frames of this conversation complete. */
  function socketAnswer(onText) {
    let listener;
    const answer = new Promise((resolve, reject) => {
      let text = null;
      const timer = setTimeout(
        () => reject(new Error('no stream-item answer arrived')),
        SOCKET_ANSWER_TIMEOUT_MS,
      );
      listener = (data) => {
        const grown = assistantText(data);
        if (grown !== null) {
          text = grown;
          currentNode = data.message.id;
          onText(text);
        }
        if (data?.type === 'message_stream_complete') {
          clearTimeout(timer);
          resolve(text);
        }
      };
      socketListeners.add(listener);
    });
    return answer.finally(() => socketListeners.delete(listener));
  }

  /** Applies one operation of a delta at a JSON pointer inside `root` (the record holding the message). */
  function applyAt(root, pointer, operation, value) {
    const tokens = pointer
      .split('/')
      .slice(1)
      .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
    const key = tokens.pop();
    let parent = root;
    for (const token of tokens) parent = parent?.[token];
    if (parent === null || typeof parent !== 'object' || key === undefined || key === '__proto__') return;
    const index = key === '-' ? parent.length : Number(key);
    if (operation === 'remove') {
      if (Array.isArray(parent)) parent.splice(index, 1);
      else delete parent[key];
    } else if (operation === 'add' && Array.isArray(parent)) {
      parent.splice(index, 0, value);
    } else if (operation === 'replace' || operation === 'add') {
      parent[key] = value;
    } else if (operation === 'append') {
      // append adds to a string, a list, or an object (merging its members).
      const current = parent[key];
      if (typeof current === 'string') parent[key] = current + value;
      else if (Array.isArray(current)) current.push(...(Array.isArray(value) ? value : [value]));
      else if (current !== null && typeof current === 'object') Object.assign(current, value);
      else parent[key] = value;
    }
  }

  /**
   * The live site's "v1" delta encoding (site-interface 10.6): `add` at "" opens a message
   * (`{"p":"","o":"add","v":{"message"}}`), and after it a bare `{"v":{"message"}}` opens the next one; then
   * `append` (to a text, a list or an object), `replace`, `remove`, or `patch` with a list of those change
   * it. An event may leave out `p` and `o` and reuse the previous ones. One answer is many messages (a
   * search's web.run calls and the tool's results, then the answer): only the visible answer is followed,
   * and onMessage gets it as it grows.
   */
  function deltaDecoder(onMessage) {
    let holder = null;
    let path = '';
    let operation = '';
    const shown = (message) =>
      message?.author?.role === 'assistant' &&
      (message.recipient ?? 'all') === 'all' &&
      Array.isArray(message.content?.parts);
    const open = (record) => {
      holder = shown(record.message) ? { message: structuredClone(record.message) } : null;
    };
    const apply = (p, o, v) => {
      if (o === 'patch' && Array.isArray(v)) {
        for (const step of v) apply(step.p, step.o, step.v);
      } else if (p === '' && o === 'add') {
        if (v?.message) open(v);
      } else if (holder && typeof p === 'string') {
        applyAt(holder, p, o, v);
      }
    };
    return (event) => {
      if (event === null || typeof event !== 'object' || Array.isArray(event)) return;
      // A message opens with a bare value, or with an add that names no path (site-interface 10.15).
      if (event.p === undefined && (event.o === undefined || event.o === 'add') && event.v?.message) {
        path = '';
        operation = 'add';
        open(event.v);
      } else {
        // Typed records ({"type": …}) and the document's whole messages carry neither.
        if (!('v' in event) && !('o' in event)) return;
        path = event.p ?? path;
        operation = event.o ?? operation;
        apply(path, operation, event.v);
      }
      if (holder) onMessage(holder.message);
    };
  }

  /** Feeds the data of SSE events, in either form, to the answer; returns what ends or redirects it. */
  function answerReader(onText) {
    let text = null;
    const handoffTopics = [];
    const resumeEndpoints = [];
    const grow = (message) => {
      text = message.content.parts.join('');
      currentNode = message.id;
      onText(text);
    };
    const decodeDelta = deltaDecoder(grow);
    return {
      read(data) {
        // The live site may write a data line with a trailing space (site-interface 10.6).
        if (data.trim() === '[DONE]') return 'done';
        const event = JSON.parse(data);
        if (event?.type === 'stream_handoff') {
          for (const option of event.options ?? [])
            if (option.type === 'subscribe_ws_topic') handoffTopics.push(option.topic_id);
            else if (option.type === 'resume_sse_endpoint') resumeEndpoints.push(option);
        }
        if (event?.message?.author?.role === 'assistant' && Array.isArray(event.message.content?.parts))
          grow(event.message);
        decodeDelta(event);
        return event?.type === 'message_stream_complete' ? 'complete' : null;
      },
      get text() {
        return text;
      },
      handoffTopics,
      resumeEndpoints,
    };
  }

  /** Reads an SSE answer to its [DONE]; throws when the stream ends or breaks before it. */
  async function sseAnswer(response, onText) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const answer = answerReader(onText);
    let buffered = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw new Error('the answer stream was cut off before [DONE]');
      });
      if (done) throw new Error('the answer stream ended before [DONE]');
      buffered += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      const end = buffered.lastIndexOf('\n\n');
      if (end < 0) continue;
      const complete = buffered.slice(0, end + 2);
      buffered = buffered.slice(end + 2);
      for (const data of sseEvents(complete)) {
        if (answer.read(data) === 'done') {
          const { text, handoffTopics, resumeEndpoints } = answer;
          return { text, handoffTopics, resumeEndpoints };
        }
      }
    }
  }

  /**
   * The answer a stream_handoff sent to a topic of the live socket: subscribe, take the catch-ups and
   * the items that follow (each once: a catch-up may arrive again), decode their SSE text, and resolve
   * with the text when the turn's stream completes.
   */
  function liveAnswer(topicId, onText) {
    let listener;
    const answer = new Promise((resolve, reject) => {
      const reader = answerReader(onText);
      const seen = new Set();
      const timer = setTimeout(() => reject(new Error('no live answer arrived')), SOCKET_ANSWER_TIMEOUT_MS);
      const finish = () => {
        clearTimeout(timer);
        resolve(reader.text);
      };
      const take = (message) => {
        if (message?.topic_id !== undefined && message.topic_id !== topicId) return;
        const item = message?.payload?.type === 'conversation-turn-stream' ? message.payload.payload : null;
        if (item?.type === 'done') return finish();
        if (item?.type !== 'stream-item' || seen.has(item.stream_item_id)) return;
        seen.add(item.stream_item_id);
        for (const data of sseEvents(item.encoded_item)) if (reader.read(data) === 'complete') finish();
      };
      listener = (frame) => {
        if (!Array.isArray(frame)) return;
        for (const entry of frame) {
          if (entry?.type === 'reply' && entry.reply?.topic_id === topicId) {
            for (const caughtUp of entry.reply.catchups ?? []) take(caughtUp);
          } else take(entry);
        }
      };
      socketListeners.add(listener);
      socket.send(JSON.stringify({ type: 'subscribe', topic_id: topicId, offset: '0' }));
    });
    return answer.finally(() => socketListeners.delete(listener));
  }

  function pollStreamStatusUntilIdle() {
    let stopped = false;
    const poll = async () => {
      while (!stopped) {
        await pollStreamStatusOnce();
        await sleep(STREAM_STATUS_POLL_MS);
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }

  async function pollStreamStatusOnce() {
    try {
      await readJson(await api(`/backend-api/conversation/${conversationId}/stream_status`), 'stream_status');
    } catch (error) {
      fail(`stream_status: ${error.message}`);
    }
  }

  function appendLiveBubble(role, text) {
    const element = bubble({ id: '', author: { role }, content: { content_type: 'text', parts: [text] } });
    document.getElementById('thread').append(element);
    return (grown) => fillBubble(element, { content_type: 'text', parts: [grown] });
  }

  async function ask(prompt) {
    streaming = true;
    appendLiveBubble('user', prompt);
    const showAnswer = appendLiveBubble('assistant', '');
    const overSocket = config.transport !== 'sse';
    // The live form says where the answer went only in the response (a handoff); the document's form
    // sends it to every socket, so listen first.
    const fromSocket = overSocket && !liveWire ? socketAnswer(showAnswer) : null;
    fromSocket?.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
    const stopPolling = overSocket ? pollStreamStatusUntilIdle() : () => undefined;
    try {
      const response = await api('/backend-api/f/conversation', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({
          action: 'next',
          messages: [
            {
              id: crypto.randomUUID(),
              author: { role: 'user' },
              content: { content_type: 'text', parts: [prompt] },
              metadata: {},
            },
          ],
          conversation_id: conversationId,
          parent_message_id: currentNode,
          model: 'auto',
          timezone_offset_min: new Date().getTimezoneOffset(),
          conversation_mode: { kind: 'primary_assistant' },
        }),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      let answer = null;
      let sawSse = false;
      let handedOff = false;
      if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        void pollStreamStatusOnce(); // one poll on the SSE route as well
        const streamed = await sseAnswer(response, showAnswer);
        answer = streamed.text;
        sawSse = answer !== null;
        const [topicId] = streamed.handoffTopics;
        const [resumption] = streamed.resumeEndpoints;
        if (topicId !== undefined) {
          handedOff = true;
          answer = (await liveAnswer(topicId, showAnswer)) ?? answer;
        } else if (resumption !== undefined) {
          // site-interface 10.15: the rest of the answer over SSE, from its first event, with the token
          // the handoff gave.
          const resumed = await api(resumption.endpoint, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
            body: JSON.stringify({
              conversation_id: conversationId,
              offset: 0,
              resume_token: resumption.resume_token,
            }),
          });
          if (!resumed.ok) throw new Error(`resume: HTTP ${resumed.status}`);
          answer = (await sseAnswer(resumed, showAnswer)).text ?? answer;
          sawSse = answer !== null;
        }
      } else {
        await response.json();
      }
      if (fromSocket) answer = (await fromSocket) ?? answer;
      // site-interface 6: any stream-item frame makes the transport WebSocket, even next to an SSE answer.
      replica.transport = fromSocket || handedOff ? 'websocket' : sawSse ? 'sse' : null;
      replica.lastAnswer = answer;
    } catch (error) {
      fail(`answer: ${error.message}`);
    } finally {
      stopPolling();
      streaming = false;
    }
  }

  document.getElementById('composer').addEventListener('submit', (event) => {
    event.preventDefault();
    const box = document.getElementById('prompt');
    const prompt = box.value.trim();
    if (prompt === '' || streaming || !replica.loaded) return;
    box.value = '';
    void ask(prompt);
  });

  void boot();
})();

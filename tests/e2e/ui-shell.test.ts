import { unzipSync } from 'fflate';
import { describe, expect } from 'vitest';
import { VIEWS } from '@/components/views/registry';
import { featureSnapshot } from '@/features/index';
import { writeExport } from '@/lens/export/format-writers';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { NO_CAPTURE } from '@/lens/runtime/contract/tab-lens';
import { NOTHING_OBSERVED } from '@/lib/model/transport';
import { NO_OFFERS_RUN } from '@/lib/snapshot/snapshot-base';
import {
  CANVAS_FINAL,
  GENERATED_IMAGE_ID,
  UPLOADED_IMAGE_ID,
} from '@/tests/replica/fixtures/conversations/canvas-and-images';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { replicaImagePng } from '@/tests/replica/png';
import { searchQueriesFor } from '@/tests/replica/search-turn';
import { watchBrowser } from './browser-watch';
import { cliExport, cliInspection, withoutExportTime } from './cli-reading';
import {
  downloadedBytes,
  downloadedText,
  exportFromButton,
  exportFromMenu,
  pressExportShortcut,
} from './export-actions';
import { conversationSaying, HOSTILE_MESSAGE, type OpenedExport, openExport } from './exported-page';
import { test } from './lens-test';
import { askPrompt, waitForClient } from './replica-page';
import { setHostAccess } from './site-access';
import {
  expectNoCanary,
  openViews,
  seriousViolations,
  shoot,
  shootEveryLook,
  VIEW_LABELS,
  waitForViews,
} from './view-checks';

/**
 * export-format "HTML": the page opened from disk runs nothing, loads nothing and breaks no rule of its
 * policy; it fits a phone's width, is dark on a dark screen and prints on white; `shown` is in its text.
 */
function expectReadablePage(opened: OpenedExport, shown: string): void {
  expect(opened.scripts).toBe(0);
  expect(opened.violations).toEqual([]);
  expect(opened.console).toEqual([]);
  expect(opened.requests).toEqual([]);
  expect(opened.sidewaysOverflow).toBeLessThanOrEqual(0);
  expect(opened.darkBackground).not.toBe('rgb(255, 255, 255)');
  expect(opened.printBackground).toBe('rgb(255, 255, 255)');
  expect(opened.text).toContain(shown);
  expect(opened.title).not.toBe('ran');
}

/** A stored lens for a tab no relay writes to: the faces the worker's states lead to, drawn as stored. */
function lensWith(tabId: number, snapshot: Partial<LensSnapshot> | null): TabLens {
  const conversationId = FIXTURE_IDS.plain;
  const full: LensSnapshot | null =
    snapshot === null
      ? null
      : {
          conversationId,
          summary: null,
          ...featureSnapshot(null),
          turnLabels: {},
          promptVersions: [],
          transportCounts: NOTHING_OBSERVED,
          progress: { pagesLoaded: 0, messagesLoaded: 0, hasMore: false, loading: null },
          load: { status: 'idle', rateLimitedUntil: null, error: null },
          offersRefresh: NO_OFFERS_RUN,
          errors: [],
          warnings: [],
          governor: { blockedUntil: null, strikes: 0 },
          rateLimitedUntil: null,
          updatedAt: Date.now(),
          ...snapshot,
        };
  return {
    tabId,
    url: `https://chatgpt.com/c/${conversationId}`,
    onChatSite: true,
    conversationId,
    signedOut: false,
    visible: true,
    focused: true,
    captured: NO_CAPTURE,
    snapshot: full,
    refusal: null,
    updatedAt: Date.now(),
  };
}

/** A face the popup showed, and its text then. */
interface ShownFace {
  face: string;
  text: string;
}

/**
 * Run in the popup before its scripts: records each face it shows, in order, with the face's text. The
 * popup's first render is its tab's stored lens; its refresh may replace it a moment later (a lens restored
 * from storage is loaded again, and an earlier test of the file may have left the worker holding its
 * conversation), so the face a stored lens gives is its first.
 */
function recordFaces(): void {
  const shown: ShownFace[] = [];
  (window as unknown as { shownFaces: ShownFace[] }).shownFaces = shown;
  new MutationObserver(() => {
    const face = document.querySelector('main')?.getAttribute('data-face') ?? null;
    if (face !== null && shown.at(-1)?.face !== face)
      shown.push({ face, text: document.querySelector('.face')?.textContent ?? '' });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-face'] });
}

describe('the popup and the side panel: state faces', () => {
  test('another site and the chat site without a conversation say what to open', async ({ lens }) => {
    const own = await lens.openExtensionPage('popup.html');
    await expect.poll(() => own.locator('main').getAttribute('data-face')).toBe('not-on-site');
    await expect(own.getByRole('status').textContent()).resolves.toMatch(
      /Open a conversation on chatgpt.com/,
    );
    await shootEveryLook(own, 'face-not-on-site');

    const home = await lens.openChat('/');
    const popup = await lens.openExtensionPage('popup.html', home);
    await expect.poll(() => popup.locator('main').getAttribute('data-face')).toBe('no-conversation');
    await expect(popup.getByRole('heading', { name: 'No conversation open' }).isVisible()).resolves.toBe(
      true,
    );
    await shootEveryLook(popup, 'face-no-conversation');
    for (const page of [own, popup, home]) await page.close();
  });

  test('loading, signed out, rate limited, error and a refused prompt replace the views with what to do', async ({
    lens,
  }) => {
    const until = Date.now() + 90_000;
    const cases: Array<[string, Partial<LensSnapshot> | null, RegExp]> = [
      ['loading', null, /Reading the conversation/],
      [
        'signed-out',
        { load: { status: 'signed-out', rateLimitedUntil: null, error: null } },
        /sign in to chatgpt.com/,
      ],
      ['rate-limited', { rateLimitedUntil: until }, /sends nothing until \d\d:\d\d:\d\d/],
      [
        'error',
        {
          load: {
            status: 'failed',
            rateLimitedUntil: null,
            error: { code: 'server', message: 'The server answered 503.' },
          },
        },
        /The server answered 503\. .*tries again/,
      ],
      // A prompt the site refused, on a new chat: what the site said, not "no conversation".
      ['refused', null, /refused the prompt with HTTP 403: Unusual activity has been detected/],
    ];
    const refusal = {
      status: 403,
      words: 'Unusual activity has been detected from your device. Try again later.',
    };
    for (const [face, snapshot, text] of cases) {
      // A tab of its own per state, its lens stored before the popup opens: the popup's first render.
      const holder = await lens.context.newPage();
      await holder.goto(`chrome-extension://${lens.extensionId}/manifest.json?holder=${face}`);
      const tabId = await lens.tabIdOf(holder);
      await lens.serviceWorker.evaluate(
        ([key, value]) => chrome.storage.session.set({ [key as string]: value }),
        [
          `tabLens:${tabId}`,
          face === 'refused'
            ? { ...lensWith(tabId, null), url: 'https://chatgpt.com/', conversationId: null, refusal }
            : lensWith(tabId, snapshot),
        ] as const,
      );
      const popup = await lens.context.newPage();
      await popup.addInitScript(recordFaces);
      await popup.goto(`chrome-extension://${lens.extensionId}/popup.html?tabId=${tabId}`);
      const first = () =>
        popup.evaluate(() => (window as unknown as { shownFaces: ShownFace[] }).shownFaces[0] ?? null);
      await expect.poll(async () => (await first())?.face).toBe(face);
      expect((await first())?.text).toMatch(text);
      await shootEveryLook(popup, `face-${face}`);
      await popup.close();
      await holder.close();
    }
  });
});

describe('the popup and the side panel: a live shopping conversation', () => {
  test('show the header and every view by click or key, in both themes, with no serious axe finding', async ({
    lens,
  }) => {
    const { chat, page: popup } = await openViews(lens, 'liveShopping', 'popup.html');
    await expect(popup.getByTestId('conversation-title').textContent()).resolves.not.toBe('');
    await expect(popup.getByTestId('message-count').textContent()).resolves.toMatch(/^\d+ messages$/);
    // Loaded, not streamed: the badge says the transport is not seen yet, and why, to the pointer and to
    // assistive technology alike.
    const badge = popup.getByTestId('transport-badge');
    await expect(badge.textContent()).resolves.toBe('Transport: not seen yet');
    const why = 'The transport is known once an answer streams in this tab.';
    await expect(badge.getAttribute('title')).resolves.toBe(why);
    const describedBy = await badge.getAttribute('aria-describedby');
    await expect(popup.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(why);
    await expect(popup.getByTestId('freshness').textContent()).resolves.toMatch(/^updated /);
    expect(await seriousViolations(popup)).toEqual([]);

    // One key per view: the digits jump, the arrows move along the tab list.
    for (const [index, name] of VIEW_LABELS.entries()) {
      await popup.keyboard.press(String(index + 1));
      await expect(
        popup.getByRole('tab', { name, exact: false }).getAttribute('aria-selected'),
      ).resolves.toBe('true');
      await expect(
        popup.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().textContent(),
      ).resolves.toContain(name);
    }
    const [{ label: first }, { label: second }] = VIEWS;
    await popup.getByRole('tab', { name: new RegExp(first) }).click();
    await popup.keyboard.press('ArrowRight');
    await expect(
      popup.getByRole('tab', { name: new RegExp(second) }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await popup.getByRole('tab', { name: new RegExp(first) }).click();
    for (const scheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme: scheme });
      await shoot(popup, `popup-${first.toLowerCase()}-${scheme}`);
    }
    // Every view of this conversation in the side panel, in each theme and width, with axe on each:
    // tests/e2e/ui-views.test.ts.
    expectNoCanary(await popup.content());
    for (const page of [popup, chat]) await page.close();
  });

  test('the theme setting forces light or dark over the system theme', async ({ lens }) => {
    const { chat, page: popup } = await openViews(lens, 'plain', 'popup.html');
    await popup.emulateMedia({ colorScheme: 'light' });
    await popup.getByRole('button', { name: 'Settings' }).click();
    await popup.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => popup.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = () => popup.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(background).toBe('rgb(22, 24, 29)');
    await shoot(popup, 'popup-settings-dark-forced');
    await popup.getByLabel('Theme').selectOption('system');
    await expect.poll(background).toBe('rgb(255, 255, 255)');
    await popup.close();
    await chat.close();
  });

  test('a settings change the browser refuses is said, and the form keeps showing what is saved', async ({
    lens,
  }) => {
    const { chat, page: popup } = await openViews(lens, 'plain', 'popup.html');
    await popup.getByRole('button', { name: 'Settings' }).click();
    const footnotes = popup.getByRole('radio', { name: 'Footnotes' });
    const inline = popup.getByRole('radio', { name: 'Inline links' });
    // The local area full but for one byte (QUOTA_BYTES counts each key and its value as JSON):
    // "footnotes" is longer than "inline", so the settings no longer fit.
    await popup.evaluate(async () => {
      const room = chrome.storage.local.QUOTA_BYTES - (await chrome.storage.local.getBytesInUse(null));
      await chrome.storage.local.set({ filler: 'x'.repeat(room - '"filler""'.length - 1) });
    });
    // A click, not check(): the form shows the saved choice again, which check() takes for a failure.
    await footnotes.click();
    const said = popup.getByRole('alert').filter({ hasText: 'not saved' });
    await expect
      .poll(() => said.textContent())
      .toBe(
        "Your change was not saved: the browser's storage for Chat Lens settings is full. The settings shown are the ones saved.",
      );
    await expect.poll(() => inline.isChecked()).toBe(true);
    await shoot(popup, 'popup-settings-not-saved');
    await popup.evaluate(() => chrome.storage.local.remove('filler'));
    await footnotes.click();
    await expect.poll(() => footnotes.isChecked()).toBe(true);
    await expect.poll(() => said.count()).toBe(0);
    await inline.click();
    await expect.poll(() => inline.isChecked()).toBe(true);
    await popup.close();
    await chat.close();
  });
});

describe('export', () => {
  test('the Export button and each menu item download the files; Copy as Markdown fills the clipboard', async ({
    lens,
  }) => {
    const { chat, page: popup } = await openViews(lens, 'liveShopping', 'popup.html');
    await lens.context.grantPermissions(['clipboard-read', 'clipboard-write']);

    const [primary] = await Promise.all([
      popup.waitForEvent('download'),
      popup.getByRole('button', { name: /^Export/ }).click(),
    ]);
    expect(primary.suggestedFilename()).toMatch(/\.md$/);
    const markdown = await downloadedText(primary);
    expect(markdown.startsWith('---\ntitle: ')).toBe(true);
    expect(markdown).toContain('## Transcript');
    expectNoCanary(markdown);
    await expect(popup.getByTestId('export-status').textContent()).resolves.toContain('Saved ');

    const menuButton = popup.getByRole('button', { name: 'More export options' });
    const expected = {
      'Export Markdown': /\.md$/,
      'Export JSON': /\.json$/,
      'Export CSV': /\.csv$/,
      'Export HTML': /\.html$/,
    };
    for (const [item, name] of Object.entries(expected)) {
      await menuButton.click();
      const [download] = await Promise.all([
        popup.waitForEvent('download'),
        popup.getByRole('menuitem', { name: item }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(name);
      const text = await downloadedText(download);
      expectNoCanary(text);
      if (item === 'Export JSON') expect(JSON.parse(text)).toMatchObject({ schema: 'chat-lens/export@1' });
      if (item === 'Export CSV') expect(text.split('\n')[0]).toContain(',');
      if (item === 'Export HTML') expectReadablePage(await openExport(lens.context, text), 'Transcript');
    }
    // The same writer on a prompt full of markup: Chromium shows it as text and runs and loads none of it.
    const hostile = writeExport(conversationSaying(FIXTURE_IDS.liveShopping, HOSTILE_MESSAGE), 'html', {
      exportedAt: new Date(),
    });
    const opened = await openExport(lens.context, hostile);
    expectReadablePage(opened, '<img src=x onerror="document.title = \'ran\'">');
    expect(opened.text).toContain('<script>document.title = "ran"</script>');

    // The keyboard reaches the menu too: Enter opens it, arrows move, Escape closes it.
    await menuButton.focus();
    await popup.keyboard.press('Enter');
    await expect(
      popup
        .getByRole('menuitem', { name: 'Export Markdown' })
        .evaluate((item) => item === document.activeElement),
    ).resolves.toBe(true);
    await popup.keyboard.press('ArrowUp');
    await expect(
      popup
        .getByRole('menuitem', { name: 'Copy as Markdown' })
        .evaluate((item) => item === document.activeElement),
    ).resolves.toBe(true);
    await shoot(popup, 'popup-export-menu');
    await popup.keyboard.press('Escape');
    await expect(popup.getByRole('menu').count()).resolves.toBe(0);

    await menuButton.click();
    await popup.getByRole('menuitem', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => popup.getByTestId('export-status').textContent()).toContain('Copied as Markdown');
    const copied = await popup.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('## Transcript');
    expectNoCanary(copied);
    await popup.close();
    await chat.close();
  });

  test.for([
    ['Markdown', 'md'],
    ['JSON', 'json'],
    ['CSV', 'csv'],
  ] as const)(
    'Export %s downloads what the command line writes for the live search conversation',
    async ([label, format], { lens }) => {
      // firefox-popup.test.ts holds the Firefox build's files of this conversation to the same output.
      const { chat, page: popup } = await openViews(lens, 'liveSearch', 'popup.html');
      const { ads } = cliInspection('liveSearch');
      // The ads come after the messages: the file is taken once the popup counts them.
      await expect
        .poll(() => popup.getByRole('tab', { name: /Ads/ }).locator('.tabs__count').textContent(), {
          timeout: 20_000,
        })
        .toBe(String(ads?.adCount));
      const file = await exportFromMenu(popup, `Export ${label}`);
      expect(withoutExportTime(file)).toBe(withoutExportTime(cliExport('liveSearch', format)));
      await popup.close();
      await chat.close();
    },
  );

  test('the keyboard shortcut exports the active conversation in the default format without opening anything', async ({
    lens,
  }) => {
    const chat = await lens.openChat(`/c/${FIXTURE_IDS.liveShopping}`);
    await waitForClient(chat, (client) => client.loaded);
    await chat.bringToFront();
    const commands = await lens.serviceWorker.evaluate(() => chrome.commands.getAll());
    expect(commands.map((command) => command.name)).toContain('export-conversation');
    const extensionPages = () =>
      lens.context.pages().filter((page) => page.url().startsWith('chrome-extension://'));
    const openBefore = extensionPages().length;
    const downloaded = chat.waitForEvent('download', { timeout: 20_000 });
    await pressExportShortcut(lens.serviceWorker);
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.md$/);
    const text = await downloadedText(download);
    expect(text).toContain('## Transcript');
    expectNoCanary(text);
    expect(extensionPages().length).toBe(openBefore);
    await chat.close();
  });

  test('the file-name and front-matter templates and the transcript choices of the settings shape the export; a typo is refused, saying why', async ({
    lens,
  }) => {
    const { chat, page: popup } = await openViews(lens, 'liveShopping', 'popup.html');
    await popup.getByRole('button', { name: 'Settings' }).click();
    const fileName = popup.getByLabel('File name');
    await fileName.fill('{title} {tilte}');
    await fileName.press('Enter');
    await expect(fileName.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(popup.getByText('{tilte} is not a field').count()).resolves.toBe(1);
    await shootEveryLook(popup, 'popup-settings-templates', { axe: true });
    await fileName.fill('{title} ({date})');
    await fileName.press('Enter');
    const frontMatter = popup.getByLabel(/Markdown front matter/);
    await frontMatter.fill('title: {title}\ntags: chatgpt');
    await fileName.focus();
    await expect.poll(() => frontMatter.inputValue()).toBe('title: {title}\ntags: chatgpt');
    const toolCalls = popup.getByLabel('Tool calls');
    const timestamps = popup.getByLabel('Time of each prompt (UTC)');
    await toolCalls.selectOption('none');
    // The box shows the stored setting: it turns on once the change is saved, not at the click.
    await timestamps.click();
    await expect.poll(() => timestamps.isChecked()).toBe(true);
    await expect.poll(() => toolCalls.inputValue()).toBe('none');

    const [download] = await Promise.all([
      popup.waitForEvent('download'),
      popup.getByRole('button', { name: /^Export/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\S.* \(\d{4}-\d\d-\d\d\)\.md$/);
    const markdown = await downloadedText(download);
    expect(markdown).toMatch(/^---\ntitle: "[^"\n]+"\ntags: "chatgpt"\n---\n\n# /);
    // export-format "Options": each prompt's time under its heading, no tool call or output line.
    expect(markdown).toMatch(/^### User\n\n_\d{4}-\d\d-\d\d \d\d:\d\d UTC_\n/m);
    expect(markdown).not.toMatch(/^_(Searched|Called|Opened|Looked up products|web\.run)[: ]/m);

    // Back to the defaults, for the other tests of this browser.
    await popup.getByRole('button', { name: 'Restore the defaults' }).click();
    await expect.poll(() => fileName.inputValue()).toBe('{date} {title}');
    await toolCalls.selectOption('shown');
    await timestamps.click();
    await expect.poll(() => timestamps.isChecked()).toBe(false);
    await expect.poll(() => toolCalls.inputValue()).toBe('shown');
    await popup.close();
    await chat.close();
  });
  test('a conversation with searches, a canvas and images exports as Markdown, a ZIP and an HTML page; the images are fetched only once asked for', async ({
    lens,
  }) => {
    const { chat, page: popup } = await openViews(lens, 'canvasAndImages', 'popup.html');
    await expect
      .poll(() =>
        chat
          .locator('img.image')
          .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true, true]);
    const imageRequests = () =>
      lens.replica.requests({ origin: 'extension', pathPrefix: '/backend-api/estuary/' }).length;
    const zipOf = async (): Promise<Record<string, Uint8Array>> => {
      await popup.getByRole('button', { name: 'More export options' }).click();
      const [download] = await Promise.all([
        popup.waitForEvent('download', { timeout: 30_000 }),
        popup.getByRole('menuitem', { name: 'Export ZIP' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      return unzipSync(new Uint8Array(await downloadedBytes(download)));
    };
    const textOf = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);

    // Without images: the Markdown with the canvas and a line naming each image, the canvas as its file.
    const plain = await zipOf();
    const names = Object.keys(plain);
    const document = names.find((name) => name.endsWith('.md') && !name.includes('/')) as string;
    const folder = `${document.slice(0, -3)} files`;
    expect(names.sort()).toEqual([document, `${folder}/Trip budget.py`].sort());
    expect(textOf(plain[`${folder}/Trip budget.py`])).toBe(CANVAS_FINAL);
    const markdown = textOf(plain[document]);
    expect(markdown).toContain(
      `#### Trip budget\n\n_Canvas · code/python · version 2_\n\n\`\`\`python\n${CANVAS_FINAL}`,
    );
    expect(markdown).toContain(`_Generated image 1: ${GENERATED_IMAGE_ID}, 1024×1024`);
    // The image tool under a name of the day, known by its metadata: never its name, call or words.
    expect(markdown).toContain('_Image generated_');
    expect(markdown).not.toMatch(/t7kq2xz|skipped_mainline|Processing image/);
    expect(markdown).toContain('**Sources**');
    expect(markdown).not.toContain('GPT-4o returned 1 images');
    expectNoCanary(markdown);
    expect(imageRequests()).toBe(0);

    await popup.getByRole('button', { name: 'Settings' }).click();
    const includeImages = popup.getByLabel('Include images in ZIP and HTML');
    await includeImages.click();
    await expect.poll(() => includeImages.isChecked()).toBe(true);

    // With images: each image as the file service served it, shown by the Markdown from the folder.
    const withImages = await zipOf();
    // Named by the file id, or by the name the user's upload had.
    for (const [fileId, name] of [
      [GENERATED_IMAGE_ID, `${GENERATED_IMAGE_ID}.png`],
      [UPLOADED_IMAGE_ID, 'IMG_4810.jpeg'],
    ])
      expect(Buffer.from(withImages[`${folder}/${name}`] ?? [])).toEqual(replicaImagePng(fileId as string));
    expect(textOf(withImages[document])).toContain(
      `![Generated image 1 (1024×1024)](<${folder}/${GENERATED_IMAGE_ID}.png>)`,
    );
    expect(imageRequests()).toBe(2);

    // The HTML holds the images itself: opened from disk it shows both and loads nothing.
    await popup.getByRole('button', { name: 'More export options' }).click();
    const [download] = await Promise.all([
      popup.waitForEvent('download', { timeout: 30_000 }),
      popup.getByRole('menuitem', { name: 'Export HTML' }).click(),
    ]);
    const html = await downloadedText(download);
    expectNoCanary(html);
    const opened = await openExport(lens.context, html);
    expectReadablePage(opened, 'Trip budget');
    expect(opened.imageWidths).toEqual([16, 16]);
    expect(imageRequests()).toBeLessThanOrEqual(4);

    await includeImages.click();
    await expect.poll(() => includeImages.isChecked()).toBe(false);
    await popup.close();
    await chat.close();
  });
});

describe('the side panel, live', () => {
  test('shows the new messages of a prompt once its answer streamed, without a click', async ({ lens }) => {
    const { chat, page: panel } = await openViews(lens, 'liveShopping', 'sidepanel.html');
    const count = async () => Number((await panel.getByTestId('message-count').textContent())?.split(' ')[0]);
    const before = await count();
    await askPrompt(chat, 'Which of these noise-cancelling headphones has the best microphone?');
    await expect.poll(count, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
    await panel.close();
    await chat.close();
  });

  test('readies the Export file as the pointer or the focus comes to the button, and never gives a file readied before the last answer', async ({
    lens,
  }) => {
    const { chat, page: panel } = await openViews(lens, 'liveShopping', 'sidepanel.html');
    const exportButton = panel.getByRole('button', { name: /^Export/ });
    const readied = panel.locator('button[data-readied="true"]');
    await exportButton.hover();
    await readied.waitFor({ timeout: 20_000 });
    const count = async () => Number((await panel.getByTestId('message-count').textContent())?.split(' ')[0]);
    const before = await count();
    const prompt = 'Which of these earbuds stays put on a long run?';
    await askPrompt(chat, prompt);
    await expect.poll(count, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
    // The body readied before the answer is of the conversation as it was: the click writes the file anew.
    const writtenAtClick = await exportFromButton(panel);
    expect(writtenAtClick).toContain(prompt);
    // Readied now by the keyboard's focus, the file is whole: its head (the front matter and the title) then
    // its body, the new answer in it. (The answer's product refresh may still change the conversation
    // meanwhile, so it is not compared with the file before; the unit tests compare the two ways.)
    await exportButton.blur();
    await exportButton.focus();
    await readied.waitFor({ timeout: 20_000 });
    const fromReadied = await exportFromButton(panel);
    const title = /^# .+$/m.exec(writtenAtClick)?.[0];
    expect(fromReadied.startsWith('---\ntitle: ')).toBe(true);
    expect(fromReadied).toContain(`\n---\n\n${title}\n\n`);
    expect(fromReadied).toContain(prompt);
    expect(fromReadied).toContain('\n## Details\n');
    await panel.close();
    await chat.close();
  });

  test("shows a new turn's queries and its cited pages once its answer streamed, without a click", async ({
    lens,
  }) => {
    // liveSearch answers a typed prompt with a web search (tests/replica/search-turn.ts): its queries and
    // pages reach only the messages format, which the worker loads after the stream ends
    // (site-interface 9.1).
    const { chat, page: queriesPanel } = await openViews(lens, 'liveSearch', 'sidepanel.html');
    const sourcesPanel = await lens.openExtensionPage('sidepanel.html', chat);
    await waitForViews(lens, sourcesPanel, chat, 20_000);
    // Each panel shows one view, chosen before the prompt; after it nothing in either is touched.
    for (const panel of [queriesPanel, sourcesPanel])
      await panel.setViewportSize({ width: 800, height: 2_000 });
    await queriesPanel.getByRole('tab', { name: /Queries/ }).click();
    await sourcesPanel.getByRole('tab', { name: /Sources/ }).click();
    const prompt = 'Which Lisbon bakeries open before eight in the morning?';
    const pageRow = (name: RegExp) =>
      sourcesPanel
        .getByRole('tabpanel')
        .getByRole('listitem')
        .filter({ has: sourcesPanel.getByRole('link', { name }) });
    const citedPage = pageRow(/^guide on question \d+, part 0$/);
    const retrievedPage = pageRow(/^forum on question \d+, part 3$/);
    for (const query of searchQueriesFor(prompt))
      expect(await queriesPanel.getByRole('tabpanel').getByText(query, { exact: true }).count()).toBe(0);
    expect(await citedPage.count()).toBe(0);

    await askPrompt(chat, prompt);
    for (const query of searchQueriesFor(prompt))
      await expect
        .poll(() => queriesPanel.getByRole('tabpanel').getByText(query, { exact: true }).count(), {
          timeout: 20_000,
        })
        .toBe(1);
    await expect.poll(() => citedPage.count(), { timeout: 20_000 }).toBe(1);
    // The stream shows a page as the search retrieved it first, and as cited once the answer cites it.
    await expect.poll(() => citedPage.textContent(), { timeout: 20_000 }).toMatch(/Cited/);
    // Retrieved by the search, not cited by the answer.
    await expect(retrievedPage.textContent()).resolves.toMatch(/Retrieved/);
    await expect(retrievedPage.textContent()).resolves.not.toMatch(/Cited/);
    // Both under the new turn: the last turn heading of each view names the prompt.
    for (const panel of [queriesPanel, sourcesPanel])
      await expect(
        panel.getByRole('tabpanel').getByRole('heading', { level: 3 }).last().textContent(),
      ).resolves.toContain(prompt);
    await shoot(queriesPanel, 'sidepanel-live-queries');
    await shoot(sourcesPanel, 'sidepanel-live-sources');
    for (const page of [queriesPanel, sourcesPanel, chat]) await page.close();
  });
});

describe('the shapes the site sends in 2026, as a user meets them (site-interface 10.9)', () => {
  test('a renamed content type: its words still export, the header says so quietly and copies a shape report', async ({
    lens,
  }) => {
    await lens.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { chat, page: popup } = await openViews(lens, 'shapeDrift', 'popup.html');
    const health = popup.getByTestId('reading-health');
    await expect.poll(() => health.textContent(), { timeout: 10_000 }).toContain('1 shape not read');
    // Quiet: an outlined badge in the header, never a banner over the views.
    await expect(popup.locator('[data-banner]').count()).resolves.toBe(0);
    await health.getByRole('button', { name: /shape report/ }).click();
    await expect.poll(() => health.getByRole('button').textContent()).toBe('Copied');
    const report = await popup.evaluate(() => navigator.clipboard.readText());
    expect(report).toMatch(/^Chat Lens \d+\.\d+\.\d+: shapes not read\n/);
    expect(report).toContain('- content type: text_v3 ×1 at message.content.content_type');
    expect(report).not.toMatch(/rain shell|Porto|Packing list/);
    await popup.getByRole('tab', { name: 'Details' }).click();
    await expect(popup.getByRole('list', { name: 'Not read' }).textContent()).resolves.toContain(
      'content type text_v3',
    );
    const markdown = await exportFromMenu(popup, 'Export Markdown');
    expect(markdown).toContain('A packable rain shell, quick-dry trousers');
    expect(markdown).toContain('- Not read: content type `text_v3`');
    expect(await seriousViolations(popup)).toEqual([]);
    await shootEveryLook(popup, 'shape-not-read');
    await popup.close();
    await chat.close();
  });

  test('an answer made by a UI program shows its readable form and cited pages, never a line of the program', async ({
    lens,
  }) => {
    const { chat, page: panel } = await openViews(lens, 'uiProgram', 'sidepanel.html');
    await expect(panel.getByTestId('reading-health').count()).resolves.toBe(0);
    await panel.getByRole('tab', { name: 'Sources' }).click();
    const sources = panel.getByRole('tabpanel');
    await expect
      .poll(() => sources.textContent(), { timeout: 10_000 })
      .toContain('Larkspur C2 range test in city traffic');
    await expect(sources.textContent()).resolves.toContain('Belt drives: what upkeep they need');
    await shootEveryLook(panel, 'ui-program-sources');
    const markdown = await exportFromMenu(panel, 'Export Markdown');
    expect(markdown).toContain('| Larkspur C2 | 90 km | 21 kg |');
    expect(markdown).toContain('_Interactive chart: open the conversation to use it._');
    expect(markdown).toContain('(Memory)');
    expect(markdown).toContain('[Cycle Lab](<https://www.cyclelab.example/larkspur-c2-range-test>)');
    expect(markdown).not.toMatch(
      /\{@body|DIL\.|<box|<segmented-control|\{#if|\{#each|<ChartsWidget|[\ue200-\ue2ff]/,
    );
    await panel.close();
    await chat.close();
  });

  test('an agent-mode run exports as what the agent did, and reads in full', async ({ lens }) => {
    const { chat, page: popup } = await openViews(lens, 'agentMode', 'popup.html');
    await expect(popup.getByTestId('reading-health').count()).resolves.toBe(0);
    await popup.getByRole('tab', { name: 'Details' }).click();
    await expect(popup.getByText(/^Nothing: every content type/).count()).resolves.toBe(1);
    const markdown = await exportFromMenu(popup, 'Export Markdown');
    expect(markdown).toContain('_Agent: started its computer_');
    expect(markdown).toMatch(/_Agent: on \[[^\]]+\]\(<https:\/\/[^>]+>\)_/);
    expect(markdown).toMatch(/_Screenshot \d+: file_\w+, \d+×\d+/);
    // Never the tool's JSON, its name or the obfuscated keys.
    expect(markdown).not.toMatch(/computer\.do|computer_id|n7jupd|"actions"/);
    expectNoCanary(markdown);
    await shootEveryLook(popup, 'agent-mode-details');
    await popup.close();
    await chat.close();
  });
});

describe('chatgpt.com access withdrawn', () => {
  // Last in the file: it withdraws the site for the whole browser, and gives it back whatever happens.
  test('"On click" site access turns both views to a face that asks for the site; given back, the tab works after the reload it offers', async ({
    lens,
  }) => {
    const watch = await watchBrowser(lens.context);
    const { chat, page: popup } = await openViews(lens, 'liveSearch', 'popup.html');
    const panel = await lens.openExtensionPage('sidepanel.html', chat);
    await waitForViews(lens, panel, chat);
    const views = [popup, panel];
    try {
      await setHostAccess(lens.context, lens.extensionId, 'ON_CLICK');
      for (const view of views)
        await expect.poll(() => view.locator('main').getAttribute('data-face')).toBe('access-off');
      await expect(
        popup.getByRole('heading', { name: 'chatgpt.com access is off' }).isVisible(),
      ).resolves.toBe(true);
      const allow = popup.getByRole('button', { name: 'Allow chatgpt.com' });
      await allow.focus();
      await expect(allow.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
      await shootEveryLook(popup, 'face-access-off', { axe: true });

      // While it is off a reloaded tab runs no relay, and a popup opened then says so at its first render.
      const heardBefore = lens.replica.requests({ origin: 'extension' }).length;
      await chat.reload();
      await waitForClient(chat, (client) => client.loaded);
      const late = await lens.context.newPage();
      await late.goto(popup.url());
      await expect.poll(() => late.locator('main').getAttribute('data-face')).toBe('access-off');
      expect(lens.replica.requests({ origin: 'extension' }).length).toBe(heardBefore);

      // The grant, through the browser's own control: the views follow it, and the tab loaded while the
      // site was off gets the reload the browser needs to run the relay in it.
      await setHostAccess(lens.context, lens.extensionId, 'ON_ALL_SITES');
      for (const view of [...views, late])
        await expect.poll(() => view.locator('main').getAttribute('data-face')).toBe('reload-needed');
      await shootEveryLook(popup, 'face-reload-needed');
      await popup.getByRole('button', { name: 'Reload the tab' }).focus();
      await popup.keyboard.press('Enter');
      for (const view of [...views, late]) await waitForViews(lens, view, chat, 20_000);
      await late.close();
    } finally {
      await setHostAccess(lens.context, lens.extensionId, 'ON_ALL_SITES');
    }
    await watch.settled();
    const extensionLines = watch.consoleLines.filter(
      (line) =>
        line.startsWith('service worker') || line.startsWith(`chrome-extension://${lens.extensionId}`),
    );
    expect(extensionLines).toEqual([]);
    for (const page of [popup, panel, chat]) await page.close();
  });
});

import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/canaries';
import { conversationsExport } from '@/tests/replica/fixtures/formats';
import { storedConversations } from '@/tests/support/data-export-files';
import { adsJson, messageFeedbackJson } from '@/tests/unit/fixtures/data-export-side-files';
import { zipOf } from '@/tests/unit/fixtures/zip-bytes';
import { run } from './run-in-memory';

const items = conversationsExport(storedConversations(['webSearch', 'plain'])) as Array<{ id: string }>;
const [first] = items;
const conversationId = first?.id as string;

const exportZip = (): Uint8Array =>
  zipOf({
    'conversations.json': JSON.stringify(items),
    'ads.json': JSON.stringify(adsJson(conversationId, 'answer-7')),
    'message_feedback.json': JSON.stringify(messageFeedbackJson(conversationId, 'answer-7')),
    'chat.html': '<html></html>',
    'export_manifest.json': '{"files": []}',
    'notes-from-support.txt': 'hello',
    'file_00000000feed-photo.png': Uint8Array.from([1, 2, 3]),
  });

describe("inspect reads a data export's side files (site-interface 10.8)", () => {
  it('ends the summary with the interests, the ad history, the ratings and the unknown files', async () => {
    const result = await run(['export.zip'], { 'export.zip': exportZip() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Interests ChatGPT's ads inferred {2}Hiking gear, Sourdough baking\n/);
    expect(result.stdout).toContain(
      'Ad history                        2 ads shown (Trailhead Outfitters, Crumb & Co); 1 in no conversation; 1 hidden, 0 reported; 2 entries unreadable',
    );
    expect(result.stdout).toContain(
      'Rated answers                     2 in 1 conversation; 1 entry unreadable',
    );
    expect(result.stdout).toContain('Unknown files                     1 (notes-from-support.txt)');
    // The conversation the feedback names counts its rated answers; its ad is in its Ads line.
    expect(result.stdout).toContain('Rated      2 (1 up, 1 down)');
    expect(result.stdout).toContain('Ads        1 ad (Trailhead Outfitters)');
  });

  it("puts a conversation's ads and ratings in its JSON document, dated and without tracking values", async () => {
    const result = await run(['export.zip', '--format', 'json'], { 'export.zip': exportZip() });
    expect(result.stderr).toBe('');
    const [document, other] = JSON.parse(result.stdout) as Array<{
      ads: { ads: Array<{ advertiser: string; shownAt: number }> } | null;
      ratings: unknown[];
    }>;
    expect(document?.ads?.ads.map((ad) => [ad.advertiser, ad.shownAt])).toEqual([
      ['Trailhead Outfitters', Date.parse('2026-03-14T09:26:53Z')],
    ]);
    expect(document?.ratings).toEqual([
      { messageId: 'answer-7', rating: 'up', ratedAt: 1773480500000 },
      { messageId: 'another-answer', rating: 'down', ratedAt: null },
    ]);
    expect(other?.ads).toBeNull();
    expect(other?.ratings).toEqual([]);
    expect(result.stdout).not.toContain(AD_TRACKING_CANARY);
  });

  it("lists the export's side files in the archive's report, the account's ads with their dates", async () => {
    const result = await run(['export.zip', '--zip', 'all.zip', '--format', 'json'], {
      'export.zip': exportZip(),
    });
    expect(result.code).toBe(0);
    const entries = unzipSync(result.writtenBytes.get('all.zip') as Uint8Array);
    const report = JSON.parse(new TextDecoder().decode(entries['report.json']));
    expect(report.export).toEqual({
      interests: ['Hiking gear', 'Sourdough baking'],
      ads: {
        shown: 2,
        hidden: 1,
        reported: 0,
        unreadable: 2,
        ofTheAccount: [
          {
            advertiser: 'Crumb & Co',
            title: null,
            link: 'https://crumb.example/starter',
            shownAt: new Date(1773480413500).toISOString(),
          },
        ],
      },
      ratings: { answers: 2, unreadable: 1 },
      unknownFiles: ['notes-from-support.txt'],
      unreadableFiles: [],
    });
    const everything = Object.values(entries)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(everything).not.toContain(AD_TRACKING_CANARY);
    expect(everything).toContain('Trailhead Outfitters');
  });

  it('counts a side file that is no JSON, and reads the conversations all the same', async () => {
    const zip = zipOf({ 'conversations.json': JSON.stringify(items), 'ads.json': '{"ads_profile": [' });
    const result = await run(['export.zip'], { 'export.zip': zip });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Unreadable files  ads.json');
    expect(result.stdout.match(/^Title/gm)).toHaveLength(2);
  });

  it('reads the side files beside a conversations.json named alone, naming no other file of its folder', async () => {
    const result = await run(['export/conversations.json'], {
      'export/conversations.json': JSON.stringify(items),
      'export/message_feedback.json': JSON.stringify(messageFeedbackJson(conversationId, 'answer-7')),
      'export/holiday.jpeg.txt': 'not of the export',
    });
    expect(result.stdout).toContain('Rated answers  2 in 1 conversation; 1 entry unreadable');
    expect(result.stdout).not.toContain('Unknown files');
  });

  it("closes the ads table with the account's ads that name no conversation, dated, without tracking", async () => {
    const result = await run(['export.zip', '--format', 'library-jsonl', '--out', 'out/t.jsonl'], {
      'export.zip': exportZip(),
    });
    expect(result.code, result.stderr).toBe(0);
    const rows = (result.written.get('out/t.ads.jsonl') ?? '')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((row) => [row.advertiser, row.conversation_id === null])).toEqual([
      ['Trailhead Outfitters', false],
      ['Crumb & Co', true],
    ]);
    // inspect keeps no answer's text, so no ad's naming is known; the account's ad names no answer at all.
    expect(rows.map((row) => row.advertiser_named)).toEqual([null, null]);
    expect(rows.at(-1)?.advertiser_cited).toBeNull();
    expect(rows.at(-1)?.shown_at).toBe(new Date(1773480413500).toISOString());
    expect(result.written.get('out/t.ads.jsonl')).not.toContain(AD_TRACKING_CANARY);
  });
});

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { exportQueriesCsv } from '@/features/queries/queries-csv';
import { inspectConversationOnly } from '@/lens/cli/inspect-file';
import { normalizeDataExportItem } from '@/lib/model/data-export';
import { conversationsExport, generateConversation } from '@/tests/replica/fixtures/formats';
import { seededRandom } from '@/tests/replica/fixtures/random';
import { liveExportItem } from './data-export-files';

export interface BigExport {
  bytes: number;
  conversations: number;
  /** The size of `inspect --format csv` over the file: a copy under another id of the same length has rows of the same size. */
  csvBytes: number;
}

/** Messages per conversation of the pool: most chats are short, a few are long. */
const POOL_SIZES = [4, 6, 10, 16, 24, 40, 60, 100, 160, 260, 420, 700, 1_200, 2_400];

/** When a generated export is long enough, from what it holds so far. */
type Enough = (bytes: number, conversations: number) => boolean;

/** The power the pool's draw is raised to: 2 favours the short conversations, as a real history does. */
const HISTORY_SKEW = 2;

/**
 * Writes a data export of at least `minimumBytes` to `path` without holding it in memory: conversations of
 * the replica's generator in varied sizes, in the document's form and the live site's (every other one), each
 * written as many times as needed under a fresh id. One line of JSON, as the site's export is. Resolves with
 * what was written.
 */
export const writeBigExport = (path: string, minimumBytes: number, seed = 0x0b16_e4a0): Promise<BigExport> =>
  writeGeneratedExport(path, (bytes) => bytes >= minimumBytes, HISTORY_SKEW, seed);

/**
 * The same export, of exactly `conversations` conversations, whatever their bytes come to; a `skew` of 1
 * draws every size of the pool alike, and below 1 favours the long conversations.
 */
export const writeExportOfConversations = (
  path: string,
  conversations: number,
  skew = HISTORY_SKEW,
  seed = 0x0b16_e4a0,
): Promise<BigExport> =>
  writeGeneratedExport(path, (_bytes, written) => written >= conversations, skew, seed);

async function writeGeneratedExport(
  path: string,
  enough: Enough,
  skew: number,
  seed: number,
): Promise<BigExport> {
  const header = exportQueriesCsv([]);
  const pool = POOL_SIZES.map((messages, index) => {
    const conversation = generateConversation(messages, seed + index);
    const item =
      index % 2 === 0 ? (conversationsExport([conversation]) as unknown[])[0] : liveExportItem(conversation);
    const normalized = normalizeDataExportItem(item, 0);
    if (!normalized.ok) throw new Error(normalized.error.message);
    const rows = exportQueriesCsv([inspectConversationOnly(normalized.value)]).slice(header.length);
    return { id: conversation.id, text: JSON.stringify(item), csvBytes: Buffer.byteLength(rows) };
  });
  const random = seededRandom(seed);
  const stream = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  let bytes = 0;
  let conversations = 0;
  let csvBytes = Buffer.byteLength(header);
  await write('[');
  bytes += 1;
  while (!enough(bytes, conversations)) {
    const entry = pool[Math.floor(random.next() ** skew * pool.length)];
    if (entry === undefined) throw new Error('pool entry missing');
    const { id, text, csvBytes: rowBytes } = entry;
    const copy = `${conversations === 0 ? '' : ','}${text.replaceAll(id, random.uuid())}`;
    await write(copy);
    bytes += Buffer.byteLength(copy);
    conversations += 1;
    csvBytes += rowBytes;
  }
  await write(']\n');
  bytes += 2;
  stream.end();
  await once(stream, 'finish');
  return { bytes, conversations, csvBytes };
}

import type { DataExportLayout } from './data-export-layout';
import { type ExportAds, readExportAds } from './export-ads';
import { type MessageFeedback, readMessageFeedback } from './message-feedback';
import { parseJson } from './parse-json';
import { textOf } from './text-of';

/**
 * The files a data export holds beside its conversations (site-interface 10.8), as far as a reader takes
 * them: `ads.json` and `message_feedback.json` read; the others known and left as they are; any file no
 * reader knows named, never fatal (architecture "Tolerant reader").
 */
export interface DataExportMembers {
  /** `ads.json` read; null when the export holds none. */
  ads: ExportAds | null;
  /** `message_feedback.json` read; null when the export holds none. */
  feedback: MessageFeedback | null;
  /** Files beside the conversations no reader knows, by name. */
  unknown: string[];
  /** Known files that could not be read as JSON, by name. */
  unreadable: string[];
}

export const NO_EXPORT_MEMBERS: DataExportMembers = {
  ads: null,
  feedback: null,
  unknown: [],
  unreadable: [],
};

const ADS = 'ads.json';
const FEEDBACK = 'message_feedback.json';

/** The files of the 2026 exports and older ones that a reader knows and leaves as they are. */
const KNOWN_FILES: ReadonlySet<string> = new Set([
  ADS,
  FEEDBACK,
  'export_manifest.json',
  'library_files.json',
  'user_settings.json',
  'shared_conversations.json',
  'chat.html',
  'user.json',
  'model_comparisons.json',
  'conversation_asset_file_names.json',
]);

/** An image or attachment: `file-<id>-<name>`, `file_…-<name>`, a `.dat` file, or an image or sound by name. */
const ASSET_FILE = /^file[-_]|\.(dat|png|jpe?g|gif|webp|wav|mp3|m4a|ogg)$/i;

/** A side file parsed; undefined when it cannot be read or is no JSON. */
async function jsonOf(chunks: AsyncIterable<Uint8Array>): Promise<unknown> {
  try {
    const parsed = parseJson(await textOf(chunks));
    return parsed.ok ? parsed.value : undefined;
  } catch {
    return undefined;
  }
}

/** The export's side files read from the layout's folder; `read` takes a full name, as DataExportFiles's. */
export async function readDataExportMembers(
  layout: Pick<DataExportLayout, 'folder' | 'files'>,
  read: (name: string) => AsyncIterable<Uint8Array>,
): Promise<DataExportMembers> {
  const { folder, files } = layout;
  const unreadable: string[] = [];
  const parsed = async (name: string): Promise<unknown> => {
    if (!files.includes(name)) return undefined;
    const value = await jsonOf(read(`${folder}${name}`));
    if (value === undefined) unreadable.push(name);
    return value;
  };
  const adsFile = await parsed(ADS);
  const feedbackFile = await parsed(FEEDBACK);
  return {
    ads: adsFile === undefined ? null : readExportAds(adsFile),
    feedback: feedbackFile === undefined ? null : readMessageFeedback(feedbackFile),
    unknown: files.filter((name) => !KNOWN_FILES.has(name) && !ASSET_FILE.test(name)),
    unreadable,
  };
}

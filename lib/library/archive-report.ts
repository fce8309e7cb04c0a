import type { SelectionFilter } from '@/lib/export/selection-filter';
import { countOf } from '@/lib/model/count-text';
import type { DataExportMembers } from '@/lib/model/data-export-members';
import type { ExportAd } from '@/lib/model/export-ads';

/** An ad of the account, shown in no conversation the ad history names: the report lists it. */
export interface AccountAd {
  advertiser: string | null;
  title: string | null;
  /** Where it leads, without tracking values (ad-record.ts). */
  link: string | null;
  /** ISO 8601, UTC; null when its entry gives no time. */
  shownAt: string | null;
}

/** What a data export's side files said (site-interface 10.8), beside its conversations. */
export interface ExportReport {
  /** The interests ChatGPT's ads inferred. */
  interests: string[] | null;
  /** The ad history: the ads of conversations are in their documents and the ads table. */
  ads: {
    shown: number;
    hidden: number;
    reported: number;
    unreadable: number;
    ofTheAccount: AccountAd[];
  } | null;
  ratings: { answers: number; unreadable: number } | null;
  unknownFiles: string[];
  unreadableFiles: string[];
}

/** What `report.json` says of an archive of many conversations (export-format "ZIP of many conversations"). */
export interface ArchiveReport {
  asked: { format: string; fileName: string | null; filter: SelectionFilter };
  /** Each conversation written, and where its document lies. */
  conversations: Array<{ id: string | null; title: string | null; path: string }>;
  /** Each item that could not be read or written, and why; named where it is known. */
  failed: Array<{ id?: string; title?: string | null; warning: string }>;
  /** Conversations the filter left out. */
  filteredOut: number;
  /** Conversations written without rows in the tables, as they have no id. */
  notInTables: number;
  /** A data export's side files; null for any other input. */
  export: ExportReport | null;
}

function accountAd({ entry }: ExportAd): AccountAd {
  return {
    advertiser: entry.advertiser.name,
    title: entry.cards[0]?.title ?? null,
    link: entry.cards[0]?.url ?? entry.targets[0]?.url ?? entry.advertiser.url,
    shownAt: entry.shownAt === null ? null : new Date(entry.shownAt).toISOString(),
  };
}

/** What the report says of a data export's side files. */
export function exportReportOf(members: DataExportMembers): ExportReport {
  const { ads, feedback } = members;
  return {
    interests: ads?.interests ?? null,
    ads:
      ads === null
        ? null
        : {
            shown: ads.shown.length,
            hidden: ads.hidden.length,
            reported: ads.reported.length,
            unreadable: ads.unreadable,
            ofTheAccount: ads.shown.filter((ad) => ad.conversationId === null).map(accountAd),
          },
    ratings:
      feedback === null
        ? null
        : {
            answers: [...feedback.byConversation.values()].reduce((sum, ratings) => sum + ratings.length, 0),
            unreadable: feedback.unreadable,
          },
    unknownFiles: members.unknown,
    unreadableFiles: members.unreadable,
  };
}

function summary(report: ArchiveReport): string {
  const written = `${countOf(report.conversations.length, 'conversation')} written`;
  const failed = report.failed.length === 0 ? '' : `, ${countOf(report.failed.length, 'item')} failed`;
  const filtered = report.filteredOut === 0 ? '' : `, ${report.filteredOut} left out by the filter`;
  return `${written}${failed}${filtered}.`;
}

/**
 * The report as JSON whose first line says whether the archive is partial, and why in one line, so a reader
 * of the first line alone knows: `{"partial": true, "summary": "…",`. The rest is indented JSON.
 */
export function archiveReportText(report: ArchiveReport): string {
  const partial = report.failed.length > 0;
  const rest = JSON.stringify(
    {
      asked: report.asked,
      counts: {
        written: report.conversations.length,
        failed: report.failed.length,
        filteredOut: report.filteredOut,
        notInTables: report.notInTables,
      },
      conversations: report.conversations,
      failed: report.failed,
      ...(report.export === null ? {} : { export: report.export }),
    },
    null,
    2,
  );
  return `{"partial": ${partial}, "summary": ${JSON.stringify(summary(report))},\n${rest.slice(2)}\n`;
}

import type { Conversation } from '@/lib/model/conversation';
import type { DataExportMembers } from '@/lib/model/data-export-members';
import { type ExportAd, exportAdsReport } from '@/lib/model/export-ads';
import { type Inspection, inspect } from './inspection';

/**
 * How a data export's conversations are inspected with what its side files say of them (site-interface
 * 10.8): the ads its ad history names the conversation for, and the answers the user rated in it.
 */
export function exportInspector(members: DataExportMembers): (conversation: Conversation) => Inspection {
  const adsOf = new Map<string, ExportAd[]>();
  for (const ad of members.ads?.shown ?? []) {
    if (ad.conversationId === null) continue;
    adsOf.set(ad.conversationId, [...(adsOf.get(ad.conversationId) ?? []), ad]);
  }
  return (conversation) => {
    const id = conversation.id;
    return inspect({
      conversation,
      adsReport: id === null ? null : exportAdsReport(adsOf.get(id) ?? []),
      ratings: id === null ? [] : (members.feedback?.byConversation.get(id) ?? []),
    });
  };
}

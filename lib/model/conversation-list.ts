import { isRecord, ownMember, readFlag, readIdentifier, readString, readTimeMs } from './json-read';
import { fail, ok, type Result } from './result';

/** A conversation as the account's list names it (site-interface 10.7): enough to fetch it and to tell it changed. */
export interface ListedConversation {
  id: string;
  title: string | null;
  /** Epoch ms; the list writes ISO strings, older answers epoch seconds. */
  updateTime: number | null;
  /** The project (`g-p-…`) it was listed under, or null. */
  projectId: string | null;
  archived: boolean;
}

/** One page of a list: the offset-paged history or a project's cursor-paged one. */
export interface ListPage {
  items: ListedConversation[];
  /** How many the offset-paged list holds in all; null when the answer does not say. */
  total: number | null;
  /** The cursor of a project's next page; null when it was the last. */
  cursor: string | null;
  /** Items that name no id, left out. */
  skipped: number;
}

/** A project of the sidebar. */
export interface ListedProject {
  id: string;
  name: string | null;
}

function listedItem(raw: unknown, projectId: string | null, archived: boolean): ListedConversation | null {
  if (!isRecord(raw)) return null;
  const id = readIdentifier(ownMember(raw, 'id')) ?? readIdentifier(ownMember(raw, 'conversation_id'));
  if (id === null) return null;
  return {
    id,
    title: readString(ownMember(raw, 'title')),
    updateTime: readTimeMs(ownMember(raw, 'update_time')),
    projectId: readIdentifier(ownMember(raw, 'gizmo_id')) ?? projectId,
    archived: readFlag(ownMember(raw, 'is_archived')) ?? archived,
  };
}

const wholeNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/**
 * A page of `GET /backend-api/conversations` (`{items, total, limit, offset}`) or of a project's
 * `GET /backend-api/gizmos/{id}/conversations` (`{items, cursor}`), site-interface 10.7. Items without an id are
 * counted and left out; unknown members are ignored (site-interface 9.3).
 */
export function readListPage(
  raw: unknown,
  context: { projectId: string | null; archived: boolean },
): Result<ListPage> {
  if (!isRecord(raw) || !Array.isArray(ownMember(raw, 'items')))
    return fail('unexpected-shape', 'The conversation list answered without a list of items.');
  const items: ListedConversation[] = [];
  let skipped = 0;
  for (const entry of ownMember(raw, 'items') as unknown[]) {
    const item = listedItem(entry, context.projectId, context.archived);
    if (item === null) skipped += 1;
    else items.push(item);
  }
  return ok({
    items,
    total: wholeNumber(ownMember(raw, 'total')),
    cursor: readIdentifier(ownMember(raw, 'cursor')),
    skipped,
  });
}

/** A sidebar item names its project as `gizmo.gizmo` in the live answer, or as `gizmo` itself. */
function projectOf(raw: unknown): ListedProject | null {
  if (!isRecord(raw)) return null;
  const outer = ownMember(raw, 'gizmo');
  const inner = isRecord(outer) ? ownMember(outer, 'gizmo') : undefined;
  const gizmo = isRecord(inner) ? inner : outer;
  if (!isRecord(gizmo)) return null;
  const id = readIdentifier(ownMember(gizmo, 'id'));
  if (id === null) return null;
  const display = ownMember(gizmo, 'display');
  const name = isRecord(display) ? readString(ownMember(display, 'name')) : null;
  return { id, name: name ?? readString(ownMember(gizmo, 'name')) };
}

/** A page of the sidebar's projects (site-interface 10.7): its projects and the next page's cursor. */
export function readProjectSidebar(
  raw: unknown,
): Result<{ projects: ListedProject[]; cursor: string | null }> {
  if (!isRecord(raw) || !Array.isArray(ownMember(raw, 'items')))
    return fail('unexpected-shape', 'The sidebar answered without a list of projects.');
  const projects = (ownMember(raw, 'items') as unknown[])
    .map(projectOf)
    .filter((project) => project !== null);
  return ok({ projects, cursor: readIdentifier(ownMember(raw, 'cursor')) });
}

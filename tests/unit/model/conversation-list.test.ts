import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readListPage, readProjectSidebar } from '@/lib/model/conversation-list';

const context = { projectId: null, archived: false };

/** site-interface 10.7: the list's pages and the sidebar's projects, in the shapes seen. */
describe('readListPage', () => {
  it('reads the live list: ISO update times, its total, archived and project members', () => {
    const page = readListPage(
      {
        items: [
          {
            id: 'a',
            title: 'Trip',
            update_time: '2026-11-20T12:00:00.000000+00:00',
            gizmo_id: 'g-p-1',
            is_archived: false,
            snippet: null,
          },
          { id: 'b', title: null, update_time: 1_763_640_000.25, is_archived: true },
        ],
        total: 2,
        limit: 100,
        offset: 0,
        has_missing_conversations: false,
      },
      context,
    );
    expect(page).toMatchObject({
      ok: true,
      value: {
        total: 2,
        skipped: 0,
        items: [
          { id: 'a', title: 'Trip', updateTime: Date.parse('2026-11-20T12:00:00Z'), projectId: 'g-p-1' },
          { id: 'b', title: null, updateTime: 1_763_640_000_250, archived: true, projectId: null },
        ],
      },
    });
  });

  it('gives a project page’s items their project and reads its cursor', () => {
    const page = readListPage(
      { items: [{ id: 'c', update_time: null }], cursor: '10' },
      {
        projectId: 'g-p-2',
        archived: false,
      },
    );
    expect(page).toMatchObject({
      ok: true,
      value: { cursor: '10', total: null, items: [{ id: 'c', projectId: 'g-p-2' }] },
    });
  });

  it('counts items without an id as skipped, and refuses an answer without items', () => {
    expect(readListPage({ items: [{ title: 'no id' }, 7, null] }, context)).toMatchObject({
      ok: true,
      value: { items: [], skipped: 3 },
    });
    expect(readListPage({ detail: 'Not found' }, context)).toMatchObject({
      ok: false,
      error: { code: 'unexpected-shape' },
    });
  });

  it('never throws, whatever the answer', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => void readListPage(value, context)));
    fc.assert(fc.property(fc.jsonValue(), (value) => void readProjectSidebar(value)));
  });
});

describe('readProjectSidebar', () => {
  it('reads projects nested as gizmo.gizmo (live) and as gizmo itself', () => {
    const sidebar = readProjectSidebar({
      items: [
        { gizmo: { gizmo: { id: 'g-p-1', display: { name: 'Lisbon trip' } }, files: [] } },
        { gizmo: { id: 'g-p-2', name: 'Kitchen' } },
        { gizmo: { display: { name: 'no id' } } },
      ],
      cursor: null,
    });
    expect(sidebar).toMatchObject({
      ok: true,
      value: {
        cursor: null,
        projects: [
          { id: 'g-p-1', name: 'Lisbon trip' },
          { id: 'g-p-2', name: 'Kitchen' },
        ],
      },
    });
  });
});

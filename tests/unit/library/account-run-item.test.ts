import { describe, expect, it } from 'vitest';
import {
  type AccountRunItem,
  afterFailedFetch,
  countsOf,
  fetchOrder,
  mergeListing,
} from '@/lib/library/account-run-item';
import type { ListedConversation } from '@/lib/model/conversation-list';

const listed = (id: string, updateTime: number): ListedConversation => ({
  id,
  title: `Conversation ${id}`,
  updateTime,
  projectId: null,
  archived: false,
});

const item = (id: string, updateTime: number, state: AccountRunItem['state']): AccountRunItem => ({
  ...listed(id, updateTime),
  state,
  attempts: 0,
  error: null,
  fetchedUpdateTime: state === 'done' ? updateTime : null,
  document: null,
});

/** architecture "Adding the whole account": what a later run fetches, and when a conversation fails. */
describe('the run’s items', () => {
  it('fetches only what is new or changed since the last run', () => {
    const recorded = new Map([
      ['same', item('same', 100, 'done')],
      ['changed', item('changed', 100, 'done')],
      ['failed', item('failed', 100, 'failed')],
    ]);
    const merged = mergeListing(recorded, [
      listed('same', 100),
      listed('changed', 200),
      listed('failed', 100),
      listed('new', 50),
    ]);
    expect(merged.map((entry) => [entry.id, entry.state])).toEqual([
      ['changed', 'pending'],
      ['new', 'pending'],
    ]);
  });

  it('fetches again an unchanged conversation whose record an earlier reader kept', () => {
    const recorded = new Map([
      ['earlier', item('earlier', 100, 'done')],
      ['same', item('same', 100, 'done')],
    ]);
    const merged = mergeListing(
      recorded,
      [listed('earlier', 100), listed('same', 100), listed('new', 50)],
      new Set(['earlier', 'new']),
    );
    expect(merged.map((entry) => [entry.id, entry.state])).toEqual([
      ['earlier', 'pending'],
      ['new', 'pending'],
    ]);
  });

  it('keeps a new title of an unchanged conversation without fetching it again', () => {
    const recorded = new Map([['same', item('same', 100, 'done')]]);
    const merged = mergeListing(recorded, [{ ...listed('same', 100), title: 'Renamed' }]);
    expect(merged).toMatchObject([{ id: 'same', title: 'Renamed', state: 'done' }]);
  });

  it('fetches the newest first and the ones that failed before after the others', () => {
    const retried = { ...item('retried', 300, 'pending'), attempts: 1 };
    const order = fetchOrder([
      item('old', 100, 'pending'),
      retried,
      item('new', 200, 'pending'),
      item('x', 400, 'done'),
    ]);
    expect(order.map((entry) => entry.id)).toEqual(['new', 'old', 'retried']);
  });

  it('lists a conversation as failed at its third failure, with the reason', () => {
    const error = { code: 'server' as const, message: 'GET … answered 500.' };
    const once = afterFailedFetch(item('a', 1, 'pending'), error);
    const twice = afterFailedFetch(once, error);
    const thrice = afterFailedFetch(twice, error);
    expect([once.state, twice.state, thrice.state]).toEqual(['pending', 'pending', 'failed']);
    expect(thrice).toMatchObject({ attempts: 3, error: 'GET … answered 500.' });
    expect(countsOf([thrice, item('b', 1, 'done'), item('c', 1, 'pending')])).toEqual({
      listed: 3,
      done: 1,
      failed: 1,
      left: 1,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { Activity, CardHistoryEntry } from '@shared/types/board';
import { mergeActivity } from './activityFeed';
import { matchPeople, mentionQuery } from './mentions';

const comment = (id: number, createdAt: string): Activity => ({
  id,
  comment: `c${id}`,
  CardId: 1,
  User: null,
  TaggedUsers: [],
  createdAt,
});
const entry = (id: number, createdAt: string): CardHistoryEntry => ({
  id,
  kind: 'moved',
  text: 'moved this card from A to B',
  createdAt,
  actor: null,
});

describe('mergeActivity', () => {
  it('interleaves comments and history newest first; a comment first at the same instant', () => {
    const feed = mergeActivity(
      [comment(1, '2026-01-03T00:00:00Z'), comment(2, '2026-01-01T00:00:00Z')],
      [entry(7, '2026-01-04T00:00:00Z'), entry(6, '2026-01-03T00:00:00Z'), entry(5, '2025-12-31T00:00:00Z')],
    );
    expect(feed.map((i) => i.key)).toEqual(['h7', 'c1', 'h6', 'c2', 'h5']);
  });

  it('is empty with nothing on either side', () => {
    expect(mergeActivity([], [])).toEqual([]);
  });
});

describe('mentions while typing', () => {
  it('finds the "@name" just before the caret, after a space or at the start', async () => {
    expect(mentionQuery('@', 1)).toEqual({ at: 0, query: '' });
    expect(mentionQuery('Hi @Co', 6)).toEqual({ at: 3, query: 'Co' });
    expect(mentionQuery('Hi @Cole C', 10)).toEqual({ at: 3, query: 'Cole C' });
    expect(mentionQuery('mail me@example.com', 19)).toBeNull();
    expect(mentionQuery('Hi @Co\nnext', 11)).toBeNull();
    expect(mentionQuery('Hi @Co and more', 6)).toEqual({ at: 3, query: 'Co' });
  });

  it('matches a name by the start of any of its words, any case', async () => {
    const people = [{ fullName: 'Cole Coach' }, { fullName: 'Ada Admin' }, { fullName: 'Nina Nguyen' }];
    expect(matchPeople(people, '').map((p) => p.fullName)).toEqual(['Cole Coach', 'Ada Admin', 'Nina Nguyen']);
    expect(matchPeople(people, 'co').map((p) => p.fullName)).toEqual(['Cole Coach']);
    expect(matchPeople(people, 'ADM').map((p) => p.fullName)).toEqual(['Ada Admin']);
    expect(matchPeople(people, 'cole c').map((p) => p.fullName)).toEqual(['Cole Coach']);
    expect(matchPeople(people, 'oach')).toEqual([]);
  });
});

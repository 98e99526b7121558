import { describe, expect, it } from 'vitest';
import type { Activity, CardHistoryEntry } from '@shared/types/board';
import { mergeActivity } from './activityFeed';

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

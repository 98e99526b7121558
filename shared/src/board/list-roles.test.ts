import { describe, expect, it } from 'vitest';
import {
  isReservedListName,
  isReviewList,
  listDisplayName,
  LIST_ROLES,
  listNameKey,
  listRoleOf,
  RESERVED_LIST_NAMES,
  REVIEW_DESTINATIONS,
} from './list-roles';

describe('list roles', () => {
  it('every reserved list plays one role, and every role is a reserved list', () => {
    expect(Object.values(LIST_ROLES).sort()).toEqual([...RESERVED_LIST_NAMES].sort());
    for (const name of RESERVED_LIST_NAMES) expect(listRoleOf(name)).not.toBeNull();
    expect(REVIEW_DESTINATIONS).toEqual(['IN PROGRESS', 'COMPLETED']);
  });

  it('compares names without regard to case or surrounding white space', () => {
    expect(listNameKey('  for Review\t')).toBe('FOR REVIEW');
    expect(isReviewList(' for review ')).toBe(true);
    expect(isReviewList('FOR REVIEWS')).toBe(false);
    expect(isReservedListName('completed')).toBe(true);
    expect(isReservedListName('My ideas')).toBe(false);
    expect(listRoleOf('On Hold')).toBe('onHold');
  });

  it("shows the reserved lists in sentence case, and a list of the member's own as written", () => {
    expect(RESERVED_LIST_NAMES.map(listDisplayName)).toEqual([
      'Not started',
      'In progress',
      'Completed',
      'On hold',
      'For review',
      'Future actions',
      'Personal notes',
    ]);
    expect(listDisplayName(' for Review ')).toBe('For review');
    expect(listDisplayName('My IDEAS')).toBe('My IDEAS');
  });
});

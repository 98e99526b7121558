import { describe, expect, it } from 'vitest';
import { DEFAULT_SIDEBAR_LINKS, sidebarItems } from '@shared/policies/sidebar';
import type { Role } from '@shared/types';
import { makeUser } from '../test/fixtures';
import { hasNavIcon } from './icons';

describe('sidebar icons', () => {
  it('every in-app item of every role has an icon of its own, in either community mode', () => {
    const roles: Role[] = ['admin', 'coach', 'premium', 'course only', 'basic'];
    const missing = roles.flatMap((role) =>
      [
        ...sidebarItems(makeUser({ role })),
        ...sidebarItems(makeUser({ role }), { ...DEFAULT_SIDEBAR_LINKS, communityMode: 'portal' }),
      ]
        .filter((item) => !item.external)
        .filter((item) => !hasNavIcon(item.key))
        .map((item) => `${role}: ${item.key}`),
    );
    expect(missing).toEqual([]);
  });
});

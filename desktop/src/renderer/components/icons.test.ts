import { describe, expect, it } from 'vitest';
import { sidebarItems } from '@shared/policies/sidebar';
import type { Role } from '@shared/types';
import { makeUser } from '../test/fixtures';
import { hasNavIcon } from './icons';

describe('sidebar icons', () => {
  it('every in-app item of every role has an icon of its own', () => {
    const roles: Role[] = ['admin', 'coach', 'premium', 'course only', 'basic'];
    const missing = roles.flatMap((role) =>
      sidebarItems(makeUser({ role }))
        .filter((item) => !item.external)
        .filter((item) => !hasNavIcon(item.key))
        .map((item) => `${role}: ${item.key}`),
    );
    expect(missing).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig, processRole } from './config';

describe('PORTAL_ROLE', () => {
  it('is all by default; web, worker and all in any case; anything else stops the server', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(['', undefined, 'all', 'ALL', ' web ', 'Worker'].map(processRole)).toEqual([
      'all',
      'all',
      'all',
      'all',
      'web',
      'worker',
    ]);
    expect(() => loadConfig({ PORTAL_ROLE: 'both' })).toThrow(/PORTAL_ROLE must be web, worker or all/);
  });
});

import { afterEach, vi } from 'vitest';
import { platform } from './platformMock';

// Renderer test files share their worker's module cache (vitest.config.ts): the platform module is the
// web build's stand-in (test/platformMock.ts) for all of them from the first import on, so no file can see
// the real one cached by another. The real module is tested in the desktop-isolated project.
vi.mock('../platform/files', async () => (await import('./platformMock')).platform);

// The stand-in is one object for every file of the worker: after each test its functions forget their
// calls and get their default behaviour back, so no test sees what an earlier file's test did to them.
afterEach(() => {
  for (const fn of Object.values(platform)) if (vi.isMockFunction(fn)) fn.mockReset();
});

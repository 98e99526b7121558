import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Proves the architecture rules of .dependency-cruiser.cjs fire: dependency-cruiser runs (as CI runs it) over a
// small fixture tree laid out like the repository, with one deliberate break per rule next to imports each rule
// must allow. The exact set of violations is expected: a rule that stops firing, or fires on an allowed import,
// fails here.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const config = path.join(root, '.dependency-cruiser.cjs');

const FIXTURE: Record<string, string> = {
  'tsconfig.base.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@shared/*': ['shared/src/*'] } } }),
  'node_modules/electron/package.json': JSON.stringify({ name: 'electron', main: 'index.js' }),
  'node_modules/electron/index.js': 'module.exports = {};\n',
  'node_modules/koa/package.json': JSON.stringify({ name: 'koa', main: 'index.js' }),
  'node_modules/koa/index.js': 'module.exports = {};\n',
  // shared: the contract
  'shared/src/limits.ts': 'export const LIMIT = 1;\n',
  'shared/src/bad-api.ts': "import type { Config } from '../../api/src/config';\nexport type C = Config;\n",
  'shared/src/bad-desktop.ts': "import { ok } from '../../desktop/src/renderer/lib/ok';\nexport const x = ok;\n",
  'shared/src/bad-node.ts': "import fs from 'node:fs';\nexport const x = fs;\n",
  'shared/src/bad-koa.ts': "import Koa from 'koa';\nexport const x = Koa;\n",
  // api
  'api/src/config.ts': "import { LIMIT } from '@shared/limits';\nexport interface Config { limit: typeof LIMIT }\n",
  'api/src/core/errors.ts': "import { LIMIT } from '@shared/limits';\nexport const e = LIMIT;\n",
  'api/src/core/bad.ts': "import { area } from '../features/area/service';\nexport const x = area;\n",
  // a cycle of which one edge is type-only: it counts all the same
  'api/src/core/cycle-a.ts': "import type { B } from './cycle-b';\nexport interface A { b?: B }\n",
  'api/src/core/cycle-b.ts': "import type { A } from './cycle-a';\nexport interface B { a?: A }\n",
  'api/src/adapters/bad.ts': "import { area } from '../features/area';\nexport const x = area;\n",
  'api/src/features/area/service.ts': "import { e } from '../../core/errors';\nexport const area = e;\n",
  'api/src/features/area/index.ts': "export { area } from './service';\n",
  // the board's public entry, its internals, an import between its folders (allowed) and from another feature
  'api/src/features/board/commands/move.ts': "import { e } from '../../../core/errors';\nexport const move = e;\n",
  'api/src/features/board/routes/cards.ts': "import { move } from '../commands/move';\nexport const cards = move;\n",
  'api/src/features/board/index.ts': "export { move } from './commands/move';\n",
  'api/src/features/area/uses-board.ts': "import { move } from '../board';\nexport const x = move;\n",
  'api/src/features/area/bad-board.ts': "import { move } from '../board/commands/move';\nexport const x = move;\n",
  'api/src/db/seed-good.ts': "import { area } from '../features/area';\nexport const x = area;\n",
  'api/src/db/seed-bad.ts': "import { area } from '../features/area/service';\nexport const x = area;\n",
  // features meet through their index.ts; a feature's own files import each other freely
  'api/src/features/other/service.ts':
    "import { area } from '../area';\nimport { e } from '../../core/errors';\nexport const other = [area, e];\n",
  'api/src/features/other/routes.ts': "import { other } from './service';\nexport const routes = other;\n",
  'api/src/features/other/bad.ts': "import { area } from '../area/service';\nexport const x = area;\n",
  // the API's tests use the board through its entry too
  'tests/api/uses-board.test.ts': "import { move } from '../../api/src/features/board';\nexport const x = move;\n",
  'tests/api/bad-board.test.ts':
    "import { move } from '../../api/src/features/board/commands/move';\nexport const x = move;\n",
  'api/src/app.ts': "import { routes } from './features/other';\nexport const app = routes;\n",
  'api/src/features/other/index.ts': "export { routes } from './routes';\n",
  'api/src/bad-app.ts': "import { routes } from './features/other/routes';\nexport const x = routes;\n",
  'api/src/bad-desktop.ts': "import { ok } from '../../desktop/src/renderer/lib/ok';\nexport const x = ok;\n",
  'api/src/bad-unresolved.ts': "import { nothing } from './does-not-exist';\nexport const x = nothing;\n",
  // desktop: main and preload may use Electron and Node; the renderer may not
  'desktop/src/main/main.ts':
    "import electron from 'electron';\nimport fs from 'node:fs';\nexport const x = [electron, fs];\n",
  'desktop/src/shared-ipc/contract.ts': 'export interface Bridge { platform: string }\n',
  'desktop/src/renderer/lib/ok.ts': "import { LIMIT } from '@shared/limits';\nexport const ok = LIMIT;\n",
  'desktop/src/renderer/app/store.ts': "import { ok } from '../lib/ok';\nexport const store = ok;\n",
  'desktop/src/renderer/components/Bad.tsx': "import { store } from '../app/store';\nexport const x = store;\n",
  'desktop/src/renderer/components/Bad.test.tsx': "import { store } from '../app/store';\nexport const x = store;\n",
  // test helpers and fake servers: for test files (and each other) only
  'desktop/src/renderer/test/render.tsx': "import { ok } from '../lib/ok';\nexport const render = ok;\n",
  'desktop/src/renderer/test/fake-area.ts':
    "import { render } from './render';\nexport const fakeAreaServer = render;\n",
  'desktop/src/renderer/features/area/Screen.test.tsx':
    "import { fakeAreaServer } from '../../test/fake-area';\nexport const x = fakeAreaServer;\n",
  'desktop/src/renderer/features/area/badFake.ts':
    "import { fakeAreaServer } from '../../test/fake-area';\nexport const x = fakeAreaServer;\n",
  'tests/helpers/fake-thing.ts': 'export const fakeThing = 1;\n',
  'api/src/adapters/bad-fake.ts':
    "import { fakeThing } from '../../../tests/helpers/fake-thing';\nexport const x = fakeThing;\n",
  'desktop/src/renderer/features/area/Screen.tsx': [
    "import type { Bridge } from '../../../shared-ipc/contract';",
    "import { store } from '../../app/store';",
    "import { LIMIT } from '@shared/limits';",
    "import electron from 'electron';",
    "import path from 'path';",
    "import { x as mainX } from '../../../main/main';",
    "import Koa from 'koa';",
    "import type { Config } from '../../../../../api/src/config';",
    'export const all: unknown[] = [store, LIMIT, electron, path, mainX, Koa];',
    'export type T = [Bridge, Config];',
    '',
  ].join('\n'),
  'desktop/src/web/main.tsx': "import fs from 'node:fs';\nexport const x = fs;\n",
};

const EXPECTED = [
  'adapters-not-to-features: api/src/adapters/bad.ts -> api/src/features/area/index.ts',
  'api-not-to-desktop: api/src/bad-desktop.ts -> desktop/src/renderer/lib/ok.ts',
  'api-to-feature-entries: api/src/bad-app.ts -> api/src/features/other/routes.ts',
  'api-to-feature-entries: api/src/db/seed-bad.ts -> api/src/features/area/service.ts',
  'board-and-live-through-index: tests/api/bad-board.test.ts -> api/src/features/board/commands/move.ts',
  'core-not-to-features: api/src/core/bad.ts -> api/src/features/area/service.ts',
  'desktop-not-to-api: desktop/src/renderer/features/area/Screen.tsx -> api/src/config.ts',
  'feature-not-to-feature-internals: api/src/features/area/bad-board.ts -> api/src/features/board/commands/move.ts',
  'feature-not-to-feature-internals: api/src/features/other/bad.ts -> api/src/features/area/service.ts',
  'no-circular: api/src/core/cycle-a.ts -> api/src/core/cycle-b.ts',
  'not-to-unresolvable: api/src/bad-unresolved.ts -> ./does-not-exist',
  'production-not-to-test-code: api/src/adapters/bad-fake.ts -> tests/helpers/fake-thing.ts',
  'production-not-to-test-code: desktop/src/renderer/features/area/badFake.ts -> desktop/src/renderer/test/fake-area.ts',
  'renderer-generic-not-to-app: desktop/src/renderer/components/Bad.tsx -> desktop/src/renderer/app/store.ts',
  'renderer-no-electron: desktop/src/renderer/features/area/Screen.tsx -> desktop/src/main/main.ts',
  'renderer-no-electron: desktop/src/renderer/features/area/Screen.tsx -> node_modules/electron/index.js',
  'renderer-no-node-builtins: desktop/src/renderer/features/area/Screen.tsx -> path',
  'renderer-no-node-builtins: desktop/src/web/main.tsx -> fs',
  'renderer-no-server-packages: desktop/src/renderer/features/area/Screen.tsx -> node_modules/koa/index.js',
  'shared-no-node-builtins: shared/src/bad-node.ts -> fs',
  'shared-stays-shared: shared/src/bad-api.ts -> api/src/config.ts',
  'shared-stays-shared: shared/src/bad-desktop.ts -> desktop/src/renderer/lib/ok.ts',
  'shared-stays-shared: shared/src/bad-koa.ts -> node_modules/koa/index.js',
];

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

/** Runs dependency-cruiser in `cwd` as `npm run depcheck` does; `json` for the violations, `err` (CI's) for the exit code. */
function cruise(cwd: string, outputType: 'json' | 'err') {
  return spawnSync(
    depcruise,
    ['--config', config, '--output-type', outputType, 'api', 'shared', 'desktop/src', 'tests'],
    {
      cwd,
      encoding: 'utf8',
    },
  );
}

function violationsIn(cwd: string): Violation[] {
  const run = cruise(cwd, 'json');
  if (!run.stdout) throw new Error(`depcruise printed nothing: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('architecture rules (.dependency-cruiser.cjs)', () => {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depcheck-'));
    for (const [file, text] of Object.entries(FIXTURE)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports exactly the deliberate breaks in the fixture, each under its rule, and fails the run', () => {
    const violations = violationsIn(dir);
    const found = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(EXPECTED);
    expect(violations.every((v) => v.rule.severity === 'error')).toBe(true);
    const ci = cruise(dir, 'err');
    expect(ci.status).not.toBe(0);
    expect(ci.stdout).toContain(`${EXPECTED.length} dependency violations`);
  });

  it('every rule of the configuration is proven by the fixture', async () => {
    const rules = ((await import(config)) as { default: { forbidden: Array<{ name: string }> } }).default.forbidden;
    const proven = new Set(EXPECTED.map((line) => line.slice(0, line.indexOf(':'))));
    expect(rules.map((r) => r.name).sort()).toEqual([...proven].sort());
  });

  it('passes a tree without breaks', () => {
    const clean = fs.mkdtempSync(path.join(os.tmpdir(), 'depcheck-clean-'));
    try {
      for (const [file, text] of Object.entries(FIXTURE)) {
        if (/bad|cycle/i.test(file) || file.endsWith('Screen.tsx') || file.startsWith('desktop/src/web/')) continue;
        fs.mkdirSync(path.dirname(path.join(clean, file)), { recursive: true });
        fs.writeFileSync(path.join(clean, file), text);
      }
      expect(violationsIn(clean)).toEqual([]);
      expect(cruise(clean, 'err').status).toBe(0);
    } finally {
      fs.rmSync(clean, { recursive: true, force: true });
    }
  });
});

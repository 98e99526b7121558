/**
 * `npm start` (the documented start command) stops the server on SIGTERM to npm and on Ctrl+C
 * (SIGINT to the terminal's process group): no process outlives it, the port closes and the same
 * DATA_DIR (and its embedded-database lock) can be started again at once.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, portOpen, run, serverEnvironment, type RunningProcess } from '../helpers/server-process';

let port: number;
let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;
const started: RunningProcess[] = [];
beforeAll(async () => {
  port = await freePort();
  const environment = await serverEnvironment(port);
  env = environment.env;
  cleanup = environment.cleanup;
});
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await cleanup();
});

/** Every process below `pid` (Linux /proc). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* exited meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits (at most a little past the 25 s shutdown grace period) until none of `pids` runs. */
async function allGone(pids: number[]): Promise<boolean> {
  for (let i = 0; i < 300 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
  return !pids.some(alive);
}

/** `npm start` in its own process group, as a terminal runs it; resolves once it serves. */
async function npmStart(): Promise<{ npm: RunningProcess; tree: number[] }> {
  const npm = run('npm', ['start'], env, { detached: true });
  started.push(npm);
  await npm.waitFor(/Portal running on/);
  expect(await portOpen(port)).toBe(true);
  return { npm, tree: descendants(npm.child.pid!) };
}

describe('npm start', () => {
  it('SIGTERM to npm stops the server: the port closes and the same DATA_DIR starts again', async () => {
    const first = await npmStart();
    expect(first.tree.length).toBeGreaterThan(0);

    first.npm.child.kill('SIGTERM');
    await first.npm.exited;

    expect(await allGone(first.tree)).toBe(true);
    expect(await portOpen(port)).toBe(false);
    expect(first.npm.output()).toContain('Portal stopped.');

    const second = await npmStart();
    expect(second.npm.output()).not.toMatch(/in use by process/);
    // Ctrl+C: the terminal sends SIGINT to the whole foreground process group.
    process.kill(-second.npm.child.pid!, 'SIGINT');
    await second.npm.exited;
    expect(await allGone(second.tree)).toBe(true);
    expect(await portOpen(port)).toBe(false);
    expect(second.npm.output()).toContain('Portal stopped.');
  }, 300_000);
});

/**
 * The processes of the cluster soak (tests/soak/cluster.ts): started with their output in a log
 * file, stopped with a signal and a bounded wait, and all of them stopped on the way out whatever
 * happens. Each child gets the parent-death signal (util-linux `setpriv --pdeathsig`), so a soak
 * that is itself killed (SIGKILL) takes PgBouncer and the API instances with it; nginx's workers
 * do not inherit it, so nginx runs in a process group of its own that a watchdog kills when the
 * soak's process is gone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const SETPRIV = '/usr/bin/setpriv';
/** Debian's `nobody` / `nogroup`: who PgBouncer runs as when the soak runs as root (it refuses root). */
const NOBODY = '65534';

export interface Proc {
  name: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logFile: string;
  /** Whether it runs in a process group of its own (killed as a group). */
  group: boolean;
  /** stopAll stops the lowest tier first, each tier's processes together. */
  tier: number;
  /** The last lines of its log. */
  tail(lines?: number): string;
}

const running = new Set<Proc>();

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  logFile: string;
  /** Run as nobody when the soak runs as root (PgBouncer). */
  dropRoot?: boolean;
  /** A process group of its own, killed as a group (nginx: master and workers). */
  group?: boolean;
  /** When stopAll stops it: lower first (default 0). */
  tier?: number;
}

export function startProcess(name: string, command: string, args: string[], opts: StartOptions): Proc {
  const out = fs.openSync(opts.logFile, 'a');
  const wrap: string[] = [];
  const root = process.getuid?.() === 0;
  if (fs.existsSync(SETPRIV)) {
    if (opts.dropRoot && root) wrap.push(`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups');
    wrap.push('--pdeathsig', 'KILL', '--');
  } else if (opts.dropRoot && root) {
    throw new Error(`${name} refuses to run as root and ${SETPRIV} (util-linux) is missing to run it as nobody`);
  }
  const child = spawn(wrap.length ? SETPRIV : command, wrap.length ? [...wrap, command, ...args] : args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: ['ignore', out, out],
    detached: opts.group ?? false,
  });
  fs.closeSync(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  const proc: Proc = {
    name,
    child,
    exited,
    logFile: opts.logFile,
    group: opts.group ?? false,
    tier: opts.tier ?? 0,
    tail: (lines = 15) => {
      try {
        return fs.readFileSync(opts.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
  };
  running.add(proc);
  void exited.then(() => running.delete(proc));
  return proc;
}

const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

function signal(proc: Proc, sig: NodeJS.Signals): void {
  try {
    if (proc.group && proc.child.pid) process.kill(-proc.child.pid, sig);
    else proc.child.kill(sig);
  } catch {
    // already gone
  }
}

/** Sends `sig`, waits up to `graceMs` for the exit, then SIGKILL. Resolves with how it ended. */
export async function stopProcess(
  proc: Proc,
  sig: NodeJS.Signals = 'SIGTERM',
  graceMs = 10_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return { ...(await proc.exited), killed: false };
  signal(proc, sig);
  const ended = await Promise.race([proc.exited, timeout(graceMs)]);
  if (ended !== 'timeout') {
    if (proc.group) signal(proc, 'SIGKILL'); // workers of a master that is gone
    return { ...ended, killed: false };
  }
  signal(proc, 'SIGKILL');
  return { ...(await proc.exited), killed: true };
}

/** Stops every process still running: tier by tier, the processes of a tier together. */
export async function stopAll(graceMs = 10_000): Promise<void> {
  const tiers = [...new Set([...running].map((p) => p.tier))].sort((a, b) => a - b);
  for (const tier of tiers) {
    await Promise.all([...running].filter((p) => p.tier === tier).map((p) => stopProcess(p, 'SIGTERM', graceMs)));
  }
}

/**
 * A detached shell that waits (polling once a second) for this process to be gone and then kills
 * the given process groups: the one cleanup that still runs when the soak is SIGKILLed.
 * Stopped by stopAll like the others, last.
 */
export function startWatchdog(groups: number[], logFile: string): Proc {
  const script =
    'while kill -0 "$0" 2>/dev/null; do sleep 1; done; for g in "$@"; do kill -KILL "-$g" 2>/dev/null; done';
  const out = fs.openSync(logFile, 'a');
  const child = spawn('/bin/sh', ['-c', script, String(process.pid), ...groups.map(String)], {
    stdio: ['ignore', out, out],
    detached: true,
  });
  fs.closeSync(out);
  child.unref();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, sig) => resolve({ code, signal: sig })),
  );
  // The last tier: it outlives every process it stands guard over.
  const proc: Proc = { name: 'watchdog', child, exited, logFile, group: false, tier: 99, tail: () => '' };
  running.add(proc);
  void exited.then(() => running.delete(proc));
  return proc;
}

/** Runs a command to its end (nginx -t): status and output. */
export function runToEnd(command: string, args: string[]): { status: number; output: string } {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 });
  return { status: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port, or rejects after `ms`. */
export async function waitForPort(port: number, ms: number, proc?: Proc): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.tail()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms${proc ? `:\n${proc.tail()}` : ''}`);
}

import type { PortalContext } from '../../core/context';

const pending = new Set<Promise<void>>();

/**
 * Runs `task` once the response has been sent (or the client went away), so that neither the
 * answer nor its timing depends on what the task does. A failure is logged, never thrown.
 */
export function runAfterResponse(ctx: PortalContext, label: string, task: () => Promise<void>): void {
  const { res } = ctx;
  const { log } = ctx.deps;
  const sent = new Promise<void>((resolve) => {
    if (res.writableFinished || res.destroyed) resolve();
    else res.once('close', () => resolve());
  });
  const done: Promise<void> = sent
    .then(task)
    .catch((err: unknown) => log.error(`${label} failed`, { error: String(err) }))
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Resolves when every task scheduled so far (and any they schedule) has finished: tests, shutdown. */
export async function afterResponseSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

import { describe, expect, it } from 'vitest';
import { inTurn } from './resilient-pg';

/** A statement that records when it starts and ends, and ends when told. */
function statement(log: string[], name: string, fail = false) {
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    send: async () => {
      log.push(`start ${name}`);
      await ended;
      log.push(`end ${name}`);
      if (fail) throw new Error(`${name} failed`);
      return name;
    },
  };
}

describe('inTurn: one statement at a time on a connection', () => {
  it('starts the next statement of a connection only when the one before it has ended, in order', async () => {
    const log: string[] = [];
    const connection = {};
    const [a, b, c] = [statement(log, 'a'), statement(log, 'b'), statement(log, 'c')];
    const all = Promise.all([inTurn(connection, a.send), inTurn(connection, b.send), inTurn(connection, c.send)]);
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    c.finish();
    b.finish();
    a.finish();
    await expect(all).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('goes on after a failed statement, and lets other connections run side by side', async () => {
    const log: string[] = [];
    const [one, two] = [{}, {}];
    const failing = statement(log, 'a', true);
    const next = statement(log, 'b');
    const other = statement(log, 'x');
    const first = inTurn(one, failing.send);
    const second = inTurn(one, next.send);
    const elsewhere = inTurn(two, other.send);
    await Promise.resolve();
    expect(log).toEqual(['start a', 'start x']);
    failing.finish();
    await expect(first).rejects.toThrow('a failed');
    next.finish();
    other.finish();
    await expect(second).resolves.toBe('b');
    await expect(elsewhere).resolves.toBe('x');
  });
});

import { describe, expect, it } from 'vitest';
import { PendingTicks, pendingTicksOf } from './pendingTicks';

describe('PendingTicks', () => {
  it('lays a tick over a read that started before the server confirmed it, and retires it after a later read', () => {
    const ticks = new PendingTicks();
    ticks.start(100, 7, true);
    const raced = ticks.readStarted();
    ticks.confirm(7, true);
    expect([...ticks.readDone(100, raced)]).toEqual([[7, true]]);
    const fresh = ticks.readStarted();
    expect([...ticks.readDone(100, fresh)]).toEqual([]);
    // Retired: an older read answering now no longer gets it.
    expect([...ticks.readDone(100, raced)]).toEqual([]);
  });

  it('keeps an unconfirmed tick over every read, only for its own card', () => {
    const ticks = new PendingTicks();
    ticks.start(100, 7, true);
    expect([...ticks.readDone(100, ticks.readStarted())]).toEqual([[7, true]]);
    expect([...ticks.readDone(101, ticks.readStarted())]).toEqual([]);
  });

  it('drops a refused tick; a later tick of the same item waits for its own answer', () => {
    const ticks = new PendingTicks();
    ticks.start(100, 7, true);
    ticks.fail(7, true);
    expect([...ticks.readDone(100, ticks.readStarted())]).toEqual([]);

    ticks.start(100, 8, true);
    ticks.start(100, 8, false);
    ticks.confirm(8, true); // the first request's answer
    ticks.fail(8, true);
    expect([...ticks.readDone(100, ticks.readStarted())]).toEqual([[8, false]]);
  });

  it('gives each store its own ticks', () => {
    const one = {};
    expect(pendingTicksOf(one)).toBe(pendingTicksOf(one));
    expect(pendingTicksOf(one)).not.toBe(pendingTicksOf({}));
  });
});

/**
 * Checklist ticks the cached card must keep showing until a read of the card is known to include
 * them (docs/areas/board.md, "Optimistic changes").
 *
 * Ticking an item patches the cached card at once and then refetches it. When two items are ticked
 * in quick succession, the refetch that follows the first tick can be read by the server before the
 * second tick is written and answer after it: that answer carries the second item unticked, and
 * laid into the cache as is it would untick the box on screen until the next read. So a read that
 * started before the server confirmed a tick gets the tick laid over its answer; a read that
 * started after the confirmation is the server's truth and retires the tick.
 */
export class PendingTicks {
  private clock = 0;
  private readonly ticks = new Map<number, { cardId: number; value: boolean; confirmedAt?: number }>();

  /** The member ticked (or unticked) `itemId` of card `cardId`; the request is on its way. */
  start(cardId: number, itemId: number, value: boolean): void {
    this.ticks.set(itemId, { cardId, value });
  }

  /** The server wrote the tick. A later tick of the same item replaces this one and waits for its own answer. */
  confirm(itemId: number, value: boolean): void {
    const tick = this.ticks.get(itemId);
    if (tick?.value === value && tick.confirmedAt === undefined) tick.confirmedAt = ++this.clock;
  }

  /** The server refused the tick (the cached patch is undone): nothing to keep. */
  fail(itemId: number, value: boolean): void {
    if (this.ticks.get(itemId)?.value === value) this.ticks.delete(itemId);
  }

  /** A read of a card starts now; pass what this returns to `readDone`. */
  readStarted(): number {
    return ++this.clock;
  }

  /**
   * A read of card `cardId` that started at `startedAt` answered. Returns the ticks to lay over its
   * answer (item id -> completed) and retires the ticks it is known to include.
   */
  readDone(cardId: number, startedAt: number): Map<number, boolean> {
    const keep = new Map<number, boolean>();
    for (const [itemId, tick] of this.ticks) {
      if (tick.cardId !== cardId) continue;
      if (tick.confirmedAt !== undefined && tick.confirmedAt < startedAt) this.ticks.delete(itemId);
      else keep.set(itemId, tick.value);
    }
    return keep;
  }
}

const perStore = new WeakMap<object, PendingTicks>();

/** The pending ticks of one store (keyed by its dispatch), so two stores never share them. */
export function pendingTicksOf(dispatch: object): PendingTicks {
  let ticks = perStore.get(dispatch);
  if (!ticks) {
    ticks = new PendingTicks();
    perStore.set(dispatch, ticks);
  }
  return ticks;
}

import type { Knex } from 'knex';
import { can, isSubscriptionBlocked } from '@shared/policies';
import type { LiveLimits } from '../../../config';
import { loadSessionUser } from '../../../core/load-session-user';
import type { SessionData } from '../../../core/context';
import { Session } from '../../../models';
import { lookupBoard, type BoardTarget } from '../../board';
import type { SessionUser } from '../../../core/session-types';

/**
 * The open event streams of one process, with their limits and the rule that a stream lives no
 * longer than the session (and the rights) it was opened with. See docs/areas/live.md, "Limits"
 * and "A stream ends with its session".
 */

/** Why a stream was closed by the server (logged; the client just reconnects or stops). */
export type CloseReason =
  | 'session' // the session ended, expired, or now belongs to someone else
  | 'rights' // the user is gone, blocked, or may no longer read this board
  | 'slow' // the client did not read: its send buffer passed the bound
  | 'replaced' // the user opened more streams than allowed: the oldest goes
  | 'shutdown';

export interface OpenStream {
  userId: number;
  /** The session row's id (SHA-256 of the cookie's key); null only when the session has no key yet. */
  sessionId: string | null;
  impersonatorId: number | null;
  /** The `?board` the stream was opened with (the board owner's id as requested), if any. */
  board: number | undefined;
  /** What the holder's rights were when the stream opened (`rightsOf`): any change ends it. */
  rights: string;
  openedAt: number;
  /** Bytes written to the stream that the client has not taken yet (ours and the socket's buffers). */
  bufferedBytes(): number;
  close(reason: CloseReason): void;
}

/** A session as the check reads it (PGlite may hand back `data` as text). */
type SessionCheck = Pick<Session, 'id' | 'last_seen_at' | 'expires_at'> & { data: SessionData | string };

/**
 * The policy of a stream, as the route asks it and as every re-check asks it again: `live:read`
 * about the board's owner (resolved by the board's own lookup, the Master Template rule included),
 * about nothing for one's own events. `null`: the board's user is unknown.
 */
export async function streamTarget(knex: Knex, board: number | undefined): Promise<BoardTarget | undefined | null> {
  if (board === undefined) return undefined;
  const found = await lookupBoard(knex, board);
  if (!found) return null;
  return { ...found.requested, lock: found.board.owner.id };
}

/**
 * What of a user decides what they may do (role, admin flag, subscription, grant, start date, tags),
 * as one string: a stream whose holder's rights changed is closed, and the client's reconnect is
 * decided afresh by the policy (a new role may see more, or less).
 */
export function rightsOf(user: SessionUser): string {
  return JSON.stringify([
    user.role,
    user.isAdmin,
    user.stripeStatus,
    user.alwaysGrantAccess,
    user.createdAt,
    user.Tags.map((t) => t.id).sort((a, b) => a - b),
  ]);
}

/** Whether `user` may still hold a stream of `board`: not blocked, and the shared policy lets them in. */
export async function mayStream(knex: Knex, user: SessionUser, board: number | undefined): Promise<boolean> {
  if (isSubscriptionBlocked(user)) return false;
  const target = await streamTarget(knex, board);
  if (target === null) return false;
  return can(user, 'live:read', target);
}

export class StreamRegistry {
  private readonly streams = new Set<OpenStream>();
  private readonly byUser = new Map<number, OpenStream[]>();
  private timer: NodeJS.Timeout | null = null;
  /** Users heard of (by the database's session-check events) whose streams wait to be checked. */
  private dueUsers = new Set<number>();
  private checking: Promise<void> | null = null;
  private checkAll = false;
  limits: LiveLimits | null = null;
  sessionIdleMs = Infinity;

  constructor(
    private readonly knex: Knex,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** What all open streams hold unsent (the memory a slow reader can pin; the benchmark prints it). */
  bufferedBytes(): number {
    let total = 0;
    for (const s of this.streams) total += s.bufferedBytes();
    return total;
  }

  /** How many streams `userId` has open here. */
  countOf(userId: number): number {
    return this.byUser.get(userId)?.length ?? 0;
  }

  /** Whether the process is at its ceiling (the route then answers 503 before opening). */
  full(limits: LiveLimits): boolean {
    return this.streams.size >= limits.maxStreams;
  }

  /**
   * Registers an open stream. Past the user's limit, their oldest streams are closed first. Starts
   * the periodic check (idle and absolute expiry) with the first stream.
   */
  add(stream: OpenStream, limits: LiveLimits, sessionIdleMs: number): void {
    this.limits = limits;
    this.sessionIdleMs = sessionIdleMs;
    const mine = this.byUser.get(stream.userId) ?? [];
    while (mine.length >= limits.maxStreamsPerUser) mine.shift()!.close('replaced');
    mine.push(stream);
    this.byUser.set(stream.userId, mine);
    this.streams.add(stream);
    if (!this.timer) {
      this.timer = setInterval(() => void this.requestCheck(null), limits.sessionCheckMs);
      this.timer.unref();
    }
  }

  remove(stream: OpenStream): void {
    if (!this.streams.delete(stream)) return;
    const mine = this.byUser.get(stream.userId);
    if (mine) {
      const i = mine.indexOf(stream);
      if (i >= 0) mine.splice(i, 1);
      if (mine.length === 0) this.byUser.delete(stream.userId);
    }
    if (this.streams.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Closes every stream (shutdown). */
  closeAll(): void {
    for (const s of [...this.streams]) s.close('shutdown');
  }

  /**
   * Asks for a check of the streams of `userId` (as the holder or as the board's owner), or of
   * every stream (`null`). Checks run one at a time; requests that come meanwhile are merged.
   */
  requestCheck(userId: number | null): Promise<void> {
    if (this.streams.size === 0) return Promise.resolve();
    if (userId === null) this.checkAll = true;
    else this.dueUsers.add(userId);
    this.checking ??= this.runChecks().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async runChecks(): Promise<void> {
    // Let the other requests of this tick join the batch.
    await new Promise((r) => setImmediate(r));
    while (this.checkAll || this.dueUsers.size > 0) {
      const all = this.checkAll;
      const users = this.dueUsers;
      this.checkAll = false;
      this.dueUsers = new Set();
      const batch = [...this.streams].filter(
        (s) => all || users.has(s.userId) || (s.board !== undefined && users.has(s.board)),
      );
      try {
        await this.check(batch);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /**
   * One check of some streams: their sessions in one query (gone, expired by age or idleness, or
   * now someone else's: closed), then each distinct holder loaded as a request would load them and
   * asked the stream's policy again (gone, blocked or refused: closed).
   */
  async check(batch: OpenStream[]): Promise<void> {
    if (batch.length === 0) return;
    const ids = [...new Set(batch.map((s) => s.sessionId).filter((id): id is string => id !== null))];
    const rows =
      ids.length === 0
        ? []
        : ((await Session.query(this.knex)
            .select('id', 'data', 'last_seen_at', 'expires_at')
            .whereIn('id', ids)) as unknown as SessionCheck[]);
    const sessions = new Map(rows.map((r) => [r.id, r]));
    const now = Date.now();
    const alive: OpenStream[] = [];
    for (const s of batch) {
      const row = s.sessionId === null ? undefined : sessions.get(s.sessionId);
      const data = row ? (typeof row.data === 'string' ? (JSON.parse(row.data) as SessionData) : row.data) : null;
      const valid =
        row !== undefined &&
        data !== null &&
        new Date(row.expires_at).getTime() > now &&
        new Date(row.last_seen_at).getTime() + this.sessionIdleMs > now &&
        data.userId === s.userId &&
        (data.impersonatorId ?? null) === s.impersonatorId;
      if (valid) alive.push(s);
      else s.close('session');
    }
    const users = new Map<string, SessionUser | null>();
    const allowed = new Map<string, boolean>();
    for (const s of alive) {
      const key = `${s.userId}:${s.impersonatorId ?? ''}`;
      if (!users.has(key)) users.set(key, await loadSessionUser(this.knex, s.userId, s.impersonatorId ?? undefined));
      const user = users.get(key)!;
      if (!user || rightsOf(user) !== s.rights) {
        s.close('rights');
        continue;
      }
      const policyKey = `${key}:${s.board ?? ''}`;
      if (!allowed.has(policyKey)) allowed.set(policyKey, await mayStream(this.knex, user, s.board));
      if (!allowed.get(policyKey)) s.close('rights');
    }
  }
}

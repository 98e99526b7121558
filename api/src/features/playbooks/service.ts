import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import { can, type Principal } from '@shared/policies';
import type { PlaybookApplyInput, PlaybookUpsertInput, RecurringUpsertInput } from '@shared/schemas/playbooks';
import type { PlaybookApplyResponse } from '@shared/types';
import { audit } from '../../core/audit';
import { badRequest, forbidden, notFound } from '../../core/errors';
import { Playbook, RecurringCardRule } from '../../models';
import { addPlannedCards } from '../board';

/**
 * Recurring cards and playbooks (docs/areas/playbooks.md). Both put cards at the end of the first
 * list of members' boards (`addPlannedCards` of the board feature), with due dates from a day: the
 * due moment is that day's end, 23:59 UTC.
 */

type Db = Knex | Knex.Transaction;
const DAY_MS = 86_400_000;

/** The due moment of a day (YYYY-MM-DD) plus `days`: 23:59 UTC. */
export function dueOnDay(day: string, days: number): Date {
  return new Date(Date.parse(`${day}T23:59:00.000Z`) + days * DAY_MS);
}

/**
 * The members a plan is for: `userIds` and the holders of `tagIds`, never an admin's board (the
 * Master Template); 400 for an id that is no user or tag. Sorted, each once.
 */
export async function targetMembers(
  db: Db,
  userIds: readonly number[] = [],
  tagIds: readonly number[] = [],
): Promise<number[]> {
  const users = [...new Set(userIds)];
  const tags = [...new Set(tagIds)];
  if (users.length > 0) {
    const found = await db('users').whereIn('id', users).pluck<number[]>('id');
    if (found.length !== users.length)
      throw badRequest(MESSAGES.planUserUnknown, { userIds: MESSAGES.planUserUnknown });
  }
  if (tags.length > 0) {
    const found = await db('tags').whereIn('id', tags).pluck<number[]>('id');
    if (found.length !== tags.length) throw badRequest(MESSAGES.planTagUnknown, { tagIds: MESSAGES.planTagUnknown });
  }
  if (users.length === 0 && tags.length === 0) return [];
  const rows = await db('users as u')
    .where((q) => {
      if (users.length > 0) q.orWhereIn('u.id', users);
      if (tags.length > 0)
        q.orWhereExists(db('user_tags as ut').whereRaw('ut.user_id = u.id').whereIn('ut.tag_id', tags));
    })
    .whereNot('u.role', 'admin')
    .orderBy('u.id')
    .pluck<number[]>('u.id');
  return rows;
}

// ---------------------------------------------------------------- recurring cards

/** Who may see and change a rule: its maker, and admins. */
function mayKeep(user: Principal, rule: Pick<RecurringCardRule, 'created_by'>): boolean {
  return rule.created_by === user.id || user.role === 'admin';
}

/** The rules `user` keeps: their own; an admin every one. Oldest first. */
export async function readRecurring(db: Db, user: Principal): Promise<RecurringCardRule[]> {
  const q = RecurringCardRule.query(db).orderBy('id');
  if (user.role !== 'admin') q.where('created_by', user.id);
  return q;
}

/**
 * Saves a rule. A member's rule is for their own board alone (userIds other than theirs, or tags:
 * 403); a coach's or an admin's names members or tags (none: 400). The weekday defaults to Monday,
 * the day of the month to the 1st, the due date to the day it is made.
 */
export async function saveRecurring(
  trx: Knex.Transaction,
  user: Principal,
  input: RecurringUpsertInput,
): Promise<{ rule: RecurringCardRule; isNew: boolean }> {
  const forOthers = can(user, 'recurring:for-others');
  let userIds = [...new Set(input.userIds ?? [])];
  const tagIds = [...new Set(input.tagIds ?? [])];
  if (!forOthers) {
    if (tagIds.length > 0 || userIds.some((id) => id !== user.id)) throw forbidden(MESSAGES.recurringOwnBoardOnly);
    userIds = [user.id];
  } else if (userIds.length === 0 && tagIds.length === 0) {
    throw badRequest(MESSAGES.planTargetsRequired, { userIds: MESSAGES.planTargetsRequired });
  } else {
    await targetMembers(trx, userIds, tagIds);
  }
  const values = {
    title: input.title,
    description: input.description,
    checklist: input.checklist,
    every: input.every,
    weekday: input.every === 'week' ? (input.weekday ?? 1) : null,
    day_of_month: input.every === 'month' ? (input.dayOfMonth ?? 1) : null,
    due_after_days: input.dueAfterDays ?? 0,
    user_ids: userIds,
    tag_ids: tagIds,
  };
  if (input.id) {
    const found = await RecurringCardRule.query(trx).findById(input.id).forUpdate();
    if (!found || !mayKeep(user, found)) throw notFound(MESSAGES.recurringNotFound);
    const rule = await RecurringCardRule.query(trx).patchAndFetchById(input.id, {
      ...values,
      updated_at: trx.fn.now(),
    });
    return { rule, isNew: false };
  }
  const rule = await RecurringCardRule.query(trx).insertAndFetch({ ...values, created_by: user.id });
  return { rule, isNew: true };
}

export async function deleteRecurring(trx: Knex.Transaction, user: Principal, id: number): Promise<void> {
  const found = await RecurringCardRule.query(trx).findById(id).forUpdate();
  if (!found || !mayKeep(user, found)) throw notFound(MESSAGES.recurringNotFound);
  await RecurringCardRule.query(trx).deleteById(id);
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The period of `rule` that `now` is in, or null before its first: the day it is made (the last
 * chosen weekday, or day of the month, on or before today, UTC) and the period's key (that day for
 * a week, YYYY-MM for a month). A period whose day is before the rule was made is not its own: the
 * first card comes on the first chosen day from then on.
 */
export function currentPeriod(
  rule: Pick<RecurringCardRule, 'every' | 'weekday' | 'day_of_month' | 'created_at'>,
  now: Date,
): { day: string; key: string } | null {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let day: number;
  let key: string;
  if (rule.every === 'week') {
    const back = (new Date(today).getUTCDay() - (rule.weekday ?? 1) + 7) % 7;
    day = today - back * DAY_MS;
    key = isoDay(day);
  } else {
    const dom = rule.day_of_month ?? 1;
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth();
    day = now.getUTCDate() >= dom ? Date.UTC(y, m, dom) : Date.UTC(y, m - 1, dom);
    key = isoDay(day).slice(0, 7);
  }
  const made = new Date(rule.created_at);
  const madeDay = Date.UTC(made.getUTCFullYear(), made.getUTCMonth(), made.getUTCDate());
  if (day < madeDay) return null;
  return { day: isoDay(day), key };
}

/**
 * The `recurring-cards` timer at `now`: for every rule, the current period's card on each of its
 * members' boards that has none for it yet. One transaction per rule: its run rows (rule, member,
 * period) are inserted with ON CONFLICT DO NOTHING first, and a card is made only for the rows this
 * run inserted, so two workers, a rerun after a crash or a restart make each period's card once.
 * Members without a board keep their row without a card (they are not owed one later). Returns
 * how many cards it made.
 */
export async function runRecurringCards(knex: Knex, now: Date = new Date()): Promise<number> {
  const rules = await RecurringCardRule.query(knex).orderBy('id');
  let made = 0;
  for (const rule of rules) {
    const period = currentPeriod(rule, now);
    if (!period) continue;
    made += await knex.transaction(async (trx) => {
      const members =
        rule.tag_ids.length === 0 && rule.created_by !== null && rule.user_ids.every((id) => id === rule.created_by)
          ? rule.user_ids
          : await targetMembers(trx, rule.user_ids, rule.tag_ids).catch(() => [] as number[]);
      if (members.length === 0) return 0;
      const claimed = await trx('recurring_card_runs')
        .insert(members.map((user_id) => ({ recurring_id: rule.id, user_id, period: period.key })))
        .onConflict(['recurring_id', 'user_id', 'period'])
        .ignore()
        .returning<Array<{ user_id: number }>>('user_id');
      let count = 0;
      for (const { user_id } of claimed.sort((a, b) => a.user_id - b.user_id)) {
        const ids = await addPlannedCards(trx, user_id, rule.created_by ?? user_id, [
          {
            title: rule.title,
            description: rule.description,
            checklist: rule.checklist,
            dueAt: dueOnDay(period.day, rule.due_after_days),
          },
        ]);
        if (ids === null) continue;
        await trx('recurring_card_runs')
          .where({ recurring_id: rule.id, user_id, period: period.key })
          .update({ card_id: ids[0] });
        count += 1;
      }
      return count;
    });
  }
  return made;
}

// ---------------------------------------------------------------- playbooks

/** Every playbook, by name. */
export async function readPlaybooks(db: Db): Promise<Playbook[]> {
  return Playbook.query(db).orderBy([{ column: 'name' }, { column: 'id' }]);
}

/** The launch playbook, if one is marked. */
export async function launchPlaybook(db: Db): Promise<Playbook | undefined> {
  return Playbook.query(db).where({ launch: true }).first();
}

export async function savePlaybook(
  trx: Knex.Transaction,
  actor: { id: number; ip: string },
  input: PlaybookUpsertInput,
): Promise<{ playbook: Playbook; isNew: boolean }> {
  const values = {
    name: input.name,
    description: input.description,
    cards: input.cards.map((c) => ({
      title: c.title,
      description: c.description,
      checklist: c.checklist,
      labels: c.labels,
      dueInDays: c.dueInDays ?? null,
    })),
    launch: input.launch,
  };
  // One launch playbook: marking this one unmarks the other.
  if (input.launch)
    await trx('playbooks')
      .where({ launch: true })
      .whereNot('id', input.id ?? 0)
      .update({ launch: false });
  let playbook: Playbook;
  let isNew = false;
  if (input.id) {
    const found = await Playbook.query(trx).findById(input.id).forUpdate();
    if (!found) throw notFound(MESSAGES.playbookNotFound);
    playbook = await Playbook.query(trx).patchAndFetchById(input.id, {
      ...values,
      updated_at: trx.fn.now(),
    });
  } else {
    playbook = await Playbook.query(trx).insertAndFetch({ ...values, created_by: actor.id });
    isNew = true;
  }
  await audit(trx, {
    actorId: actor.id,
    action: isNew ? 'playbook.create' : 'playbook.update',
    details: { playbookId: playbook.id, name: playbook.name, cards: playbook.cards.length },
    ip: actor.ip,
  });
  return { playbook, isNew };
}

export async function deletePlaybook(trx: Knex.Transaction, actor: { id: number; ip: string }, id: number) {
  const found = await Playbook.query(trx).findById(id).forUpdate();
  if (!found) throw notFound(MESSAGES.playbookNotFound);
  await Playbook.query(trx).deleteById(id);
  await audit(trx, {
    actorId: actor.id,
    action: 'playbook.delete',
    details: { playbookId: id, name: found.name },
    ip: actor.ip,
  });
}

/**
 * Applies a playbook (docs/areas/playbooks.md), in one transaction: to the members named (coaches
 * and admins), or, without userIds and tagIds, the launch playbook to the caller's own board. A
 * member whose key row exists already (this key applied to them before) or who has no board yet
 * is skipped and counted; the others get every card, due `dueInDays` after `startOn`.
 */
export async function applyPlaybook(
  trx: Knex.Transaction,
  user: Principal,
  ip: string,
  input: PlaybookApplyInput,
): Promise<PlaybookApplyResponse> {
  const toSelf = (input.userIds ?? []).length === 0 && (input.tagIds ?? []).length === 0;
  // Asked before any lookup: a member learns nothing of which playbook ids exist.
  if (!toSelf && !can(user, 'playbook:manage')) throw forbidden(MESSAGES.forbidden);
  const playbook = await Playbook.query(trx).findById(input.playbookId);
  if (!playbook) throw notFound(MESSAGES.playbookNotFound);
  let members: number[];
  if (toSelf) {
    if (!playbook.launch || !can(user, 'playbook:launch')) throw forbidden(MESSAGES.playbookMembersRequired);
    members = [user.id];
  } else {
    members = await targetMembers(trx, input.userIds, input.tagIds);
  }
  const claimed = members.length
    ? await trx('playbook_runs')
        .insert(members.map((user_id) => ({ key: input.key, user_id, playbook_id: playbook.id, applied_by: user.id })))
        .onConflict(['key', 'user_id'])
        .ignore()
        .returning<Array<{ user_id: number }>>('user_id')
    : [];
  let applied = 0;
  const cards = playbook.cards.map((c) => ({
    title: c.title,
    description: c.description,
    checklist: c.checklist,
    labels: c.labels,
    dueAt: c.dueInDays === null ? null : dueOnDay(input.startOn, c.dueInDays),
  }));
  for (const { user_id } of claimed.sort((a, b) => a.user_id - b.user_id)) {
    const ids = await addPlannedCards(trx, user_id, user.id, cards);
    if (ids !== null) applied += 1;
    // No board yet: not applied, so the same key reaches them once they have one.
    else await trx('playbook_runs').where({ key: input.key, user_id }).delete();
  }
  await audit(trx, {
    actorId: user.id,
    action: 'playbook.apply',
    details: { playbookId: playbook.id, name: playbook.name, key: input.key, startOn: input.startOn, applied },
    ip,
  });
  return { applied, skipped: members.length - applied };
}

/** The names of the users who made `ids`' rows (one query). */
export async function makers(db: Db, ids: ReadonlyArray<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db('users')
    .whereIn('id', wanted)
    .select<Array<{ id: number; full_name: string }>>('id', 'full_name');
  return new Map(rows.map((r) => [r.id, r.full_name]));
}

/**
 * The members a coach or an admin may plan for: premium members (their boards get the cards), by
 * name. One query; the /plans pickers filter them in the browser.
 */
export async function planMembers(db: Db): Promise<Array<{ id: number; full_name: string; email: string }>> {
  return db('users')
    .where({ role: 'premium' })
    .orderBy([{ column: 'full_name' }, { column: 'id' }])
    .select<Array<{ id: number; full_name: string; email: string }>>('id', 'full_name', 'email');
}

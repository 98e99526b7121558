import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { canWorkOnBoard, type BoardOwner } from '@shared/policies/board';
import { requireUser } from '../../core/auth';
import { badRequest, forbidden, notFound } from '../../core/errors';
import type { PortalContext } from '../../core/context';
import type { SessionUser } from '../../core/session-types';

export type Db = Knex | Knex.Transaction;

/** The user whose board a request is about, after the Master Template rule is applied. */
export interface ResolvedBoard {
  owner: BoardOwner & { fullName: string };
  isTemplate: boolean;
  /** Whether the board's rows exist yet (a member's board is created when first opened). */
  exists: boolean;
  /** The board's version (bumped by every change of its view), when it exists. */
  version: number | null;
}

interface OwnerLookupRow {
  id: number;
  full_name: string;
  role: Role;
  board_id: number | null;
  is_template: boolean | null;
  version: number | null;
  template_version: number | null;
  template_user_id: number | null;
  template_name: string | null;
  template_role: Role | null;
}

/** Query values must be single: ?userId=1&userId=2 is a 400, not a guess. */
export function singleQuery(ctx: PortalContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.query)) {
    if (Array.isArray(v)) throw badRequest('Repeated query parameter', { [k]: 'Give this parameter once' });
    if (v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/** 403 for an actor who may not work on `owner`'s board (logged like every denial). */
export function assertWork(ctx: PortalContext, owner: BoardOwner): SessionUser {
  const user = requireUser(ctx);
  if (!canWorkOnBoard(user, owner)) {
    ctx.deps.log.warn('denied', {
      requestId: ctx.state.requestId,
      userId: user.id,
      action: 'board:work',
      path: ctx.path,
    });
    throw forbidden();
  }
  return user;
}

/**
 * Which board a request is about: the board of `requestedUserId`, else the actor's own; an admin's
 * board is the Master Template (whichever admin created it). Checks the policy. An unknown user
 * is 404 for those who may list users and 403 for everyone else (no enumeration).
 */
export async function resolveBoard(ctx: PortalContext, requestedUserId?: number): Promise<ResolvedBoard> {
  const actor = requireUser(ctx);
  const userId = requestedUserId ?? actor.id;
  const result = await ctx.deps.knex.raw<{ rows: OwnerLookupRow[] }>(
    `select u.id, u.full_name, u.role, b.id as board_id, b.is_template, b.version,
            t.user_id as template_user_id, t.version as template_version, tu.full_name as template_name, tu.role as template_role
       from users u
       left join mtn_boards b on b.user_id = u.id
       left join mtn_boards t on t.is_template
       left join users tu on tu.id = t.user_id
      where u.id = ?`,
    [userId],
  );
  const row = result.rows[0];
  if (!row) {
    if (can(actor, 'user:list')) throw notFound(MESSAGES.userNotFound);
    throw forbidden();
  }
  assertWork(ctx, { id: row.id, role: row.role });
  if (row.role === 'admin' && row.template_user_id !== null && row.template_user_id !== row.id) {
    return {
      owner: { id: row.template_user_id, role: row.template_role ?? 'admin', fullName: row.template_name ?? '' },
      isTemplate: true,
      exists: true,
      version: row.template_version,
    };
  }
  return {
    owner: { id: row.id, role: row.role, fullName: row.full_name },
    isTemplate: row.role === 'admin',
    exists: row.board_id !== null,
    version: row.version,
  };
}

/** What an id in a request points at, with the board owner it belongs to. */
export type OwnedKind = 'list' | 'card' | 'label' | 'attachment' | 'checklist' | 'item' | 'activity';

const OWNER_SQL: Record<OwnedKind, string> = {
  list: `select l.id, l.user_id as owner_id, u.role as owner_role, l.name, l.position
           from mtn_lists l join users u on u.id = l.user_id where l.id = ?`,
  card: `select c.id, l.user_id as owner_id, u.role as owner_role, c.list_id, c.position, c.cover_photo_url
           from mtn_cards c join mtn_lists l on l.id = c.list_id join users u on u.id = l.user_id where c.id = ?`,
  label: `select lb.id, lb.user_id as owner_id, u.role as owner_role
            from mtn_labels lb join users u on u.id = lb.user_id where lb.id = ?`,
  attachment: `select a.id, l.user_id as owner_id, u.role as owner_role, a.card_id, a.file_url
                 from mtn_attachments a join mtn_cards c on c.id = a.card_id join mtn_lists l on l.id = c.list_id
                 join users u on u.id = l.user_id where a.id = ?`,
  checklist: `select ch.id, l.user_id as owner_id, u.role as owner_role, ch.card_id
                from mtn_checklists ch join mtn_cards c on c.id = ch.card_id join mtn_lists l on l.id = c.list_id
                join users u on u.id = l.user_id where ch.id = ?`,
  item: `select i.id, l.user_id as owner_id, u.role as owner_role, i.checklist_id, ch.card_id
           from mtn_checklist_items i join mtn_checklists ch on ch.id = i.checklist_id
           join mtn_cards c on c.id = ch.card_id join mtn_lists l on l.id = c.list_id
           join users u on u.id = l.user_id where i.id = ?`,
  activity: `select ac.id, l.user_id as owner_id, u.role as owner_role, ac.card_id, ac.user_id as author_id
               from mtn_activities ac join mtn_cards c on c.id = ac.card_id join mtn_lists l on l.id = c.list_id
               join users u on u.id = l.user_id where ac.id = ?`,
};

const NOT_FOUND: Record<OwnedKind, string> = {
  list: MESSAGES.listNotFound,
  card: MESSAGES.cardNotFound,
  label: 'Label not found',
  attachment: 'Attachment not found',
  checklist: 'Checklist not found',
  item: 'Check item not found',
  activity: 'Comment not found',
};

export interface OwnedRow {
  id: number;
  owner_id: number;
  owner_role: Role;
  [column: string]: unknown;
}

/**
 * Loads the entity `id` of `kind` with its board's owner and checks that the actor may work on
 * that board: 404 when it does not exist, 403 when it is on a board the actor may not touch.
 */
export async function findOwned(ctx: PortalContext, db: Db, kind: OwnedKind, id: number): Promise<OwnedRow> {
  const result = await db.raw<{ rows: OwnedRow[] }>(OWNER_SQL[kind], [id]);
  const row = result.rows[0];
  if (!row) throw notFound(NOT_FOUND[kind]);
  assertWork(ctx, { id: row.owner_id, role: row.owner_role });
  return row;
}

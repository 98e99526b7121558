import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import type { BoardAction, BoardOwner, BoardSubject } from '@shared/policies/board';
import { refuse, requireUser, type Policy } from '../../../core/auth';
import { notFound } from '../../../core/errors';
import type { PortalContext } from '../../../core/context';
import type { Board, User } from '../../../models';
import { ensureBoard } from '../commands/template';
import type { Db } from '../read-model/queries';

export type { Db };

/** The user whose board a request is about, after the Master Template rule is applied. */
export interface ResolvedBoard {
  owner: BoardOwner & { fullName: string; photoUrl: string | null };
  isTemplate: boolean;
  /** Whether the board's rows exist yet (a member's board is created when first opened). */
  exists: boolean;
  /** The board's version (bumped by every change of its view), when it exists. */
  version: number | null;
}

/** A user with their board (if any) and the Master Template's board and owner, as the lookup joins them. */
type OwnerLookup = Pick<User, 'id' | 'full_name' | 'role' | 'photo_url'> & {
  board_id: Board['id'] | null;
  is_template: Board['is_template'] | null;
  version: Board['version'] | null;
  template_version: Board['version'] | null;
  template_user_id: Board['user_id'] | null;
  template_name: User['full_name'] | null;
  template_photo_url: User['photo_url'] | null;
  template_role: User['role'] | null;
};

/**
 * Which board a request is about: the board of `requestedUserId`, else the actor's own; an admin's
 * board is the Master Template (whichever admin created it). Null for an unknown user. The policy
 * is asked about the requested user (`requested`); the board to lock is `board.owner`.
 */
export async function lookupBoard(
  db: Db,
  userId: number,
): Promise<{ requested: BoardOwner; board: ResolvedBoard } | null> {
  const result = await db.raw<{ rows: OwnerLookup[] }>(
    `select u.id, u.full_name, u.role, u.photo_url, b.id as board_id, b.is_template, b.version,
            t.user_id as template_user_id, t.version as template_version, tu.full_name as template_name,
            tu.photo_url as template_photo_url, tu.role as template_role
       from users u
       left join mtn_boards b on b.user_id = u.id
       left join mtn_boards t on t.is_template
       left join users tu on tu.id = t.user_id
      where u.id = ?`,
    [userId],
  );
  const row = result.rows[0];
  if (!row) return null;
  const requested = { id: row.id, role: row.role };
  if (row.role === 'admin' && row.template_user_id !== null && row.template_user_id !== row.id) {
    const owner = {
      id: row.template_user_id,
      role: row.template_role ?? 'admin',
      fullName: row.template_name ?? '',
      photoUrl: row.template_photo_url,
    };
    return { requested, board: { owner, isTemplate: true, exists: true, version: row.template_version } };
  }
  return {
    requested,
    board: {
      owner: { id: row.id, role: row.role, fullName: row.full_name, photoUrl: row.photo_url },
      isTemplate: row.role === 'admin',
      exists: row.board_id !== null,
      version: row.version,
    },
  };
}

/**
 * What the policy of a board route is asked about: the board's owner (for `can()`), the owner of
 * the board to lock (`lock`), and what was loaded on the way: the entity of an id (`row`) or the
 * resolved board (`board`).
 */
export interface BoardTarget extends BoardSubject {
  lock: number;
  row?: OwnedEntity;
  board?: ResolvedBoard;
}

/**
 * The policy of a route about a whole board: `action` on the board of the user `userIdOf(input)`
 * (default: the actor's). An unknown user is 404 for those who may list users and a logged 403
 * for everyone else (no enumeration). With `ensure`, a member's board is created from the
 * template the first time it is used (before the request's transaction takes its lock).
 */
export function boardPolicy<I>(
  action: BoardAction,
  userIdOf: (input: I) => number | undefined = () => undefined,
  options: { ensure?: boolean } = {},
): Policy<BoardTarget> {
  return {
    action,
    load: async (ctx: PortalContext) => {
      const actor = requireUser(ctx);
      const found = await lookupBoard(ctx.deps.knex, userIdOf(ctx.input as I) ?? actor.id);
      if (!found) {
        if (can(actor, 'user:list')) throw notFound(MESSAGES.userNotFound);
        refuse(ctx, action);
      }
      const { board } = found;
      // Only for an actor the policy lets in: checked here too, so nobody else makes a board appear.
      if (options.ensure && !board.exists && can(actor, action, found.requested)) {
        await ensureBoard(ctx.deps.knex, board.owner.id, board.isTemplate);
      }
      return { ...found.requested, lock: board.owner.id, board };
    },
  };
}

/**
 * The policy of a route about one entity of a board: `action` on the board that the entity
 * `pick(input)` is on (404 when it does not exist). A list brings its name, a comment its author.
 */
export function ownedPolicy<I>(action: BoardAction, pick: (input: I) => [OwnedKind, number]): Policy<BoardTarget> {
  return {
    action,
    load: async (ctx: PortalContext) => {
      const [kind, id] = pick(ctx.input as I);
      const row = await findOwned(ctx.deps.knex, kind, id);
      return {
        id: row.owner_id,
        role: row.owner_role,
        lock: row.owner_id,
        row,
        listName: kind === 'list' ? String(row.name) : undefined,
        authorId: kind === 'activity' ? ((row.author_id as number | null) ?? null) : undefined,
      };
    },
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

/** The answer of an owner lookup (OWNER_SQL): the entity's columns with its board's owner. */
export type OwnedEntity = {
  id: number;
  owner_id: User['id'];
  owner_role: User['role'];
  [column: string]: unknown;
};

/** Loads the entity `id` of `kind` with its board's owner: 404 when it does not exist. */
export async function findOwned(db: Db, kind: OwnedKind, id: number): Promise<OwnedEntity> {
  const result = await db.raw<{ rows: OwnedEntity[] }>(OWNER_SQL[kind], [id]);
  const row = result.rows[0];
  if (!row) throw notFound(NOT_FOUND[kind]);
  return row;
}

/** One action, loaded one way or another by the input (an upsert: the entity of `id`, or its parent). */
export function byInput<I>(action: BoardAction, choose: (input: I) => Policy<BoardTarget>): Policy<BoardTarget> {
  return { action, load: (ctx: PortalContext) => choose(ctx.input as I).load!(ctx) };
}

import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { BoardInfo, BoardSummary, Card } from '@shared/types/board';
import { boardProgress } from '@shared/calc/progress';
import { DONUT_STATUSES } from '@shared/calc/board';
import { Attachment, Checklist, ChecklistItem, Label, type BoardList, type Card as CardModel } from '../../../models';
import { presentActivity, presentAttachment, presentChecklist, presentLabel, type CommentView } from '../presenters';
import { iso } from '../../../core/dates';
import { isoSql, isReviewListSql, reviewSinceSql } from './board-event';
import type { Db } from './queries';

/**
 * The board view in ONE statement, whatever the number of cards: lists in order, each with its
 * cards in order; each card with its Labels and its attachment, check item and comment
 * counts (kept on the card by triggers, so the read touches this board's rows only), and for the
 * cards of FOR REVIEW when they entered it (`reviewSinceSql`, their history rows; the review list is
 * found once, not by each card's list name); the board
 * owner's labels once; and the board's version, read in the same snapshot. PostgreSQL builds
 * the JSON (the field whitelist is the json_build_object below) and the API passes the text
 * through, so a 2,000-card board costs no JSON parsing in Node.
 */
const BOARD_SQL = `
with c as (
  select c.id, c.list_id, c.title, c.position, c.cover_photo_url, c.due_at, c.description <> '' as has_description,
         c.attachments_count, c.items_total, c.items_done, c.activities_count,
         ${reviewSinceSql(`c.list_id in (select rl.id from mtn_lists rl where rl.user_id = :owner and ${isReviewListSql('rl.name')})`)} as review_since
    from mtn_lists l join mtn_cards c on c.list_id = l.id
   where l.user_id = :owner
),
lab as (
  select cl.card_id,
         json_agg(json_build_object('id', lb.id, 'name', lb.name, 'color', lb.color, 'userId', lb.user_id)
                  order by lb.id) as labels
    from c join mtn_card_labels cl on cl.card_id = c.id
           join mtn_labels lb on lb.id = cl.label_id
   group by cl.card_id
),
cj as (
  select c.list_id, json_agg(json_build_object(
           'id', c.id, 'title', c.title, 'ListId', c.list_id, 'position', c.position,
           'coverPhotoUrl', c.cover_photo_url, 'dueAt', ${isoSql('c.due_at')}, 'hasDescription', c.has_description,
           'Labels', coalesce(lab.labels, '[]'::json),
           'attachmentsCount', c.attachments_count,
           'checkListItemsCount', c.items_total,
           'checkListItemsCompleted', c.items_done,
           'activitiesCount', c.activities_count,
           'reviewSince', c.review_since) order by c.position) as cards
    from c left join lab on lab.card_id = c.id
   group by c.list_id
)
select (select version from mtn_boards where user_id = :owner) as version,
       (select coalesce(json_agg(json_build_object(
               'id', l.id, 'name', l.name, 'position', l.position, 'userId', l.user_id,
               'Cards', coalesce(cj.cards, '[]'::json)) order by l.position), '[]'::json)
          from mtn_lists l left join cj on cj.list_id = l.id
         where l.user_id = :owner)::text as lists,
       (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'color', color, 'userId', user_id) order by id), '[]'::json)
          from mtn_labels where user_id = :owner)::text as labels`;

interface CachedBoard {
  version: number;
  /** `{"lists":[...],"labels":[...]` as UTF-8, ready to send. */
  bytes: Buffer;
  /** The whole body gzipped, for the `board` part it was made with (a 2,000-card board: 800 KB -> ~60 KB). */
  gzipped?: { board: string; bytes: Buffer };
}

/** Per database (tests run several apps in one process), per board: its view at a version. */
const gzipAsync = promisify(zlib.gzip);

const caches = new WeakMap<Db, Map<number, CachedBoard>>();
const CACHE_BYTES = 64 * 1024 * 1024;

function cacheOf(db: Db): Map<number, CachedBoard> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<number, CachedBoard>()));
  return cache;
}

function remember(db: Db, ownerId: number, entry: CachedBoard): void {
  const cache = cacheOf(db);
  cache.delete(ownerId);
  cache.set(ownerId, entry);
  let bytes = 0;
  for (const e of cache.values()) bytes += e.bytes.length;
  for (const [key, e] of cache) {
    if (bytes <= CACHE_BYTES) break;
    cache.delete(key); // least recently used first
    bytes -= e.bytes.length;
  }
}

/**
 * The body of GET /list/read-many: { lists, labels, board }. The lists and labels are cached per
 * board and version (any instance bumps the version in the database, so a cached view is never
 * served after a change); `knownVersion` is the version the caller just read with the owner.
 * With `gzip`, the body comes gzipped (compressed once per version and owner details, then
 * served from the cache), so a big board costs the network a tenth and the server no CPU.
 */
export async function readBoardJson(
  db: Db,
  board: BoardInfo,
  knownVersion: number | null,
  opts: { gzip?: boolean } = {},
): Promise<{ body: Buffer; gzipped: boolean }> {
  const hit = cacheOf(db).get(board.userId);
  let entry: CachedBoard;
  let cached = true;
  if (hit && knownVersion !== null && hit.version === knownVersion) {
    remember(db, board.userId, hit);
    entry = hit;
  } else {
    const result = await db.raw<{ rows: Array<{ version: number | null; lists: string; labels: string }> }>(BOARD_SQL, {
      owner: board.userId,
    });
    const row = result.rows[0];
    entry = {
      version: Number(row?.version ?? -1),
      bytes: Buffer.from(`{"lists":${row?.lists ?? '[]'},"labels":${row?.labels ?? '[]'}`),
    };
    cached = row?.version !== null && row?.version !== undefined;
    if (cached) remember(db, board.userId, entry);
  }
  const boardJson = JSON.stringify(board);
  if (opts.gzip && entry.gzipped?.board === boardJson) return { body: entry.gzipped.bytes, gzipped: true };
  const body = Buffer.concat([entry.bytes, Buffer.from(`,"board":${boardJson},"version":${entry.version}}`)]);
  if (!opts.gzip || !cached) return { body, gzipped: false };
  const bytes = await gzipAsync(body);
  entry.gzipped = { board: boardJson, bytes };
  return { body: bytes, gzipped: true };
}

const PERSON_JSON = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'full_name', ${alias}.full_name, 'photo_url', ${alias}.photo_url)`;

/** Activities (comments) with author and mentioned users, newest first; one statement. */
export async function readActivities(db: Db, where: { cardId?: number; activityId?: number }): Promise<CommentView[]> {
  const cond = where.activityId !== undefined ? 'ac.id = ?' : 'ac.card_id = ?';
  const result = await db.raw<{ rows: CommentView[] }>(
    `select ac.id, ac.comment, ac.card_id, ac.created_at,
            case when u.id is null then null else ${PERSON_JSON('u')} end as author,
            (select json_agg(${PERSON_JSON('m')} order by m.full_name)
               from mtn_activity_mentions am join users m on m.id = am.user_id where am.activity_id = ac.id) as tagged
       from mtn_activities ac left join users u on u.id = ac.user_id
      where ${cond} order by ac.created_at desc, ac.id desc`,
    [where.activityId ?? where.cardId ?? 0],
  );
  return result.rows;
}

/** The card dialog's card: the card, its list's name, labels, attachments, checklists and comments. */
export async function readCard(db: Db, cardId: number): Promise<Card | null> {
  const card = await db.raw<{
    rows: Array<
      Pick<CardModel, 'id' | 'title' | 'description' | 'cover_photo_url' | 'due_at'> & {
        list_id: number;
        position: number;
        list_name: BoardList['name'];
        user_id: BoardList['user_id'];
      }
    >;
  }>(
    `select c.id, c.title, c.description, c.list_id, l.name as list_name, c.position, c.cover_photo_url, c.due_at, l.user_id
       from mtn_cards c join mtn_lists l on l.id = c.list_id where c.id = ?`,
    [cardId],
  );
  const row = card.rows[0];
  if (!row) return null;
  const [labels, attachments, checklists, items, activities] = await Promise.all([
    Label.query(db)
      .join('mtn_card_labels as cl', 'cl.label_id', 'mtn_labels.id')
      .where('cl.card_id', cardId)
      .orderBy('mtn_labels.id')
      .select('mtn_labels.*'),
    Attachment.query(db).where({ card_id: cardId }).orderBy('id'),
    Checklist.query(db).where({ card_id: cardId }).orderBy('id'),
    ChecklistItem.query(db)
      .join('mtn_checklists as ch', 'ch.id', 'mtn_checklist_items.checklist_id')
      .where('ch.card_id', cardId)
      .orderBy('mtn_checklist_items.id')
      .select('mtn_checklist_items.*'),
    readActivities(db, { cardId }),
  ]);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ListId: row.list_id,
    listName: row.list_name,
    position: row.position,
    coverPhotoUrl: row.cover_photo_url,
    dueAt: row.due_at === null ? null : iso(row.due_at),
    userId: row.user_id,
    Labels: labels.map(presentLabel),
    Attachments: attachments.map(presentAttachment),
    CheckLists: checklists.map((c) =>
      presentChecklist(
        c,
        items.filter((i) => i.checklist_id === c.id),
      ),
    ),
    Activities: activities.map(presentActivity),
  };
}

/** The dashboard donut's counts: cards per status list of `ownerId`'s board. */
export async function boardSummary(db: Db, ownerId: number): Promise<BoardSummary> {
  const result = await db.raw<{ rows: Array<{ name: string; n: number }> }>(
    `select l.name, count(c.id)::int as n from mtn_lists l left join mtn_cards c on c.list_id = l.id
      where l.user_id = ? and l.name = any(?::text[]) group by l.name`,
    [ownerId, [...DONUT_STATUSES]],
  );
  const counts = { 'NOT STARTED': 0, 'IN PROGRESS': 0, 'ON HOLD': 0, COMPLETED: 0 };
  for (const r of result.rows) counts[r.name as keyof typeof counts] += r.n;
  const total = counts['NOT STARTED'] + counts['IN PROGRESS'] + counts['ON HOLD'] + counts.COMPLETED;
  return { userId: ownerId, counts, total, progress: boardProgress(counts) };
}

import type { Knex } from 'knex';
import { canSeeSpace, isCommunityModerator, type Principal } from '@shared/policies';
import { CommunitySpaceRow, type User } from '../../models';

/**
 * The community's reads (docs/areas/community.md#who-may-do-what). Spaces are few: they are loaded whole and
 * filtered with the shared policy (canSeeSpace), and the ids that pass bound every post query, so
 * SQL and UI decide visibility from one rule. A post or comment someone hid is returned only to its
 * author and to moderators.
 */
type Db = Knex | Knex.Transaction;

export async function allSpaces(db: Db): Promise<CommunitySpaceRow[]> {
  return CommunitySpaceRow.query(db).orderBy([{ column: 'position' }, { column: 'id' }]);
}

export async function visibleSpaces(db: Db, user: Principal): Promise<CommunitySpaceRow[]> {
  const rows = await allSpaces(db);
  return rows.filter((s) => canSeeSpace(user, spaceRules(s)));
}

export function spaceRules(s: CommunitySpaceRow) {
  return { roles: s.roles, tagIds: s.tag_ids, postingRoles: s.posting_roles };
}

/** Posts per space the caller sees (their own hidden ones and, for moderators, all). */
export async function postCounts(db: Db, user: Principal, spaceIds: number[]): Promise<Map<number, number>> {
  if (spaceIds.length === 0) return new Map();
  const mod = isCommunityModerator(user);
  const rows = await db.raw<{ rows: Array<{ space_id: number; n: number }> }>(
    `select space_id, count(*)::int as n from community_posts
      where space_id = any(?::int[]) and (? or not hidden or author_id = ?)
      group by space_id`,
    [spaceIds, mod, user.id],
  );
  return new Map(rows.rows.map((r) => [r.space_id, Number(r.n)]));
}

/** A post row as the feed reads it: the post, its author, its counts and the caller's like. */
export interface PostRead {
  id: number;
  space_id: number;
  author_id: number;
  title: string;
  body: string;
  pinned: boolean;
  locked: boolean;
  hidden: boolean;
  created_at: Date | string;
  edited_at: Date | string | null;
  author_name: string;
  author_photo: string | null;
  like_count: number;
  my_like: boolean;
  comment_count: number;
}

/** The columns of PostRead for `community_posts p join users u`; its parameters: [caller, moderator, caller]. */
const POST_COLUMNS = `p.id, p.space_id, p.author_id, p.title, p.body, p.pinned, p.locked, p.hidden, p.created_at, p.edited_at,
  u.full_name as author_name, u.photo_url as author_photo,
  (select count(*)::int from community_reactions r where r.post_id = p.id) as like_count,
  exists (select 1 from community_reactions r where r.post_id = p.id and r.user_id = ?) as my_like,
  (select count(*)::int from community_comments c where c.post_id = p.id and (? or not c.hidden or c.author_id = ?)) as comment_count`;

function normalise(r: PostRead): PostRead {
  return { ...r, like_count: Number(r.like_count), comment_count: Number(r.comment_count) };
}

/** How many of the newest matching posts, and of the newest matching comments, a search ranks. */
export const SEARCH_CANDIDATES = 1000;
/** How many matches the probe of a search counts at most (see feed). */
const SEARCH_PROBE = 5000;

export interface FeedQuery {
  spaceIds: number[];
  page: number;
  itemsPerPage: number;
  q: string;
}

/**
 * A page of posts in the given spaces: pinned first, then the newest. With `q`, the posts whose
 * title, body or visible comments match the words (websearch syntax: "quoted phrases", -not, or),
 * ranked by ts_rank of the post (title weighs more than body) plus half that of its matching
 * comments.
 */
export async function feed(db: Db, user: Principal, f: FeedQuery): Promise<{ rows: PostRead[]; total: number }> {
  if (f.spaceIds.length === 0) return { rows: [], total: 0 };
  const mod = isCommunityModerator(user);
  const offset = (f.page - 1) * f.itemsPerPage;
  const visible = '(? or not p.hidden or p.author_id = ?)';
  if (f.q === '') {
    const [count, page] = await Promise.all([
      db.raw<{ rows: Array<{ n: number }> }>(
        `select count(*)::int as n from community_posts p where p.space_id = any(?::int[]) and ${visible}`,
        [f.spaceIds, mod, user.id],
      ),
      db.raw<{ rows: PostRead[] }>(
        // The page's ids first (on the feed index), then their columns and counts: the counts of
        // the rows an offset skips are never computed.
        `with page as (
           select p.id, p.pinned, p.created_at from community_posts p
            where p.space_id = any(?::int[]) and ${visible}
            order by p.pinned desc, p.created_at desc, p.id desc
            limit ? offset ?)
         select ${POST_COLUMNS}
           from page join community_posts p on p.id = page.id join users u on u.id = p.author_id
          order by page.pinned desc, page.created_at desc, page.id desc`,
        [f.spaceIds, mod, user.id, f.itemsPerPage, offset, user.id, mod, user.id],
      ),
    ]);
    return { rows: page.rows.map(normalise), total: Number(count.rows[0]?.n ?? 0) };
  }
  // Bounded work whatever the words: the newest SEARCH_CANDIDATES matching posts and as many
  // matching comments are ranked (a rare word is found through the GIN indexes, a common one by
  // walking the newest rows), so a word in every post costs no more than a page of them.
  // The query is written out in each condition (not in a CTE) so that the planner sees the words
  // and their frequency: a rare word goes through the GIN indexes, a common one walks the newest rows.
  const tsq = "websearch_to_tsquery('english', ?)";
  // Which way is cheap depends on how common the words are, which the planner can only guess (a word
  // it has no statistics for is 0.5 % of the rows: it walks a million comments backwards looking for
  // a word none holds). A probe of at most SEARCH_PROBE matches per table (a few ms either way) tells:
  // few matches are read through the GIN index and sorted (`id + 0` keeps the planner off the
  // primary key); many are found by walking the newest rows.
  const probe = async (table: string) => {
    const r = await db.raw<{ rows: Array<{ n: number }> }>(
      `select count(*)::int as n from (select 1 from ${table} where search @@ ${tsq} limit ${SEARCH_PROBE}) x`,
      [f.q],
    );
    return Number(r.rows[0]?.n ?? 0);
  };
  const [postMatches, commentMatches] = await Promise.all([probe('community_posts'), probe('community_comments')]);
  if (postMatches === 0 && commentMatches === 0) return { rows: [], total: 0 };
  const newest = (column: string, matches: number) =>
    matches < SEARCH_PROBE ? `${column} + 0 desc` : `${column} desc`;
  const ranked = `with post_hits as (
      select p.id, ts_rank(p.search, ${tsq}) as rank
        from community_posts p
       where p.search @@ ${tsq} and p.space_id = any(?::int[]) and ${visible}
       order by ${newest('p.id', postMatches)} limit ${SEARCH_CANDIDATES}),
    comment_hits as (
      select c.post_id as id, ts_rank(c.search, ${tsq}) * 0.5 as rank
        from community_comments c join community_posts p on p.id = c.post_id
       where c.search @@ ${tsq} and (? or not c.hidden or c.author_id = ?)
         and p.space_id = any(?::int[]) and ${visible}
       order by ${newest('c.id', commentMatches)} limit ${SEARCH_CANDIDATES}),
    ranked as (
      select id, sum(rank) as rank from (select * from post_hits union all select * from comment_hits) h group by id)`;
  const bindings = [f.q, f.q, f.spaceIds, mod, user.id, f.q, f.q, mod, user.id, f.spaceIds, mod, user.id];
  const [count, page] = await Promise.all([
    db.raw<{ rows: Array<{ n: number }> }>(`${ranked} select count(*)::int as n from ranked`, bindings),
    db.raw<{ rows: PostRead[] }>(
      `${ranked},
       page as (
         select ranked.id, ranked.rank, p.created_at from ranked join community_posts p on p.id = ranked.id
          order by ranked.rank desc, p.created_at desc, p.id desc
          limit ? offset ?)
       select ${POST_COLUMNS}
         from page join community_posts p on p.id = page.id join users u on u.id = p.author_id
        order by page.rank desc, page.created_at desc, page.id desc`,
      [...bindings, f.itemsPerPage, offset, user.id, mod, user.id],
    ),
  ]);
  return { rows: page.rows.map(normalise), total: Number(count.rows[0]?.n ?? 0) };
}

/** A member's newest posts in the given spaces that the caller sees (their profile), and how many there are. */
export async function postsBy(
  db: Db,
  user: Principal,
  authorId: number,
  spaceIds: number[],
  limit: number,
): Promise<{ rows: PostRead[]; total: number }> {
  if (spaceIds.length === 0) return { rows: [], total: 0 };
  const mod = isCommunityModerator(user);
  const where = 'p.author_id = ? and p.space_id = any(?::int[]) and (? or not p.hidden or p.author_id = ?)';
  const [count, page] = await Promise.all([
    db.raw<{ rows: Array<{ n: number }> }>(`select count(*)::int as n from community_posts p where ${where}`, [
      authorId,
      spaceIds,
      mod,
      user.id,
    ]),
    db.raw<{ rows: PostRead[] }>(
      `with page as (
         select p.id, p.created_at from community_posts p where ${where} order by p.created_at desc, p.id desc limit ?)
       select ${POST_COLUMNS}
         from page join community_posts p on p.id = page.id join users u on u.id = p.author_id
        order by page.created_at desc, page.id desc`,
      [authorId, spaceIds, mod, user.id, limit, user.id, mod, user.id],
    ),
  ]);
  return { rows: page.rows.map(normalise), total: Number(count.rows[0]?.n ?? 0) };
}

/** One post with its counts, whatever its visibility (the caller checks it with the policy). */
export async function readPost(db: Db, user: Principal, id: number, lock = false): Promise<PostRead | undefined> {
  const mod = isCommunityModerator(user);
  if (lock) await db.raw('select id from community_posts where id = ? for update', [id]);
  const result = await db.raw<{ rows: PostRead[] }>(
    `select ${POST_COLUMNS} from community_posts p join users u on u.id = p.author_id where p.id = ?`,
    [user.id, mod, user.id, id],
  );
  const row = result.rows[0];
  return row ? normalise(row) : undefined;
}

export interface CommentRead {
  id: number;
  post_id: number;
  author_id: number;
  body: string;
  hidden: boolean;
  created_at: Date | string;
  edited_at: Date | string | null;
  author_name: string;
  author_photo: string | null;
}

/** The comments of a post the caller sees, oldest first. */
export async function readComments(db: Db, user: Principal, postId: number): Promise<CommentRead[]> {
  const mod = isCommunityModerator(user);
  const result = await db.raw<{ rows: CommentRead[] }>(
    `select c.id, c.post_id, c.author_id, c.body, c.hidden, c.created_at, c.edited_at,
            u.full_name as author_name, u.photo_url as author_photo
       from community_comments c join users u on u.id = c.author_id
      where c.post_id = ? and (? or not c.hidden or c.author_id = ?)
      order by c.created_at, c.id`,
    [postId, mod, user.id],
  );
  return result.rows;
}

export async function readComment(db: Db, id: number): Promise<CommentRead | undefined> {
  const result = await db.raw<{ rows: CommentRead[] }>(
    `select c.id, c.post_id, c.author_id, c.body, c.hidden, c.created_at, c.edited_at,
            u.full_name as author_name, u.photo_url as author_photo
       from community_comments c join users u on u.id = c.author_id
      where c.id = ?`,
    [id],
  );
  return result.rows[0];
}

/** A member the @ picker offers. */
export type MentionableRow = Pick<User, 'id' | 'full_name' | 'photo_url'>;

/**
 * Members the composer's @ picker offers in a space (docs/areas/community.md#mentions): those who may
 * see it, canSeeSpace in SQL (coaches and admins always; else their role listed, or none is, and one
 * of the tags held, or none is asked), the caller left out, whose name or any word of it starts
 * with `q` (any case); by name, at most `limit`. A mention of anyone else would tell no one.
 */
export async function mentionableMembers(
  db: Db,
  viewer: Principal,
  space: CommunitySpaceRow,
  q: string,
  limit: number,
): Promise<MentionableRow[]> {
  const prefix = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const result = await db.raw<{ rows: MentionableRow[] }>(
    `select u.id, u.full_name, u.photo_url from users u
      where u.id <> ?
        and (u.role in ('admin', 'coach')
          or ((cardinality(?::text[]) = 0 or u.role = any(?::text[]))
            and (cardinality(?::int[]) = 0
              or exists (select 1 from user_tags ut where ut.user_id = u.id and ut.tag_id = any(?::int[])))))
        and (? = '' or u.full_name ilike ? or u.full_name ilike ?)
      order by lower(u.full_name), u.id
      limit ?`,
    [viewer.id, space.roles, space.roles, space.tag_ids, space.tag_ids, prefix, `${prefix}%`, `% ${prefix}%`, limit],
  );
  return result.rows;
}

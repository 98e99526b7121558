import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import { isCommunityModerator, type Principal } from '@shared/policies';
import type { CommunityVisibilityInput } from '@shared/schemas/community';
import type { CommunityProfile, CommunityProfileVisibility } from '@shared/types';
import { iso } from '../../core/dates';
import { notFound } from '../../core/errors';
import { CommunityProfileRow, User } from '../../models';
import { presentPost } from './presenter';
import { postsBy, visibleSpaces } from './queries';

/**
 * Member profiles (docs/areas/community.md#profiles): name and photo always (they are on every post);
 * location, role, member since and posts as the member chooses. Moderators see it all. Posts are
 * only those the caller may see (their spaces, hidden ones for the author and moderators).
 */
type Db = Knex | Knex.Transaction;
const PROFILE_POSTS = 10;

const ALL_SHOWN: CommunityProfileVisibility = {
  showLocation: true,
  showRole: true,
  showMemberSince: true,
  showPosts: true,
};

export async function readVisibility(db: Db, userId: number): Promise<CommunityProfileVisibility> {
  const row = await CommunityProfileRow.query(db).findById(userId);
  if (!row) return { ...ALL_SHOWN };
  return {
    showLocation: row.show_location,
    showRole: row.show_role,
    showMemberSince: row.show_member_since,
    showPosts: row.show_posts,
  };
}

export async function saveVisibility(
  trx: Knex.Transaction,
  userId: number,
  input: CommunityVisibilityInput,
): Promise<CommunityProfileVisibility> {
  await trx('community_profiles')
    .insert({
      user_id: userId,
      show_location: input.showLocation,
      show_role: input.showRole,
      show_member_since: input.showMemberSince,
      show_posts: input.showPosts,
      updated_at: trx.fn.now(),
    })
    .onConflict('user_id')
    .merge();
  return readVisibility(trx, userId);
}

export async function readProfile(db: Db, viewer: Principal, memberId: number): Promise<CommunityProfile> {
  const member = await User.query(db).findById(memberId);
  if (!member) throw notFound(MESSAGES.userNotFound);
  const own = member.id === viewer.id;
  const all = own || isCommunityModerator(viewer);
  const shown = all ? ALL_SHOWN : await readVisibility(db, member.id);
  const location = [member.city, member.state, member.country].filter((x) => x && x.trim() !== '').join(', ');
  let posts: CommunityProfile['posts'] = [];
  let postCount: number | null = null;
  if (shown.showPosts) {
    const spaces = (await visibleSpaces(db, viewer)).map((s) => s.id);
    const found = await postsBy(db, viewer, member.id, spaces, PROFILE_POSTS);
    posts = found.rows.map((p) => presentPost(p, viewer));
    postCount = found.total;
  }
  return {
    id: member.id,
    fullName: member.full_name,
    avatar: member.photo_url,
    location: shown.showLocation && location !== '' ? location : null,
    role: shown.showRole ? member.role : null,
    memberSince: shown.showMemberSince ? iso(member.created_at) : null,
    postCount,
    posts,
  };
}

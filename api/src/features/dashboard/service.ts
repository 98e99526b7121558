import type { Knex } from 'knex';
import { raw } from 'objection';
import { REVIEW_LIST_NAME, listNameKeySql } from '@shared/board/list-roles';
import { courseAudience, firstRunSteps } from '@shared/policies';
import type { FirstRunStepKey } from '@shared/types';
import { User } from '../../models';
import type { SessionUser } from '../../core/session-types';
import { firstLessonPath } from '../courses';

/** What the checklist is read from: each step's fact about the member, and when they hid it. */
export interface FirstRunFacts {
  done: Record<FirstRunStepKey, boolean>;
  lessonPath: string | null;
  dismissedAt: Date | string | null;
}

/**
 * The facts of the getting-started checklist (docs/screens.md#getting-started), from the member's
 * own rows only, in one statement (and one for the first lesson's link):
 * - lesson: a lesson completed;
 * - qualifier: the Product Qualifier answered and rated (its saved result, not a draft);
 * - product: a product of their own;
 * - review: a card of their board that is in FOR REVIEW now or was ever moved there (the card
 *   history's `moved` rows keep the list's name as it was; compared like the list roles do). The
 *   history is read through the member's cards (its index is per card), never scanned.
 */
export async function readFirstRunFacts(knex: Knex, user: SessionUser): Promise<FirstRunFacts> {
  const steps = firstRunSteps(user);
  const review = REVIEW_LIST_NAME;
  const result = await knex.raw<{
    rows: Array<{ lesson: boolean; qualifier: boolean; product: boolean; review: boolean }>;
  }>(
    `select
      exists (select 1 from lesson_completions where user_id = :userId) as lesson,
      exists (select 1 from qualifier_progress where user_id = :userId and rated) as qualifier,
      exists (select 1 from products where user_id = :userId) as product,
      (:withReview and exists (
        select 1 from mtn_lists l join mtn_cards c on c.list_id = l.id
        where l.user_id = :userId
          and (${listNameKeySql('l.name')} = :review
            or exists (select 1 from mtn_card_events e
                       where e.card_id = c.id and e.kind = 'moved' and ${listNameKeySql("(e.data->>'to')")} = :review))
      )) as review`,
    { userId: user.id, review, withReview: steps.includes('review') },
  );
  const row = result.rows[0];
  const [lessonPath, dismissed] = await Promise.all([
    firstLessonPath(knex, courseAudience(user)),
    User.query(knex).findById(user.id).select('first_run_dismissed_at').first(),
  ]);
  return {
    done: {
      lesson: row?.lesson === true,
      qualifier: row?.qualifier === true,
      product: row?.product === true,
      review: row?.review === true,
    },
    lessonPath,
    dismissedAt: dismissed?.first_run_dismissed_at ?? null,
  };
}

/** Hides the member's checklist (keeping the first time they hid it), or shows it again. */
export async function setFirstRunDismissed(trx: Knex.Transaction, userId: number, dismissed: boolean): Promise<void> {
  await User.query(trx)
    .patch({ first_run_dismissed_at: dismissed ? raw('coalesce(first_run_dismissed_at, now())') : null })
    .where('id', userId);
}

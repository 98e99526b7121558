import Router from '@koa/router';
import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import type { TestToolsResponse } from '@shared/types';
import { addTagsSchema, csvLine, userImportSampleCsv } from '@shared/schemas';
import { audit } from '../../core/audit';
import { auth, requireUser } from '../../core/auth';
import { badRequest, notFound } from '../../core/errors';
import { parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { authorizeUserAdmin, testEndpointsOnly } from './guards';
import { presentUser } from './presenter';
import { getUserWithTags } from './service';

/** An email that never has an account (the .invalid top-level domain is reserved). */
export const SAMPLE_NOT_FOUND_EMAIL = 'no.such.member@example.invalid';

/**
 * A bulk update CSV to try the dialog with: up to 10 members' emails, one of them again in
 * capitals (a duplicate) and one email without an account, so every part of the report shows.
 */
export async function sampleBulkCsv(knex: Knex): Promise<string> {
  const members = (await knex('users')
    .select('email')
    .whereIn('role', ['basic', 'premium', 'course only'])
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(10)) as Array<{ email: string }>;
  const emails = members.map((m) => m.email);
  if (emails[0]) emails.push(emails[0].toUpperCase());
  emails.push(SAMPLE_NOT_FOUND_EMAIL);
  return csvLine(['email']) + emails.map((e) => csvLine([e])).join('');
}

function sendCsv(ctx: PortalContext, filename: string, csv: string): void {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.body = csv;
}

/**
 * The sample generators of the User Dashboard (GET /api/user/generate-test-*) on the caller's
 * '/api/user' router. They and the v2 add-tags helper exist only outside production (404 there,
 * for everyone, before any other check: SECURITY §2 "test endpoints").
 */
export function addSampleRoutes(router: Router<PortalState, PortalContext>): void {
  router.get(
    '/generate-test-user-csv',
    testEndpointsOnly(),
    auth(),
    authorizeUserAdmin('user:test-tools'),
    async (ctx) => {
      sendCsv(ctx, 'test-users.csv', await sampleBulkCsv(ctx.deps.knex));
    },
  );
  router.get(
    '/generate-test-user-import-csv',
    testEndpointsOnly(),
    auth(),
    authorizeUserAdmin('user:test-tools'),
    async (ctx) => {
      sendCsv(ctx, 'test-user-import.csv', userImportSampleCsv());
    },
  );
}

/**
 * GET /api/v2/user/test-tools (what the UI may offer) and POST /api/v2/user/add-tags {email, tags}:
 * adds tags to one user (the hidden test button).
 */
export function userTestRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/v2/user' });
  // Tells the User Dashboard to show the hidden add-tags test button (404 in production).
  router.get('/test-tools', testEndpointsOnly(), auth(), authorizeUserAdmin('user:test-tools'), (ctx) => {
    ctx.body = { addTags: true } satisfies TestToolsResponse;
  });
  router.post('/add-tags', testEndpointsOnly(), auth(), authorizeUserAdmin('user:test-tools'), async (ctx) => {
    const actor = requireUser(ctx);
    const input = await parse(addTagsSchema, ctx.request.body);
    const { knex } = ctx.deps;
    const tagIds = [...new Set(input.tags)];
    const userId = await knex.transaction(async (trx) => {
      const user = (await trx('users')
        .select('id')
        .whereRaw('lower(email) = ?', [input.email.toLowerCase()])
        .first()) as { id: number } | undefined;
      if (!user) throw notFound(MESSAGES.userNotFound);
      const known = (await trx('tags').select('id').whereIn('id', tagIds)) as Array<{ id: number }>;
      if (known.length !== tagIds.length) throw badRequest('Unknown tag', { tags: 'Choose tags that exist' });
      await trx('user_tags')
        .insert(tagIds.map((tagId) => ({ user_id: user.id, tag_id: tagId })))
        .onConflict(['user_id', 'tag_id'])
        .ignore();
      await audit(trx, {
        actorId: actor.id,
        action: 'user.add-tags',
        targetUserId: user.id,
        details: { tags: tagIds },
        ip: ctx.ip,
      });
      return user.id;
    });
    ctx.body = { user: presentUser((await getUserWithTags(knex, userId))!, actor) };
  });
  return router;
}

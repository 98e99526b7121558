import Router from '@koa/router';
import { tagUpsertSchema } from '@shared/schemas';
import { MESSAGES } from '@shared/messages';
import { auth, authorize } from '../../core/auth';
import { parse, idParam } from '../../core/validate';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { audit } from '../../core/audit';

interface TagRow {
  id: number;
  name: string;
  open_for_signup: boolean;
}

export const presentTag = (row: TagRow) => ({ id: row.id, name: row.name, openForSignup: row.open_for_signup });

export function tagRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/tag' });

  router.get('/read-many', auth(), authorize('tag:list'), async (ctx) => {
    const rows = await ctx.deps.knex<TagRow>('tags')
      .select('id', 'name', 'open_for_signup')
      .orderByRaw('lower(name), id')
      .limit(1000);
    ctx.body = { tags: rows.map(presentTag) };
  });

  router.post('/upsert', auth(), authorize('tag:manage'), async (ctx) => {
    const input = await parse(tagUpsertSchema, ctx.request.body);
    const { knex } = ctx.deps;
    const values: Partial<TagRow> = { name: input.name };
    if (input.openForSignup !== undefined) values.open_for_signup = input.openForSignup;
    try {
      let row: TagRow | undefined;
      if (input.id) {
        [row] = await knex<TagRow>('tags').where({ id: input.id }).update(values).returning(['id', 'name', 'open_for_signup']);
        if (!row) throw notFound('Tag not found');
      } else {
        [row] = await knex<TagRow>('tags').insert(values).returning(['id', 'name', 'open_for_signup']);
      }
      await audit(knex, {
        actorId: ctx.state.user?.id ?? null,
        action: input.id ? 'tag.update' : 'tag.create',
        details: { tagId: row!.id, name: row!.name },
        ip: ctx.ip,
      });
      ctx.body = { tag: presentTag(row!), isNew: !input.id };
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('A tag with this name already exists', { name: 'A tag with this name already exists' });
      throw err;
    }
  });

  router.delete('/:id', auth(), authorize('tag:manage'), async (ctx) => {
    const id = idParam(ctx.params.id);
    const deleted = await ctx.deps.knex('tags').where({ id }).del();
    if (!deleted) throw notFound('Tag not found');
    await audit(ctx.deps.knex, { actorId: ctx.state.user?.id ?? null, action: 'tag.delete', details: { tagId: id }, ip: ctx.ip });
    ctx.body = { success: true, message: MESSAGES.tagDeleted };
  });

  return router;
}

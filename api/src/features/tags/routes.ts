import Router from '@koa/router';
import type { Knex } from 'knex';
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Where a tag gates content. Deleting such a tag would silently open a tag-only course, module or
 * lesson to every role its visibility flags allow, so the delete is refused until it is removed
 * there. Returns a phrase such as "2 courses and 1 lesson", or null when the tag gates nothing.
 */
async function requiredTagUsage(trx: Knex.Transaction, tagId: number): Promise<string | null> {
  const row = (await trx
    .select(
      trx('course_tags').count('*').where({ tag_id: tagId }).as('courses'),
      trx('module_tags').count('*').where({ tag_id: tagId }).as('modules'),
      trx('lesson_tags').count('*').where({ tag_id: tagId }).as('lessons'),
    )
    .first()) as { courses: number; modules: number; lessons: number };
  const parts = [
    Number(row.courses) ? plural(Number(row.courses), 'course') : null,
    Number(row.modules) ? plural(Number(row.modules), 'module') : null,
    Number(row.lessons) ? plural(Number(row.lessons), 'lesson') : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export function tagRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/tag' });

  router.get('/read-many', auth(), authorize('tag:list'), async (ctx) => {
    const rows = await ctx.deps
      .knex<TagRow>('tags')
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
        [row] = await knex<TagRow>('tags')
          .where({ id: input.id })
          .update(values)
          .returning(['id', 'name', 'open_for_signup']);
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
      if (isUniqueViolation(err))
        throw conflict('A tag with this name already exists', { name: 'A tag with this name already exists' });
      throw err;
    }
  });

  router.delete('/:id', auth(), authorize('tag:manage'), async (ctx) => {
    const id = idParam(ctx.params.id);
    const deleted = await ctx.deps.knex.transaction(async (trx): Promise<number> => {
      const usage = await requiredTagUsage(trx, id);
      if (usage) throw conflict(`This tag is required by ${usage}. Remove it there first.`);
      return trx('tags').where({ id }).del();
    });
    if (!deleted) throw notFound('Tag not found');
    await audit(ctx.deps.knex, {
      actorId: ctx.state.user?.id ?? null,
      action: 'tag.delete',
      details: { tagId: id },
      ip: ctx.ip,
    });
    ctx.body = { success: true, message: MESSAGES.tagDeleted };
  });

  return router;
}

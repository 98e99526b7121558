import Router from '@koa/router';
import { isSettingKey, SETTING_MESSAGES, settingsUpsertSchema, settingsValuesSchema } from '@shared/schemas/settings';
import type { PublicSettingsResponse, SettingsReadManyResponse, SettingsUpsertResponse } from '@shared/types';
import { endpoint } from '../../core/endpoint';
import { badRequest } from '../../core/errors';
import { parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { presentAdminSettings, presentPublicSettings } from './presenter';
import { findSettingRows, saveSettings } from './service';

/**
 * Portal settings (docs/areas/settings.md): links, videos and the chat widget an admin changes without a deploy.
 * - GET /api/settings -> {settings}: the values the UI shows, for every signed-in user (a member
 *   whose subscription is blocked too: /blocked shows the Support link). The sign-in, sign-up and
 *   password pages show none of them, so nothing is served without a session.
 * - GET /api/settings/read-many -> {settings: [...]}: admins; every key with source and who saved it.
 * - POST /api/settings/upsert {values: {key: value | null}}: admins; one transaction, an audit row
 *   per changed key; null puts a key back to its default.
 */
export function settingsRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/settings' });

  router.get(
    '/',
    ...endpoint({ auth: { allowBlocked: true } }, async (ctx) => {
      const rows = await findSettingRows(ctx.deps.knex);
      const body: PublicSettingsResponse = { settings: presentPublicSettings(rows, ctx.deps.config.settingDefaults) };
      ctx.body = body;
    }),
  );

  router.get(
    '/read-many',
    ...endpoint({ authorize: 'settings:manage' }, async (ctx) => {
      const rows = await findSettingRows(ctx.deps.knex);
      const body: SettingsReadManyResponse = { settings: presentAdminSettings(rows, ctx.deps.config.settingDefaults) };
      ctx.body = body;
    }),
  );

  router.post(
    '/upsert',
    ...endpoint({ input: settingsUpsertSchema, authorize: 'settings:manage' }, async (ctx) => {
      const raw = ctx.input.values;
      const unknown = Object.keys(raw).filter((k) => !isSettingKey(k));
      if (unknown.length > 0) {
        throw badRequest(
          SETTING_MESSAGES.unknown,
          Object.fromEntries(unknown.map((k) => [k, SETTING_MESSAGES.unknown])),
        );
      }
      const values = await parse(settingsValuesSchema, raw);
      const defaults = ctx.deps.config.settingDefaults;
      const changed = await saveSettings(ctx.deps.knex, { actorId: ctx.user.id, ip: ctx.ip, values, defaults });
      const rows = await findSettingRows(ctx.deps.knex);
      const body: SettingsUpsertResponse = { settings: presentAdminSettings(rows, defaults), changed };
      ctx.body = body;
    }),
  );

  return router;
}

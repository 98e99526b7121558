import Router from '@koa/router';
import { AI_CHAT_WIDGET_TITLE } from '@shared/content/ai-tools';
import { MESSAGES } from '@shared/messages';
import type { AiChatWidgetResponse, AiToolsResponse } from '@shared/types';
import { endpoint } from '../../core/endpoint';
import { HttpError } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { createContentFeed, FeedError, type ContentFeed } from '../../adapters/content-feed';
import { settingValue } from '../settings';

/**
 * AI Toolkit (docs/areas/ai-toolkit.md#screens, docs/areas/ai-toolkit.md#data, docs/areas/ai-toolkit.md#api External). The API reads the external content feed for the UI (no
 * third-party request leaves the browser, and the CSP keeps connect-src 'self'):
 * - GET /api/ai-tools -> {tools, source, fetchedAt}: anyone the /ai-toolkit route lets in. When the
 *   feed fails or times out (and no recent good list is cached) the answer is 502 / 504 with the
 *   message 'Failed to fetch AI tools'; the UI then shows the built-in list. Never a 500.
 * - GET /api/ai-tools/chat-widget -> {widget}: admins and members tagged raina only.
 * Each router (one per app) keeps its own feed cache.
 */
export function aiToolRoutes(feed?: ContentFeed): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/ai-tools' });
  let own: ContentFeed | undefined = feed;

  router.get(
    '/',
    ...endpoint({ authorize: 'aiTools:use' }, async (ctx) => {
      own ??= createContentFeed(ctx.deps.config.aiTools);
      try {
        const list = await own.aiTools();
        const body: AiToolsResponse = {
          tools: list.tools,
          source: list.source,
          fetchedAt: list.fetchedAt ? list.fetchedAt.toISOString() : null,
        };
        ctx.body = body;
      } catch (err) {
        if (!(err instanceof FeedError)) throw err;
        ctx.deps.log.warn('ai tools feed failed', {
          requestId: ctx.state.requestId,
          reason: err.reason,
          detail: err.message,
        });
        const status = err.reason === 'timeout' ? 504 : 502;
        throw new HttpError(
          status,
          err.reason === 'timeout' ? 'feed_timeout' : 'feed_unavailable',
          MESSAGES.aiToolsFetchFailed,
        );
      }
    }),
  );

  // The widget's address is the chatWidgetUrl portal setting (empty: switched off).
  router.get(
    '/chat-widget',
    ...endpoint({ authorize: 'aiTools:chat-widget' }, async (ctx) => {
      const url = await settingValue(ctx.deps.knex, ctx.deps.config.settingDefaults, 'chatWidgetUrl');
      const body: AiChatWidgetResponse = { widget: url ? { url, title: AI_CHAT_WIDGET_TITLE } : null };
      ctx.body = body;
    }),
  );

  return router;
}

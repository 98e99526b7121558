import type Router from '@koa/router';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { ownedPolicy } from './access';
import { presentCardEvent, readCardHistory } from './history';

/** A card's history (issue 13 §4), read when its dialog opens; the dialog merges it with the comments. */
export function historyRoutes(router: Router<PortalState, PortalContext>): void {
  /** What happened to the card, newest first: the card's read policy (whoever works on the board). */
  router.get(
    '/card/:id/history',
    ...endpoint(
      { ids: ['id'], authorize: ownedPolicy<{ id: number }>('board:work', (i) => ['card', i.id]) },
      async (ctx) => {
        ctx.body = { entries: (await readCardHistory(ctx.deps.knex, ctx.input.id)).map(presentCardEvent) };
      },
    ),
  );
}

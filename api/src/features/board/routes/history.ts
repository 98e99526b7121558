import type Router from '@koa/router';
import { endpoint } from '../../../core/endpoint';
import type { PortalContext, PortalState } from '../../../core/context';
import { ownedPolicy } from '../access/policies';
import { presentCardEvent } from '../presenters/history';
import { readCardHistory } from '../read-model/history';

/** A card's history (docs/areas/card-history.md), read when its dialog opens; the dialog merges it with the comments. */
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

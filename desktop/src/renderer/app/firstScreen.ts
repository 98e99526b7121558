import { mayReadBoard } from '@shared/policies';
import { decideRoute, findRoute } from '@shared/policies/routes';
import type { Principal } from '@shared/policies';
import { authApi } from '../features/auth/authApi';
import { boardApi } from '../features/board/boardApi';
import { boardUserId } from '../features/board/boardRoute';
import { startScreen } from './screenStarts';
import type { AppStore } from './store';

type BoardScreenModule = typeof import('../features/board/MoveTheNeedle');
let boardScreen: BoardScreenModule | undefined;

/** The board screen's chunk: the lazy route of app/routes.tsx and the first-screen start load the same one. */
export const loadBoardScreen = (): Promise<BoardScreenModule> =>
  import('../features/board/MoveTheNeedle').then((module) => (boardScreen = module));

/** The board screen's module once its chunk has loaded (the route then renders it without suspending). */
export const loadedBoardScreen = (): BoardScreenModule | undefined => boardScreen;

export interface FirstScreenLoaders {
  /** Starts loading the board screen's chunk (tests pass one they hold). */
  board: () => Promise<unknown>;
}

/**
 * The first screen's start, before the router renders (docs/architecture.md#renderer). Without it
 * the requests of a page load run one after another: the Guard asks GET /api/auth/me, then renders
 * the route, whose lazy chunk loads, whose screen then reads its data. Here they start at once:
 *
 * - the session check (the `me` query the Guard subscribes to when it renders);
 * - on a board route (/move-the-needle, /move-the-needle/{id}), the board screen's chunk at once,
 *   and the board read (the `getBoard` query the screen subscribes to) as soon as the session is
 *   known and only when the shared policy lets that user in (the route's rule and `mayReadBoard`),
 *   so a visit the server would refuse sends no read at all (no 403 in the network or the
 *   server's denial log).
 *
 * Both reads go into the RTK Query cache as prefetches, so the Guard and the screen take them over
 * instead of asking again, and nothing else changes: the Guard still decides from `me` what to
 * render, and the board's data is shown only by the board screen, which the Guard renders only for
 * a user who may open it (a signed-out user's read is a 401 without data, dropped from the cache
 * when an identity change invalidates it, like any cached read). A read that failed is asked again
 * when the screen subscribes, as RTK Query does for any failed query, so the error state is the
 * screen's own. A bad id (not a board) reads nothing.
 */
export function startFirstScreen(
  store: AppStore,
  pathname: string,
  loaders: FirstScreenLoaders = { board: loadBoardScreen },
): void {
  const known = store.getState().auth;
  const me =
    known.status === 'unknown' ? store.dispatch(authApi.endpoints.me.initiate(undefined, { subscribe: false })) : null;
  // Insights and the Audit log start the same way (app/screenStarts.ts).
  const user = me ? me.then((result) => result.data?.currentUser ?? null) : Promise.resolve(known.user);
  if (startScreen(store, pathname, user)) return;
  const route = findRoute(pathname);
  if (route?.rule.pattern !== '/move-the-needle' && route?.rule.pattern !== '/move-the-needle/:id') return;
  const userId = boardUserId(route.params.id);
  if (userId === null) return;
  // A chunk that fails to load fails the lazy route too, which shows the error boundary's message.
  loaders.board().catch(() => undefined);
  const readIfAllowed = (user: Principal | null) => {
    if (decideRoute(user, pathname).type !== 'allow' || !mayReadBoard(user, userId)) return;
    store.dispatch(boardApi.util.prefetch('getBoard', userId, {}));
  };
  if (!me) {
    readIfAllowed(known.user);
    return;
  }
  void me.then((result) => readIfAllowed(result.data?.currentUser ?? null));
}

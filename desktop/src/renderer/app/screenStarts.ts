import { can } from '@shared/policies';
import type { Principal } from '@shared/policies';
import { decideRoute } from '@shared/policies/routes';
import { AUDIT_PER_PAGE_DEFAULT } from '@shared/schemas/audit';
import { auditApi } from '../features/audit/auditApi';
import { AT_RISK_PER_PAGE, insightsApi } from '../features/insights/insightsApi';
import { DEFAULT_PERIOD_DAYS, lastDays } from '../features/insights/range';
import type { AppStore } from './store';

/** A route's chunk that can be started ahead and handed to React.lazy at once once it is in. */
export function preloadable<M>(load: () => Promise<M>): { load: () => Promise<M>; loaded: () => M | undefined } {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load: () => (pending ??= load().then((m) => (module = m))),
    loaded: () => module,
  };
}

export const insightsScreen = preloadable(() => import('../features/insights/Insights'));
export const auditScreen = preloadable(() => import('../features/audit/AuditLog'));

/**
 * Screens whose chunk and first reads start with the page (app/firstScreen.ts), like the board's:
 * the chunk at once, the reads (the screen's own first queries, with the same arguments, so the
 * screen takes them from the cache) once the session is known and only for a user the route and
 * the shared policy let in, so a visit the server would refuse sends no read.
 */
interface ScreenStart {
  load: () => Promise<unknown>;
  read: (store: AppStore, user: Principal) => void;
}

export const SCREEN_STARTS: Readonly<Record<string, ScreenStart>> = {
  '/insights': {
    load: insightsScreen.load,
    read: (store, user) => {
      if (!can(user, 'insights:read')) return;
      store.dispatch(insightsApi.util.prefetch('getInsightsSummary', lastDays(DEFAULT_PERIOD_DAYS), {}));
      store.dispatch(insightsApi.util.prefetch('getAtRisk', { page: 1, itemsPerPage: AT_RISK_PER_PAGE }, {}));
    },
  },
  '/audit-log': {
    load: auditScreen.load,
    read: (store, user) => {
      if (!can(user, 'audit:read')) return;
      store.dispatch(auditApi.util.prefetch('getAuditLog', { page: 1, itemsPerPage: AUDIT_PER_PAGE_DEFAULT }, {}));
    },
  },
};

/** Starts the screen of `pathname` when it is one of SCREEN_STARTS; true when it was. */
export function startScreen(store: AppStore, pathname: string, me: Promise<Principal | null>): boolean {
  const start = SCREEN_STARTS[pathname];
  if (!start) return false;
  // A chunk that fails to load fails the lazy route too, which shows the error boundary's message.
  start.load().catch(() => undefined);
  void me.then((user) => {
    if (user && decideRoute(user, pathname).type === 'allow') start.read(store, user);
  });
  return true;
}

/** Recurring cards and playbooks (docs/areas/playbooks.md): their routes and the recurring timer. */
export { playbookRoutes } from './routes';
export { currentPeriod, dueOnDay, runRecurringCards } from './service';

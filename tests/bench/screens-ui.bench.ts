/**
 * Insights and the Audit log in Chromium: time from navigation to content, printed by the
 * Playwright spec tagged @bench (tests/e2e/screens-ui.spec.ts), on a fresh API and database with the
 * demo data, as the end-to-end tests use.
 */
import { runBrowserBench } from './browser';

runBrowserBench('tests/e2e/screens-ui.spec.ts');

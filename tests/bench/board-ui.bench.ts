/**
 * The board in Chromium with 2,100 cards: time from navigation to interactive, printed by the
 * Playwright spec tagged @bench (tests/e2e/board-scale.spec.ts), on a fresh API and database as the
 * end-to-end tests use.
 */
import { runBrowserBench } from './browser';

runBrowserBench('tests/e2e/board-scale.spec.ts');

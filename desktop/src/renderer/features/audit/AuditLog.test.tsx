// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { AuditEntry } from '@shared/types';
import { platform } from '../../test/platformMock';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { detailsSummary } from './summary';

beforeEach(() => {
  platform.saveFile.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const READ = '/api/audit/read-many';
const EXPORT = '/api/audit/export';
const ADA = { id: 7, fullName: 'Ada Admin', email: 'ada@example.com' };
const MIA = { id: 9, fullName: 'Mia Member', email: 'mia@example.com' };

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  action: 'user.upgrade-role',
  createdAt: '2026-11-20T10:00:00.000Z',
  ip: '10.1.2.3',
  actor: ADA,
  target: MIA,
  details: { fields: ['role'], from: 'basic', to: 'premium' },
  ...over,
});

describe('detailsSummary', () => {
  it('words changed fields, a from → to change under its key, then the other keys', () => {
    expect(detailsSummary({ fields: ['role'], from: 'basic', to: 'premium' })).toBe('Changed role · basic → premium');
    expect(detailsSummary({ key: 'communityUrl', from: 'https://a', to: 'https://b' })).toBe(
      'communityUrl: https://a → https://b',
    );
    expect(detailsSummary({ courseId: 4, slug: 'intro', empty: '', none: null })).toBe('courseId: 4 · slug: intro');
    expect(detailsSummary({})).toBe('');
    expect(detailsSummary({ note: 'x'.repeat(500) })).toHaveLength(200);
  });
});

describe('/audit-log (docs/areas/audit.md)', () => {
  it('shows the entries newest first with readable actions, actor, target, details and IP; nothing to edit', async () => {
    const calls = mockFetch(({ path }) =>
      path === READ
        ? {
            body: {
              entries: [
                entry(2),
                entry(1, {
                  action: 'user.delete',
                  target: null,
                  actor: null,
                  details: { userId: 5, email: 'gone@x.test' },
                }),
              ],
              total: 2,
            },
          }
        : undefined,
    );
    renderApp('/audit-log', makeUser({ role: 'admin', isAdmin: true }));
    expect(await screen.findByRole('heading', { name: MESSAGES.auditLogTitle })).toBeTruthy();
    const table = await screen.findByRole('table', { name: MESSAGES.auditLogTitle });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Role changed (bulk)');
    expect(rows[0]!.textContent).toContain('Ada Admin');
    expect(rows[0]!.textContent).toContain('mia@example.com');
    expect(rows[0]!.textContent).toContain('Changed role · basic → premium');
    expect(rows[0]!.textContent).toContain('10.1.2.3');
    expect(rows[1]!.textContent).toContain('User deleted');
    expect(rows[1]!.textContent).toContain(`${MESSAGES.auditDeletedUser} (gone@x.test)`);
    // Read-only: no text box or button inside the list (the disclosure of the details is not a control that writes).
    expect(within(table).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Showing 1–2 of 2')).toBeTruthy();
    expect(calls.find((c) => c.path === READ)?.search.get('page')).toBe('1');
    expect(document.title).toContain('Audit log');
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/audit-log');
  });

  it('asks the server with the filters (actor, action, target, local days) and starts again at page 1', async () => {
    const calls = mockFetch(({ path, search }) =>
      path === READ
        ? { body: { entries: search.get('page') === '2' ? [entry(1)] : [entry(3), entry(2)], total: 30 } }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/audit-log', makeUser({ role: 'admin', isAdmin: true }));
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((c) => c.search.get('page') === '2')).toBe(true));

    await user.type(screen.getByLabelText(MESSAGES.auditActorLabel), 'ada');
    await user.selectOptions(screen.getByLabelText(MESSAGES.auditActionLabel), 'user.upgrade-role');
    await user.type(screen.getByLabelText(MESSAGES.auditTargetLabel), '9');
    await user.type(screen.getByLabelText(MESSAGES.auditFromLabel), '2026-11-01');
    await user.type(screen.getByLabelText(MESSAGES.auditToLabel), '2026-11-30');
    await waitFor(
      () => {
        const last = calls.filter((c) => c.path === READ).at(-1)!;
        expect(last.search.get('actor')).toBe('ada');
        expect(last.search.get('target')).toBe('9');
      },
      { timeout: 3000 },
    );
    const last = calls.filter((c) => c.path === READ).at(-1)!;
    expect(last.search.get('action')).toBe('user.upgrade-role');
    expect(last.search.get('page')).toBe('1');
    expect(last.search.get('from')).toBe(new Date('2026-11-01T00:00:00').toISOString());
    expect(last.search.get('to')).toBe(new Date('2026-12-01T00:00:00').toISOString());
  });

  it('says a reversed date range under To and does not ask the server', async () => {
    const calls = mockFetch(({ path }) => (path === READ ? { body: { entries: [entry(1)], total: 1 } } : undefined));
    const user = userEvent.setup();
    renderApp('/audit-log', makeUser({ role: 'admin', isAdmin: true }));
    await screen.findByRole('table');
    await user.type(screen.getByLabelText(MESSAGES.auditFromLabel), '2026-11-10');
    const before = calls.length;
    await user.type(screen.getByLabelText(MESSAGES.auditToLabel), '2026-11-01');
    expect(await screen.findByText(MESSAGES.dateRangeOrder)).toBeTruthy();
    expect(calls.slice(before).some((c) => c.search.get('to') !== null && c.search.get('from') !== null)).toBe(false);
    expect(screen.getByRole('button', { name: MESSAGES.auditExportCsv })).toHaveProperty('disabled', true);
  });

  it('shows the empty state and, for a failed load, the error with Try again', async () => {
    mockFetch(({ path }) => (path === READ ? { body: { entries: [], total: 0 } } : undefined));
    renderApp('/audit-log', makeUser({ role: 'admin', isAdmin: true }));
    expect(await screen.findByText(MESSAGES.auditLogEmpty)).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    mockFetch(({ path }) =>
      path === READ
        ? { status: 500, body: { error: { code: 'internal_error', message: 'Internal server error' } } }
        : undefined,
    );
    renderApp('/audit-log', makeUser({ role: 'admin', isAdmin: true }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.auditLogError);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('exports the filtered log as audit-log.csv, and toasts a failure with its reason', async () => {
    let fail = false;
    const calls = mockFetch(({ path }) => {
      if (path === READ) return { body: { entries: [entry(1)], total: 1 } };
      if (path === EXPORT)
        return fail
          ? { status: 429, body: { error: { code: 'rate_limited', message: 'Too many requests.' } } }
          : { body: 'id,createdAt' };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/audit-log', makeUser({ role: 'admin', isAdmin: true }));
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText(MESSAGES.auditActionLabel), 'tag.delete');
    await user.click(screen.getByRole('button', { name: MESSAGES.auditExportCsv }));
    await waitFor(() => expect(platform.saveFile).toHaveBeenCalledTimes(1));
    expect(platform.saveFile.mock.calls[0]![0]).toBe('audit-log.csv');
    expect(calls.find((c) => c.path === EXPORT)?.search.get('action')).toBe('tag.delete');

    fail = true;
    await user.click(screen.getByRole('button', { name: MESSAGES.auditExportCsv }));
    expect(await screen.findByText(MESSAGES.auditExportFailed)).toBeTruthy();
    expect(screen.getByText('Too many requests.')).toBeTruthy();
    expect(platform.saveFile).toHaveBeenCalledTimes(1);
  });

  it('is for role admin only: a coach has no link and is refused, and nothing is asked', async () => {
    for (const user of [makeUser({ role: 'coach' }), makeUser({ role: 'basic', isAdmin: true })]) {
      const calls = mockFetch();
      renderApp('/audit-log', user);
      expect(await screen.findByRole('heading', { name: MESSAGES.membersOnly })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
      expect(calls.some((c) => c.path === READ)).toBe(false);
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { FailedJob, JobQueueSummary } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = () => makeUser({ role: 'admin', id: 1, fullName: 'Ada Admin' });
const summary = (over: Partial<JobQueueSummary> = {}): JobQueueSummary => ({
  queue: 'mail',
  queued: 2,
  active: 1,
  failed: 1,
  completedLast24h: 40,
  cron: null,
  ...over,
});
const failed: FailedJob = {
  id: '0b0f4c1e-8a5c-4e55-9a9e-6c1f6f0d2a11',
  queue: 'mail',
  description: 'Password reset to mia@example.com',
  lastError: 'Error: 450 mailbox unavailable',
  attempts: 6,
  createdAt: '2026-11-28T10:00:00.000Z',
  failedAt: '2026-11-28T10:30:00.000Z',
};

describe('/jobs (admins)', () => {
  it('shows the counts per queue and the failed jobs with their last error; Retry sends the job and reads again', async () => {
    let retried = false;
    const calls = mockFetch(({ path, method }) => {
      if (path === '/api/jobs/summary')
        return { body: { queues: [summary(), summary({ queue: 'prune', failed: 0, cron: '*/15 * * * *' })] } };
      if (path === '/api/jobs/failed')
        return { body: { jobs: retried ? [] : [failed], total: retried ? 0 : 1, page: 1, perPage: 25 } };
      if (path === '/api/jobs/retry' && method === 'POST') {
        retried = true;
        return { body: { success: true, message: MESSAGES.jobRetried } };
      }
      return undefined;
    });
    renderApp('/jobs', admin());
    const table = await screen.findByRole('table', { name: 'Jobs per queue' });
    const mail = within(table).getByRole('row', { name: /Mail/ });
    expect(
      within(mail)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Mail', '2', '1', '1', '40', 'on demand']);
    expect(within(table).getByRole('row', { name: /Sessions and rate limits/ }).textContent).toContain('*/15 * * * *');
    expect(await screen.findByText('Password reset to mia@example.com')).toBeTruthy();
    expect(screen.getByText('Error: 450 mailbox unavailable')).toBeTruthy();
    expect(screen.getByText(/6 attempts/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Retry Password reset to mia@example.com' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/jobs/retry')?.body).toEqual({ queue: 'mail', id: failed.id }),
    );
    expect(await screen.findByText(MESSAGES.jobsNoFailed)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.jobRetried)).toBeTruthy();
  });

  it('asks before Discard, filters by queue, and shows the error state with a retry', async () => {
    let fail = true;
    const calls = mockFetch(({ path, method }) => {
      if (path === '/api/jobs/summary')
        return fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : { body: { queues: [summary()] } };
      if (path === '/api/jobs/failed') return { body: { jobs: [failed], total: 1, page: 1, perPage: 25 } };
      if (path === '/api/jobs/discard' && method === 'POST')
        return { body: { success: true, message: MESSAGES.jobDiscarded } };
      return undefined;
    });
    renderApp('/jobs', admin());
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Jobs per queue' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Queue'), 'mail');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/jobs/failed' && c.search.get('queue') === 'mail')).toBe(true),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Discard Password reset to mia@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard job' });
    expect(within(dialog).getByText(MESSAGES.jobDiscardConfirm)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/jobs/discard')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/jobs/discard')?.body).toEqual({ queue: 'mail', id: failed.id }),
    );
  });

  it('is an admin screen: a coach gets the members-only page and no jobs read', async () => {
    const calls = mockFetch();
    renderApp('/jobs', makeUser({ role: 'coach' }));
    expect(await screen.findByText(MESSAGES.membersOnly)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/jobs'))).toBe(false);
  });
});

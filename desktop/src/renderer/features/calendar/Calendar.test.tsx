// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { CalendarEvent } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member = () => makeUser({ role: 'premium', id: 7, fullName: 'Mia Member' });
const admin = () => makeUser({ role: 'admin', id: 1, fullName: 'Ada Admin' });

/** Today at a local hour: always inside the month the screen opens on. */
const todayAt = (hour: number) => {
  const d = new Date();
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
};

const callEvent = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 3,
  kind: 'call',
  title: 'Weekly coaching',
  startsAt: todayAt(10),
  endsAt: todayAt(11),
  url: 'https://meet.example.com/weekly',
  ...over,
});
const cardEvent: CalendarEvent = {
  id: 41,
  kind: 'card',
  title: 'Launch listing',
  startsAt: todayAt(17),
  url: '/move-the-needle?card=41',
};

describe('/calendar', () => {
  it('shows the month with calls and due cards; Going answers for the call', async () => {
    let going: boolean | undefined;
    const calls = mockFetch(({ path, method, body }) => {
      if (path === '/api/calendar/events')
        return { body: { events: [callEvent(going === undefined ? {} : { going }), cardEvent] } };
      if (path === '/api/calendar/call/3/rsvp' && method === 'PUT') {
        going = (body as { going: boolean }).going;
        return { body: { id: 3, going } };
      }
      return undefined;
    });
    renderApp('/calendar', member());
    expect(await screen.findByRole('heading', { name: MESSAGES.calendarTitle })).toBeTruthy();
    const monthTitle = new Date().toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
    expect(screen.getByRole('heading', { name: monthTitle })).toBeTruthy();
    const chip = await screen.findByRole('button', { name: /Weekly coaching.* \(call/ });
    expect(screen.getByRole('button', { name: /Launch listing.* \(card due/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Schedule a call/ })).toBeNull();
    // The range asked for covers whole weeks around the month.
    const range = calls.find((c) => c.path === '/api/calendar/events')!.search;
    const days = (Date.parse(range.get('to')!) - Date.parse(range.get('from')!)) / 86_400_000;
    expect([35, 42]).toContain(Math.round(days));

    await userEvent.click(chip);
    const dialog = await screen.findByRole('dialog', { name: 'Weekly coaching' });
    expect(
      within(dialog)
        .getByRole('link', { name: /Join the call/ })
        .getAttribute('href'),
    ).toBe('https://meet.example.com/weekly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Going' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/calendar/call/3/rsvp')?.body).toEqual({ going: true }),
    );
    expect(await screen.findByText(MESSAGES.callRsvpSaved)).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('switches to the week view, says when nothing is scheduled, and offers a retry on errors', async () => {
    let fail = true;
    const calls = mockFetch(({ path }) => {
      if (path === '/api/calendar/events')
        return fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : { body: { events: [] } };
      return undefined;
    });
    renderApp('/calendar', member());
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByText(MESSAGES.calendarEmpty)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/calendar/events').at(-1)!.search;
      expect(Math.round((Date.parse(last.get('to')!) - Date.parse(last.get('from')!)) / 86_400_000)).toBe(7);
    });
    expect(screen.getByRole('list', { name: 'Days of the week' }).children).toHaveLength(7);
  });

  it('Subscribe shows the private address with Copy, and Reset address asks first', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    let url = 'https://portal.test/api/calendar/feed/first.ics';
    const calls = mockFetch(({ path, method }) => {
      if (path === '/api/calendar/events') return { body: { events: [] } };
      if (path === '/api/calendar/feed') return { body: { url } };
      if (path === '/api/calendar/feed/rotate' && method === 'POST') {
        url = 'https://portal.test/api/calendar/feed/second.ics';
        return { body: { url } };
      }
      return undefined;
    });
    renderApp('/calendar', member());
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to your calendar' });
    const field = await within(dialog).findByLabelText('Calendar address');
    expect((field as HTMLInputElement).value).toBe('https://portal.test/api/calendar/feed/first.ics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://portal.test/api/calendar/feed/first.ics');
    expect(await within(dialog).findByText(MESSAGES.calendarFeedCopied)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset address…' }));
    expect(within(dialog).getByText(MESSAGES.calendarFeedRotateWarning)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/calendar/feed/rotate')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLInputElement>('Calendar address').value).toBe(
        'https://portal.test/api/calendar/feed/second.ics',
      ),
    );
    expect(await screen.findByText(MESSAGES.calendarFeedRotated)).toBeTruthy();
  });

  it('lets an admin schedule a call: field errors first, then the call in UTC', async () => {
    const calls = mockFetch(({ path, method, body }) => {
      if (path === '/api/calendar/events') return { body: { events: [] } };
      if (path === '/api/tag/read-many') return { body: { tags: [{ id: 5, name: 'VIP' }] } };
      if (path === '/api/calendar/call/upsert' && method === 'POST')
        return { body: { call: { id: 9, ...(body as object) }, isNew: true } };
      return undefined;
    });
    renderApp('/calendar', admin());
    await userEvent.click(await screen.findByRole('button', { name: /Schedule a call/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a call' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(MESSAGES.fieldRequired)).toHaveLength(3);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Launch clinic');
    await userEvent.type(within(dialog).getByLabelText('Starts'), '2026-12-07T15:30');
    await userEvent.type(within(dialog).getByLabelText('Join link (https)'), 'http://meet.example.com/x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.callJoinUrlHttps)).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Join link (https)'));
    await userEvent.type(within(dialog).getByLabelText('Join link (https)'), 'https://meet.example.com/x');
    await userEvent.selectOptions(within(dialog).getByLabelText('Repeats'), 'weekly');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'premium' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/calendar/call/upsert')).toBeTruthy());
    expect(calls.find((c) => c.path === '/api/calendar/call/upsert')!.body).toEqual({
      title: 'Launch clinic',
      description: '',
      startsAt: new Date('2026-12-07T15:30').toISOString(),
      durationMinutes: 60,
      joinUrl: 'https://meet.example.com/x',
      repeat: 'weekly',
      until: null,
      roles: ['premium'],
      tagIds: [],
    });
    expect(await screen.findByText(MESSAGES.callSaved)).toBeTruthy();
  });
});

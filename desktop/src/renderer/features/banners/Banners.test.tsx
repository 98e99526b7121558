// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { BANNER_FIELD_MESSAGES } from '@shared/schemas/banners';
import type { BannerType, DashboardBanner } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, type FetchCall } from '../../test/render';
import { renderApp } from '../../test/render';
import { bannerFormTitle } from './BannerFormDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const make = (type: BannerType, over: Partial<DashboardBanner> = {}): DashboardBanner => ({
  type,
  title: `${type} news`,
  content: 'Read **this** and [that](https://example.com/that).',
  video_url: null,
  button_text: 'Open',
  button_url: 'https://example.com/open',
  average_shipping_rate: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const path = (type: BannerType) => `/api/dashboard-banner/${type.replace(' ', '-')}`;

/** A banner API in memory: GET one or many, POST upsert, DELETE. */
function bannerServer(
  initial: Partial<Record<BannerType, DashboardBanner>>,
  post?: (body: Record<string, unknown>) => { status: number; body: unknown } | undefined,
) {
  const store = { ...initial };
  const calls: FetchCall[] = mockFetch(({ method, path: p, body }) => {
    if (p === '/api/dashboard-banner/read-many') {
      return {
        body: { premium: store.premium ?? null, basic: store.basic ?? null, courseOnly: store['course only'] ?? null },
      };
    }
    const type = (['premium', 'basic', 'course only'] as const).find((t) => p === path(t));
    if (method === 'GET' && type) return { body: { banner: store[type] ?? null } };
    if (method === 'DELETE' && type) {
      delete store[type];
      return { body: { success: true } };
    }
    if (method === 'POST' && p === '/api/dashboard-banner') {
      const b = body as Record<string, unknown>;
      const custom = post?.(b);
      if (custom) return custom;
      const t = b.type as BannerType;
      const isNew = !store[t];
      store[t] = make(t, { ...(b as Partial<DashboardBanner>) });
      return { body: { banner: store[t], isNew } };
    }
    return undefined;
  });
  return { store, calls };
}

describe('dashboard banner', () => {
  it('shows the premium banner, rendered markdown and the shipping-rate card to a premium member', async () => {
    const { calls } = bannerServer({
      premium: make('premium', { average_shipping_rate: 4.85, video_url: 'https://youtu.be/qp0HIF3SfI4' }),
    });
    renderApp('/', makeUser({ role: 'premium' }));
    const banner = await screen.findByRole('region', { name: 'premium news' });
    expect(within(banner).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('https://example.com/open');
    await waitFor(() => expect(within(banner).getByText('this').tagName).toBe('STRONG'));
    expect(within(banner).getByTitle('premium news video').getAttribute('src')).toBe(
      'https://www.youtube.com/embed/qp0HIF3SfI4',
    );
    const card = await screen.findByTestId('shipping-rate-card');
    expect(card.textContent).toContain('Current Average Shipping Rate');
    expect(card.textContent).toContain('$4.85');
    // One request serves the banner and the card.
    expect(calls.filter((c) => c.path === '/api/dashboard-banner/premium')).toHaveLength(1);
    expect(calls.some((c) => c.path.includes('basic') || c.path.includes('course-only'))).toBe(false);
  });

  it('shows a coach the premium banner and card', async () => {
    bannerServer({ premium: make('premium', { average_shipping_rate: 3 }) });
    renderApp('/', makeUser({ role: 'coach' }));
    expect(await screen.findByRole('region', { name: 'premium news' })).toBeTruthy();
    expect((await screen.findByTestId('shipping-rate-card')).textContent).toContain('$3.00');
  });

  it.each([
    ['basic', 'basic'],
    ['course only', 'course only'],
  ] as const)('shows a %s member their banner and no shipping-rate card', async (role, type) => {
    const { calls } = bannerServer({ [type]: make(type), premium: make('premium', { average_shipping_rate: 5 }) });
    renderApp('/', makeUser({ role }));
    expect(await screen.findByRole('region', { name: `${type} news` })).toBeTruthy();
    expect(screen.queryByTestId('shipping-rate-card')).toBeNull();
    expect(calls.some((c) => c.path === '/api/dashboard-banner/premium')).toBe(false);
  });

  it('hides the card when the premium banner has no rate, and shows nothing when no banner is set', async () => {
    bannerServer({});
    renderApp('/', makeUser({ role: 'premium' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('dashboard-banner')).toBeNull());
    expect(screen.queryByTestId('shipping-rate-card')).toBeNull();
  });

  it('shows the error of a failed banner load', async () => {
    mockFetch(({ path: p }) =>
      p.startsWith('/api/dashboard-banner')
        ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
        : undefined,
    );
    renderApp('/', makeUser({ role: 'basic' }));
    expect(await screen.findByText('The banner could not be loaded: Internal server error')).toBeTruthy();
  });

  it('renders no raw HTML, no script and no javascript: link from banner markdown', async () => {
    bannerServer({
      basic: make('basic', {
        content:
          '<img src=x onerror="alert(1)"><script>alert(2)</script> [click](javascript:alert(3)) <b onclick="x()">bold</b>',
      }),
    });
    renderApp('/', makeUser({ role: 'basic' }));
    const banner = await screen.findByRole('region', { name: 'basic news' });
    await waitFor(() => expect(within(banner).getByTestId('banner-content')).toBeTruthy());
    const content = within(banner).getByTestId('banner-content');
    expect(content.querySelector('script, img, b, [onerror], [onclick]')).toBeNull();
    for (const a of content.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
  });
});

describe('banner editing (admin)', () => {
  it('titles the dialog for adding and editing', () => {
    expect(bannerFormTitle('course only', null)).toBe('Add course only banner');
    expect(bannerFormTitle('premium', make('premium'))).toBe('Edit premium banner');
  });

  it('lists the three banners and edits the premium one with its shipping rate', async () => {
    const { calls } = bannerServer({ premium: make('premium') });
    const user = userEvent.setup();
    renderApp('/', makeUser({ role: 'admin' }));
    const section = await screen.findByRole('region', { name: 'Member banners' });
    expect((await within(section).findByRole('listitem', { name: 'Premium banner' })).textContent).toContain(
      'premium news',
    );
    expect(within(section).getAllByText('No banner yet')).toHaveLength(2);

    await user.click(within(section).getByRole('button', { name: 'Edit Premium banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit premium banner' });
    const title = within(dialog).getByLabelText<HTMLInputElement>('Title');
    expect(title.value).toBe('premium news');
    await user.clear(title);
    await user.type(title, 'Shipping update');
    await user.type(within(dialog).getByLabelText(/Average shipping rate/), '5.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.bannerUpdated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      type: 'premium',
      title: 'Shipping update',
      average_shipping_rate: 5.1,
      video_url: null,
    });
  });

  it('creates a missing banner (no shipping rate field) and deletes one after confirmation', async () => {
    bannerServer({ premium: make('premium') });
    const user = userEvent.setup();
    renderApp('/', makeUser({ role: 'admin' }));
    const section = await screen.findByRole('region', { name: 'Member banners' });
    await user.click(await within(section).findByRole('button', { name: 'Add Basic banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add basic banner' });
    expect(within(dialog).queryByLabelText(/Average shipping rate/)).toBeNull();
    await user.type(within(dialog).getByLabelText('Title'), 'Hi basics');
    await user.type(within(dialog).getByLabelText('Content'), 'Welcome');
    await user.type(within(dialog).getByLabelText('Button text'), 'Go');
    await user.type(within(dialog).getByLabelText('Button URL'), 'https://example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.bannerCreated)).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Delete Premium banner' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(MESSAGES.bannerDeleted)).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByText('No banner yet')).toHaveLength(2));
  });

  it('checks required fields and https URLs before sending, and shows server field errors', async () => {
    const { calls } = bannerServer({}, (b) =>
      b.title === 'taken'
        ? {
            status: 400,
            body: { error: { code: 'validation_failed', message: 'bad', fields: { button_text: 'Too shouty' } } },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/', makeUser({ role: 'admin' }));
    const section = await screen.findByRole('region', { name: 'Member banners' });
    await user.click(await within(section).findByRole('button', { name: 'Add Premium banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add premium banner' });
    await user.type(within(dialog).getByLabelText('Button URL'), 'http://insecure.example');
    await user.type(within(dialog).getByLabelText(/Video URL/), 'https://evil.example/v.mp4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(MESSAGES.fieldRequired)).toHaveLength(3);
    expect(within(dialog).getByText(BANNER_FIELD_MESSAGES.httpsUrl)).toBeTruthy();
    expect(within(dialog).getByText(BANNER_FIELD_MESSAGES.videoUrl)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Title'), 'taken');
    await user.type(within(dialog).getByLabelText('Content'), 'x');
    await user.type(within(dialog).getByLabelText('Button text'), 'GO!');
    await user.clear(within(dialog).getByLabelText('Button URL'));
    await user.type(within(dialog).getByLabelText('Button URL'), 'https://example.com');
    await user.clear(within(dialog).getByLabelText(/Video URL/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Too shouty')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import {
  SETTING_DEFINITIONS,
  SETTING_FALLBACKS,
  SETTING_KEYS,
  type SettingDefinition,
  type SettingKey,
} from '@shared/schemas/settings';
import type { AdminSetting } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = () => makeUser({ role: 'admin' });

function choicesOf(def: SettingDefinition): Pick<AdminSetting, 'choices'> {
  return def.choices ? { choices: def.choices.map((c) => ({ ...c })) } : {};
}

function adminList(saved: Partial<Record<SettingKey, string>> = {}): AdminSetting[] {
  return SETTING_KEYS.map((key) => ({
    key,
    label: SETTING_DEFINITIONS[key].label,
    kind: SETTING_DEFINITIONS[key].kind,
    ...choicesOf(SETTING_DEFINITIONS[key]),
    value: saved[key] ?? SETTING_FALLBACKS[key],
    defaultValue: SETTING_FALLBACKS[key],
    source: saved[key] ? 'saved' : 'default',
    updatedAt: saved[key] ? '2026-01-02T10:00:00.000Z' : null,
    updatedBy: saved[key] ? { id: 1, fullName: 'Ada Admin' } : null,
  }));
}

function publicOf(list: AdminSetting[]) {
  return Object.fromEntries(list.filter((s) => s.key !== 'chatWidgetUrl').map((s) => [s.key, s.value]));
}

describe('Portal settings screen', () => {
  it('lists every setting with where its value comes from, and the sidebar offers it to admins', async () => {
    mockFetch(({ path }) => {
      if (path === '/api/settings/read-many')
        return { body: { settings: adminList({ supportUrl: 'https://help.academy.test/' }) } };
      return undefined;
    });
    renderApp('/portal-settings', admin());
    expect(await screen.findByRole('heading', { name: 'Portal settings', level: 1 })).toBeTruthy();
    const support = await screen.findByLabelText<HTMLInputElement>('Support');
    expect(support.value).toBe('https://help.academy.test/');
    expect(screen.getByText(/Saved by Ada Admin/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Community Group').value).toBe(SETTING_FALLBACKS.communityUrl);
    expect(screen.getByRole('link', { name: 'Portal settings' }).getAttribute('href')).toBe('/portal-settings');
  });

  it('shows field errors from the shared schema and sends nothing', async () => {
    const calls = mockFetch(({ path }) =>
      path === '/api/settings/read-many' ? { body: { settings: adminList() } } : undefined,
    );
    renderApp('/portal-settings', admin());
    const apply = await screen.findByLabelText('Apply Now');
    await userEvent.clear(apply);
    await userEvent.type(apply, 'http://apply.test/');
    const video = screen.getByLabelText('Qualifier: introduction');
    await userEvent.clear(video);
    await userEvent.type(video, 'https://videos.evil.test/v');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Please enter a full https:// address')).toBeTruthy();
    expect(screen.getByText('Please enter a YouTube or Vimeo video address (https://)')).toBeTruthy();
    expect(apply.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === '/api/settings/upsert')).toBe(false);
  });

  it('sends only the changed keys, then shows the saved value and the toast', async () => {
    let list = adminList();
    const calls = mockFetch(({ path, body }) => {
      if (path === '/api/settings/read-many') return { body: { settings: list } };
      if (path === '/api/settings') return { body: { settings: publicOf(list) } };
      if (path === '/api/settings/upsert') {
        const values = (body as { values: Record<string, string> }).values;
        list = adminList(values);
        return { body: { settings: list, changed: Object.keys(values) } };
      }
      return undefined;
    });
    renderApp('/portal-settings', admin());
    const support = await screen.findByLabelText('Support');
    await userEvent.clear(support);
    await userEvent.type(support, 'mailto:help@academy.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/settings/upsert')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/settings/upsert')!.body;
    expect(sent).toEqual({ values: { supportUrl: 'mailto:help@academy.test' } });
    expect(await screen.findByText(MESSAGES.settingsSaved)).toBeTruthy();
    // The sidebar's Support link follows the saved value.
    await waitFor(() =>
      expect(
        within(screen.getAllByRole('navigation')[0]!)
          .getByRole('link', { name: /Support/ })
          .getAttribute('href'),
      ).toBe('mailto:help@academy.test'),
    );
  });

  it('shows a choice setting as a radio group, sends the picked value, and the sidebar follows it', async () => {
    let list = adminList();
    const calls = mockFetch(({ path, body }) => {
      if (path === '/api/settings/read-many') return { body: { settings: list } };
      if (path === '/api/settings') return { body: { settings: publicOf(list) } };
      if (path === '/api/settings/upsert') {
        const values = (body as { values: Record<string, string> }).values;
        list = adminList(values);
        return { body: { settings: list, changed: Object.keys(values) } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/portal-settings', admin());
    const group = await screen.findByRole('group', { name: 'Community' });
    const external = within(group).getByRole<HTMLInputElement>('radio', { name: 'The external group' });
    const portal = within(group).getByRole<HTMLInputElement>('radio', { name: 'The community in the portal' });
    expect(external.checked).toBe(true);
    expect(portal.checked).toBe(false);
    expect(within(group).getByText(/Where the sidebar's Community link .* Default value\./)).toBeTruthy();
    const nav = screen.getAllByRole('navigation')[0]!;
    expect(within(nav).queryByRole('link', { name: 'Community' })).toBeNull();

    await user.click(portal);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/settings/upsert')).toBe(true));
    expect(calls.find((c) => c.path === '/api/settings/upsert')!.body).toEqual({ values: { communityMode: 'portal' } });
    expect(await screen.findByText(MESSAGES.settingsSaved)).toBeTruthy();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Community' }).getAttribute('href')).toBe('/community'),
    );
    expect(
      within(await screen.findByRole('group', { name: 'Community' })).getByRole<HTMLInputElement>('radio', {
        name: 'The community in the portal',
      }).checked,
    ).toBe(true);
  });

  it('places the server field errors under their fields', async () => {
    mockFetch(({ path }) => {
      if (path === '/api/settings/read-many') return { body: { settings: adminList() } };
      if (path === '/api/settings/upsert')
        return {
          status: 400,
          body: { error: { code: 'bad_request', message: 'Bad', fields: { communityUrl: 'Server says no' } } },
        };
      return undefined;
    });
    renderApp('/portal-settings', admin());
    const community = await screen.findByLabelText('Community Group');
    await userEvent.clear(community);
    await userEvent.type(community, 'https://community.academy.test/');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Server says no')).toBeTruthy();
  });

  it('shows the load error with a retry', async () => {
    mockFetch(({ path }) =>
      path === '/api/settings/read-many'
        ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
        : undefined,
    );
    renderApp('/portal-settings', admin());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.settingsLoadFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the empty state when the API lists no settings', async () => {
    mockFetch(({ path }) => (path === '/api/settings/read-many' ? { body: { settings: [] } } : undefined));
    renderApp('/portal-settings', admin());
    expect(await screen.findByText(MESSAGES.settingsEmpty)).toBeTruthy();
  });

  it('members are kept out (members-only screen) and see the configured links', async () => {
    mockFetch(({ path }) =>
      path === '/api/settings'
        ? { body: { settings: { ...publicOf(adminList()), applyUrl: 'https://apply.academy.test/now' } } }
        : undefined,
    );
    renderApp('/portal-settings', makeUser({ role: 'premium' }));
    expect(await screen.findByText(MESSAGES.membersOnly)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /Apply Now/ })[0]!.getAttribute('href')).toBe(
        'https://apply.academy.test/now',
      ),
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import { SETTING_DEFINITIONS, SETTING_FALLBACKS, SETTING_KEYS } from '@shared/schemas/settings';
import { DEFAULT_EXTERNAL_HOSTS, DEFAULT_FRAME_ORIGINS } from './config';
import { guardWebContents, type GuardedContents, type NavigationEvent } from './security';
import { allowlistFromSettings, SettingsHosts, settingsFetcher } from './settings-hosts';
import { isAllowedFrameUrl } from './urls';

const SAVED = {
  communityUrl: 'https://www.facebook.com/groups/academy',
  supportUrl: 'mailto:help@academy-support.test',
  applyUrl: 'https://apply.academy.test/now',
  boardWelcomeVideo: 'https://player.vimeo.com/video/76979871',
};

function hostsWith(body: unknown, now = () => 0) {
  const fetchSettings = vi.fn(() => Promise.resolve(body));
  const hosts = new SettingsHosts({
    baseHosts: DEFAULT_EXTERNAL_HOSTS,
    frameOrigins: DEFAULT_FRAME_ORIGINS,
    fetchSettings,
    minIntervalMs: 30_000,
    now,
  });
  return { hosts, fetchSettings };
}

describe('portal settings in the desktop allowlists', () => {
  it('an https link names its exact host; a mailto: Support address its domain', () => {
    expect(allowlistFromSettings(SAVED, DEFAULT_FRAME_ORIGINS).externalHosts.sort()).toEqual(
      ['academy-support.test', 'apply.academy.test', 'player.vimeo.com', 'www.facebook.com'].sort(),
    );
  });

  it('skips unknown keys and values the settings schema refuses (http, javascript:, a mailto with parameters)', () => {
    const got = allowlistFromSettings(
      {
        nope: 'https://evil.test/',
        applyUrl: 'http://apply.evil.test/',
        communityUrl: 'javascript:alert(1)',
        supportUrl: 'mailto:a@evil.test?attach=/etc/passwd',
        qualifierIntroVideo: 'https://videos.evil.test/embed/x',
      },
      DEFAULT_FRAME_ORIGINS,
    );
    expect(got).toEqual({ externalHosts: [], frameOrigins: [] });
    expect(allowlistFromSettings(null, DEFAULT_FRAME_ORIGINS)).toEqual({ externalHosts: [], frameOrigins: [] });
  });

  it('every video and widget value the settings accept is already an allowed frame (the CSP needs no change)', () => {
    for (const key of SETTING_KEYS.filter(
      (k) => SETTING_DEFINITIONS[k].kind === 'video' || SETTING_DEFINITIONS[k].kind === 'widget',
    )) {
      const value = SETTING_FALLBACKS[key];
      if (value) expect(isAllowedFrameUrl(value, DEFAULT_FRAME_ORIGINS), key).toBe(true);
    }
    for (const video of [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      const { frameOrigins } = allowlistFromSettings({ boardWelcomeVideo: video }, DEFAULT_FRAME_ORIGINS);
      expect(
        frameOrigins.every((o) => DEFAULT_FRAME_ORIGINS.includes(o)),
        video,
      ).toBe(true);
    }
  });

  it('opens a saved link after reading the settings from the API; refuses the hosts no setting names', async () => {
    const { hosts, fetchSettings } = hostsWith({ settings: SAVED });
    const shell = { openExternal: vi.fn(() => Promise.resolve()) };
    expect(await hosts.openExternal(shell, 'https://apply.academy.test/now?ref=portal')).toBe(true);
    expect(await hosts.openExternal(shell, 'mailto:help@academy-support.test')).toBe(true);
    expect(fetchSettings).toHaveBeenCalledTimes(1);
    expect(await hosts.openExternal(shell, 'https://sub.apply.academy.test/')).toBe(false);
    expect(await hosts.openExternal(shell, 'https://evil.test/')).toBe(false);
    expect(shell.openExternal).toHaveBeenCalledTimes(2);
  });

  it('the built-in hosts open without asking the API; the API is asked at most once per interval', async () => {
    let t = 0;
    const { hosts, fetchSettings } = hostsWith({ settings: {} }, () => t);
    const shell = { openExternal: vi.fn(() => Promise.resolve()) };
    expect(await hosts.openExternal(shell, 'https://www.youtube.com/watch?v=x')).toBe(true);
    expect(fetchSettings).not.toHaveBeenCalled();
    await hosts.openExternal(shell, 'https://a.evil.test/');
    await hosts.openExternal(shell, 'https://b.evil.test/');
    expect(fetchSettings).toHaveBeenCalledTimes(1);
    t = 31_000;
    await hosts.openExternal(shell, 'https://c.evil.test/');
    expect(fetchSettings).toHaveBeenCalledTimes(2);
  });

  it('a failed read keeps the last list; a new answer replaces it (a link an admin removed is no longer allowed)', async () => {
    let t = 0;
    const answers: Array<unknown> = [
      { settings: SAVED },
      new Error('offline'),
      { settings: { applyUrl: 'https://apply2.academy.test/' } },
    ];
    const hosts = new SettingsHosts({
      baseHosts: [],
      frameOrigins: DEFAULT_FRAME_ORIGINS,
      fetchSettings: () => {
        const next = answers.shift();
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
      now: () => t,
    });
    await hosts.refresh();
    expect(hosts.externalHosts()).toContain('apply.academy.test');
    t = 60_000;
    await hosts.refresh();
    expect(hosts.externalHosts()).toContain('apply.academy.test');
    t = 120_000;
    await hosts.refresh();
    expect(hosts.externalHosts()).toEqual(['apply2.academy.test']);
  });

  it('a link clicked in the window (will-navigate) goes through the settings-aware opener', async () => {
    const { hosts } = hostsWith({ settings: SAVED });
    const shell = { openExternal: vi.fn(() => Promise.resolve()) };
    const listeners: Record<string, (e: NavigationEvent) => void> = {};
    const contents = {
      on: (event: string, listener: (e: NavigationEvent) => void) => {
        listeners[event] = listener;
      },
      setWindowOpenHandler: () => undefined,
    } as unknown as GuardedContents;
    guardWebContents(contents, {
      shell,
      externalHosts: DEFAULT_EXTERNAL_HOSTS,
      frameOrigins: DEFAULT_FRAME_ORIGINS,
      openExternal: (url) => hosts.openExternal(shell, url),
    });
    listeners['will-navigate']!({
      url: 'https://apply.academy.test/now',
      isMainFrame: true,
      preventDefault: () => undefined,
    });
    await vi.waitFor(() => expect(shell.openExternal).toHaveBeenCalledWith('https://apply.academy.test/now'));
  });

  it('reads GET {api}/api/settings with the given fetch; a non-200 answer is a failure', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ settings: SAVED }), { status: 200 })),
    );
    expect(await settingsFetcher('https://portal.academy.test', fetch)()).toEqual({ settings: SAVED });
    expect(fetch.mock.calls[0]![0]).toBe('https://portal.academy.test/api/settings');
    const failing = () => Promise.resolve(new Response('no', { status: 401 }));
    await expect(settingsFetcher('https://portal.academy.test', failing)()).rejects.toThrow(/401/);
  });
});

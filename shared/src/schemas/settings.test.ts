import { describe, expect, it } from 'vitest';
import { AI_CHAT_ORIGINS } from '../content/ai-tools';
import { QUALIFIER_VIDEOS } from '../content/qualifier';
import { VIDEO_EMBED_ORIGINS } from '../limits';
import {
  checkSettingValue,
  communityModeOf,
  qualifierVideosFrom,
  SETTING_DEFINITIONS,
  SETTING_FALLBACKS,
  SETTING_KEYS,
  SETTING_MESSAGES,
  settingDefaultsFromEnv,
  settingsValuesSchema,
  type SettingKey,
} from './settings';

const ok = (key: SettingKey, raw: unknown) => checkSettingValue(key, raw);

describe('the community mode (a choice)', () => {
  it('takes external or portal and nothing else', () => {
    expect(checkSettingValue('communityMode', ' portal ')).toEqual({ ok: true, value: 'portal' });
    expect(checkSettingValue('communityMode', 'external')).toEqual({ ok: true, value: 'external' });
    expect(checkSettingValue('communityMode', 'both')).toEqual({ ok: false, message: SETTING_MESSAGES.choice });
    expect(communityModeOf('portal')).toBe('portal');
    expect(communityModeOf(undefined)).toBe('external');
  });
});

describe('portal settings: one definition per key', () => {
  it('every key has a label, a kind, its own environment variable and a valid built-in placeholder', () => {
    const envs = new Set<string>();
    for (const key of SETTING_KEYS) {
      const def = SETTING_DEFINITIONS[key];
      expect(def.label.length, key).toBeGreaterThan(0);
      expect(['url', 'video', 'widget', 'days', 'hours', 'choice']).toContain(def.kind);
      expect(envs.has(def.env), def.env).toBe(false);
      envs.add(def.env);
      expect(ok(key, def.fallback), key).toEqual({ ok: true, value: def.fallback });
    }
  });

  it('covers the links, videos and widget of docs/areas/settings.md', () => {
    expect(SETTING_KEYS).toEqual(
      expect.arrayContaining([
        'communityUrl',
        'productSearchUrl',
        'supportUrl',
        'applyUrl',
        'upgradesUrl',
        'calendarUrl',
        'shippingRatesUrl',
        'recommendResourceUrl',
        'boardWelcomeVideo',
        'qualifierIntroVideo',
        'chatWidgetUrl',
      ]),
    );
  });
});

describe('checkSettingValue', () => {
  it('days: a whole number within the range, normalised', () => {
    expect(ok('analyticsRetentionDays', ' 0400 ')).toEqual({ ok: true, value: '400' });
    expect(ok('analyticsRetentionDays', '30')).toEqual({ ok: true, value: '30' });
    expect(ok('analyticsRetentionDays', '3650')).toEqual({ ok: true, value: '3650' });
    for (const bad of ['29', '3651', '', '12.5', '-400', '400 days', 'https://x.test/']) {
      expect(ok('analyticsRetentionDays', bad), bad).toEqual({ ok: false, message: SETTING_MESSAGES.days });
    }
  });

  it('links: https only, trimmed, never empty', () => {
    expect(ok('communityUrl', '  https://www.facebook.com/groups/academy ')).toEqual({
      ok: true,
      value: 'https://www.facebook.com/groups/academy',
    });
    for (const bad of [
      'http://community.test/',
      'javascript:alert(1)',
      'https://user@host.test/',
      'ftp://x.test',
      '',
      'community',
      42,
      null,
    ]) {
      expect(ok('communityUrl', bad).ok, String(bad)).toBe(false);
    }
    expect(ok('communityUrl', '')).toEqual({ ok: false, message: 'This field cannot be empty' });
    expect(ok('communityUrl', `https://a.test/${'x'.repeat(2100)}`).ok).toBe(false);
  });

  it('Support alone also takes a plain mailto: address', () => {
    expect(ok('supportUrl', 'mailto:help@academy.test')).toEqual({ ok: true, value: 'mailto:help@academy.test' });
    expect(ok('supportUrl', 'https://help.academy.test/')).toEqual({ ok: true, value: 'https://help.academy.test/' });
    expect(ok('supportUrl', 'mailto:help@academy.test?attach=/etc/passwd').ok).toBe(false);
    expect(ok('supportUrl', 'mailto:a@b.test,c@d.test').ok).toBe(false);
    expect(ok('applyUrl', 'mailto:help@academy.test')).toEqual({
      ok: false,
      message: 'Please enter a full https:// address',
    });
  });

  it('videos: a YouTube or Vimeo address becomes its embed URL on the allowed video origins; empty hides it', () => {
    expect(ok('qualifierIntroVideo', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      ok: true,
      value: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    expect(ok('boardWelcomeVideo', 'https://vimeo.com/76979871')).toEqual({
      ok: true,
      value: 'https://player.vimeo.com/video/76979871',
    });
    expect(ok('boardWelcomeVideo', '')).toEqual({ ok: true, value: '' });
    for (const bad of [
      'https://evil.test/embed/x',
      'http://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/channel/x',
    ]) {
      expect(ok('boardWelcomeVideo', bad).ok, bad).toBe(false);
    }
    for (const key of SETTING_KEYS.filter((k) => SETTING_DEFINITIONS[k].kind === 'video')) {
      const v = ok(key, 'https://youtu.be/dQw4w9WgXcQ');
      expect(v.ok && VIDEO_EMBED_ORIGINS.some((o) => v.value.startsWith(`${o}/`)), key).toBe(true);
    }
  });

  it('the chat widget: https on the chat origins only; empty or off switches it off', () => {
    expect(ok('chatWidgetUrl', `${AI_CHAT_ORIGINS[0]}/chatbot-iframe/academy`).ok).toBe(true);
    expect(ok('chatWidgetUrl', 'off')).toEqual({ ok: true, value: '' });
    expect(ok('chatWidgetUrl', '')).toEqual({ ok: true, value: '' });
    expect(ok('chatWidgetUrl', 'https://chat.evil.test/bot').ok).toBe(false);
  });
});

describe('settingsValuesSchema', () => {
  it('normalises the values it is given and keeps null (back to the default)', async () => {
    const v = await settingsValuesSchema.validate(
      {
        supportUrl: ' https://help.academy.test/ ',
        boardWelcomeVideo: 'https://youtu.be/dQw4w9WgXcQ',
        calendarUrl: null,
      },
      { abortEarly: false },
    );
    expect(v).toEqual({
      supportUrl: 'https://help.academy.test/',
      boardWelcomeVideo: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      calendarUrl: null,
    });
  });

  it('reports every bad key and every unknown key under its own name', async () => {
    const err = await settingsValuesSchema
      .validate(
        { supportUrl: 'http://x.test', qualifierIntroVideo: 'https://evil.test/v', nope: 'x' },
        { abortEarly: false },
      )
      .catch((e: { inner: Array<{ path: string; message: string }> }) => e);
    const byPath = Object.fromEntries(
      (err as { inner: Array<{ path: string; message: string }> }).inner.map((e) => [e.path, e.message]),
    );
    expect(byPath).toEqual({
      supportUrl: 'Please enter a full https:// address or a mailto: address',
      qualifierIntroVideo: 'Please enter a YouTube or Vimeo video address (https://)',
      nope: 'Unknown setting',
    });
  });
});

describe('first-start defaults from the environment', () => {
  it('an unset or blank variable gives the built-in placeholder; a set one wins (normalised)', () => {
    const d = settingDefaultsFromEnv({
      SETTING_SUPPORT_URL: 'https://help.academy.test/',
      SETTING_CALENDAR_URL: ' ',
      SETTING_BOARD_WELCOME_VIDEO: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(d.supportUrl).toBe('https://help.academy.test/');
    expect(d.calendarUrl).toBe(SETTING_FALLBACKS.calendarUrl);
    expect(d.boardWelcomeVideo).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(settingDefaultsFromEnv({ AI_CHAT_WIDGET_URL: 'off' }).chatWidgetUrl).toBe('');
  });

  it('an invalid variable stops the start, naming the variable', () => {
    expect(() => settingDefaultsFromEnv({ SETTING_APPLY_URL: 'http://apply.test/' })).toThrow(/SETTING_APPLY_URL/);
  });

  it('the qualifier videos map back to the qualifier content', () => {
    expect(qualifierVideosFrom(SETTING_FALLBACKS)).toEqual(QUALIFIER_VIDEOS);
  });
});

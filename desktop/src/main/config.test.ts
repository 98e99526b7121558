import { describe, expect, it } from 'vitest';
import { FORM_EMBED_ORIGINS, VIDEO_EMBED_ORIGINS } from '@shared/limits';
import { AI_CHAT_ORIGINS } from '@shared/content/ai-tools';
import {
  DEFAULT_DEVELOPMENT_API,
  DEFAULT_FRAME_ORIGINS,
  DesktopConfigError,
  loadDesktopConfig,
  parseApiOrigin,
} from './config';
import { menuTemplate } from './menu';

describe('API base URL', () => {
  it('accepts https in production and keeps the origin', () => {
    expect(parseApiOrigin('https://portal.example.com', true)).toBe('https://portal.example.com');
    expect(parseApiOrigin('https://portal.example.com:8443/', true)).toBe('https://portal.example.com:8443');
  });

  it.each(['http://localhost:4000', 'http://127.0.0.1:4000', 'http://portal.example.com'])(
    'refuses %s in production (https required)',
    (url) => {
      expect(() => parseApiOrigin(url, true)).toThrow(DesktopConfigError);
    },
  );

  it('accepts http only for localhost and 127.0.0.1 in development', () => {
    expect(parseApiOrigin('http://localhost:4000', false)).toBe('http://localhost:4000');
    expect(parseApiOrigin('http://127.0.0.1:4000', false)).toBe('http://127.0.0.1:4000');
    expect(() => parseApiOrigin('http://portal.example.com', false)).toThrow(/https/);
    expect(() => parseApiOrigin('http://localhost.evil.io', false)).toThrow(/https/);
  });

  it.each([
    'ftp://portal.example.com',
    'file:///etc',
    'javascript:alert(1)',
    'portal.example.com',
    'https://u:p@portal.example.com',
    'https://portal.example.com/api',
  ])('refuses %s', (url) => {
    expect(() => parseApiOrigin(url, false)).toThrow(DesktopConfigError);
  });

  it('defaults to the local API when run unpackaged and to https when packaged', () => {
    expect(loadDesktopConfig({}, false).apiOrigin).toBe(DEFAULT_DEVELOPMENT_API);
    expect(loadDesktopConfig({}, true).apiOrigin).toMatch(/^https:\/\//);
    expect(loadDesktopConfig({ NODE_ENV: 'production' }, false).production).toBe(true);
    expect(() => loadDesktopConfig({ PORTAL_API_URL: 'http://localhost:4000' }, true)).toThrow(DesktopConfigError);
  });
});

describe('allowlists from the environment', () => {
  it('adds PORTAL_EXTERNAL_HOSTS and the https API host to the external hosts', () => {
    const config = loadDesktopConfig(
      { PORTAL_API_URL: 'https://portal.example.com', PORTAL_EXTERNAL_HOSTS: 'help.example.org, docs.example.net' },
      true,
    );
    expect(config.externalHosts).toEqual(
      expect.arrayContaining(['portal.example.com', 'help.example.org', 'docs.example.net']),
    );
  });

  it('refuses a host that is not a plain host name', () => {
    expect(() => loadDesktopConfig({ PORTAL_EXTERNAL_HOSTS: 'evil.io/x' }, false)).toThrow(DesktopConfigError);
    expect(() => loadDesktopConfig({ PORTAL_EXTERNAL_HOSTS: 'localhost' }, false)).toThrow(DesktopConfigError);
    // Exact hosts only: a wildcard or a leading dot would suggest subdomains, which never match.
    expect(() => loadDesktopConfig({ PORTAL_EXTERNAL_HOSTS: '*.example.org' }, false)).toThrow(DesktopConfigError);
    expect(() => loadDesktopConfig({ PORTAL_EXTERNAL_HOSTS: '.example.org' }, false)).toThrow(DesktopConfigError);
  });

  it('takes only https origins as extra frame origins', () => {
    const config = loadDesktopConfig({ PORTAL_FRAME_ORIGINS: 'https://forms.example.com' }, false);
    expect(config.frameOrigins).toEqual([...DEFAULT_FRAME_ORIGINS, 'https://forms.example.com']);
    expect(() => loadDesktopConfig({ PORTAL_FRAME_ORIGINS: 'http://forms.example.com' }, false)).toThrow(
      DesktopConfigError,
    );
    expect(() => loadDesktopConfig({ PORTAL_FRAME_ORIGINS: 'https://forms.example.com/path' }, false)).toThrow(
      DesktopConfigError,
    );
  });
});

describe('application menu', () => {
  const roles = (template: ReturnType<typeof menuTemplate>) => JSON.stringify(template);

  it('has the standard edit, view and window menus', () => {
    const t = menuTemplate('linux', true);
    expect(t.map((m) => m.role ?? m.label)).toEqual(['File', 'editMenu', 'View', 'windowMenu']);
    expect(menuTemplate('darwin', true)[0]!.role).toBe('appMenu');
  });

  it('offers developer tools only outside production', () => {
    expect(roles(menuTemplate('linux', true))).not.toContain('toggleDevTools');
    expect(roles(menuTemplate('linux', false))).toContain('toggleDevTools');
  });
});

describe('frame origins', () => {
  it('frames every video, lesson form and AI chat origin the web CSP allows, and nothing but https', () => {
    for (const origin of [...VIDEO_EMBED_ORIGINS, ...FORM_EMBED_ORIGINS, ...AI_CHAT_ORIGINS]) {
      expect(DEFAULT_FRAME_ORIGINS).toContain(origin);
    }
    for (const origin of DEFAULT_FRAME_ORIGINS) expect(origin.startsWith('https://')).toBe(true);
  });
});

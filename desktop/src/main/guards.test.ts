/**
 * The redirect and frame-navigation guards, the exact-host openExternal allowlist and the
 * developer tools switch, with stand-ins for the Electron objects (the binary cannot run here).
 */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXTERNAL_HOSTS, DEFAULT_FRAME_ORIGINS, loadDesktopConfig } from './config';
import {
  guardWebContents,
  mainWindowOptions,
  openExternalSafely,
  secureWebPreferences,
  type NavigationEvent,
} from './security';

type Listener = (event: NavigationEvent) => void;

/** A stand-in WebContents: records the guards' listeners and fires events at them. */
function guarded() {
  const listeners = new Map<string, Listener>();
  const contents = {
    on: (name: string, listener: Listener) => {
      listeners.set(name, listener);
      return contents;
    },
    setWindowOpenHandler: vi.fn(),
  };
  const shell = { openExternal: vi.fn(async () => undefined) };
  const onBlocked = vi.fn();
  guardWebContents(contents, {
    shell,
    externalHosts: DEFAULT_EXTERNAL_HOSTS,
    frameOrigins: DEFAULT_FRAME_ORIGINS,
    onBlocked,
  });
  /** Fires `name` and tells whether the guard prevented it. */
  const fire = (name: string, url: string, isMainFrame: boolean) => {
    const event = { url, isMainFrame, preventDefault: vi.fn() };
    const listener = listeners.get(name);
    if (!listener) throw new Error(`no ${name} guard`);
    listener(event);
    return event.preventDefault.mock.calls.length > 0;
  };
  return { fire, shell, onBlocked };
}

describe('will-redirect guard', () => {
  it.each([
    'https://evil.example/phish',
    'http://localhost:4000/',
    'file:///etc/passwd',
    'app://evil/',
    'https://calendly.com/', // allowlisted for the browser, but never inside the window
  ])('stops a main-frame redirect to %s', (url) => {
    const g = guarded();
    expect(g.fire('will-redirect', url, true)).toBe(true);
    expect(g.onBlocked).toHaveBeenCalledWith('redirect', url);
    expect(g.shell.openExternal).not.toHaveBeenCalled();
  });

  it('lets a main-frame redirect stay inside app://portal', () => {
    const g = guarded();
    expect(g.fire('will-redirect', 'app://portal/dashboard', true)).toBe(false);
  });

  it('lets an embedded video redirect inside its allowed origins, and stops it anywhere else', () => {
    const g = guarded();
    expect(g.fire('will-redirect', 'https://www.youtube-nocookie.com/embed/abc', false)).toBe(false);
    expect(g.fire('will-redirect', 'https://evil.example/embed/abc', false)).toBe(true);
    expect(g.fire('will-redirect', 'http://www.youtube.com/embed/abc', false)).toBe(true);
    expect(g.shell.openExternal).not.toHaveBeenCalled();
  });
});

describe('will-frame-navigate guard', () => {
  it('keeps a sub-frame on the allowed frame origins', () => {
    const g = guarded();
    expect(g.fire('will-frame-navigate', 'https://player.vimeo.com/video/1', false)).toBe(false);
    expect(g.fire('will-frame-navigate', 'https://www.chatbase.co/chatbot-iframe/x', false)).toBe(false);
    for (const url of [
      'https://evil.example/',
      'https://player.vimeo.com.evil.io/',
      'javascript:alert(1)',
      'data:text/html,x',
    ]) {
      expect(g.fire('will-frame-navigate', url, false), url).toBe(true);
      expect(g.onBlocked).toHaveBeenCalledWith('frame navigation', url);
    }
    expect(g.shell.openExternal).not.toHaveBeenCalled();
  });

  it('keeps the main frame inside app://portal without opening the link a second time', () => {
    const g = guarded();
    expect(g.fire('will-frame-navigate', 'app://portal/courses', true)).toBe(false);
    expect(g.fire('will-frame-navigate', 'https://calendly.com/book', true)).toBe(true);
    expect(g.fire('will-frame-navigate', 'https://www.youtube.com/embed/x', true)).toBe(true);
    expect(g.shell.openExternal).not.toHaveBeenCalled();
    // will-navigate (the main frame's own event) is the one that hands the link to the browser.
    expect(g.fire('will-navigate', 'https://calendly.com/book', true)).toBe(true);
    expect(g.shell.openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('openExternal allowlist: exact hosts', () => {
  it.each([
    'https://anyone.myshopify.com/products/free-gift',
    'https://scam.gumroad.com/l/abc',
    'https://x.thrivecart.com/',
    'https://attacker.kajabi.com/',
    'https://evil.samcart.com/',
    'https://sub.billing.stripe.com/',
    'https://m.youtube.com.evil.io/',
  ])('a member-written link to %s never opens', async (url) => {
    const shell = { openExternal: vi.fn(async () => undefined) };
    expect(await openExternalSafely(shell, url, loadDesktopConfig({}, true).externalHosts)).toBe(false);
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('the listed hosts themselves still open', async () => {
    for (const url of [
      'https://gumroad.com/l/abc',
      'https://myshopify.com/',
      'https://buy.stripe.com/test_123',
      'https://billing.stripe.com/p/session/x',
      'https://www.youtube.com/watch?v=abc',
      'https://calendly.com/',
    ]) {
      const shell = { openExternal: vi.fn(async () => undefined) };
      expect(await openExternalSafely(shell, url, DEFAULT_EXTERNAL_HOSTS), url).toBe(true);
      expect(shell.openExternal).toHaveBeenCalledWith(url);
    }
  });

  it('a store subdomain opens only when it is listed itself (PORTAL_EXTERNAL_HOSTS)', async () => {
    const hosts = loadDesktopConfig({ PORTAL_EXTERNAL_HOSTS: 'rainmakers.myshopify.com' }, true).externalHosts;
    const shell = { openExternal: vi.fn(async () => undefined) };
    expect(await openExternalSafely(shell, 'https://rainmakers.myshopify.com/products/x', hosts)).toBe(true);
    expect(await openExternalSafely(shell, 'https://other.myshopify.com/products/x', hosts)).toBe(false);
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('developer tools', () => {
  it('are off in a packaged (production) build and on in development', () => {
    expect(secureWebPreferences('/p.cjs', true).devTools).toBe(false);
    expect(mainWindowOptions('/p.cjs', true).webPreferences?.devTools).toBe(false);
    expect(secureWebPreferences('/p.cjs', false).devTools).toBe(true);
  });
});

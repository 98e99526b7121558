import { describe, expect, it, vi } from 'vitest';
import { MAX_BODY, showNativeNotification, type NativeNotificationLike, type NotificationDeps } from './notifications';

/** A stand-in of Electron's Notification: records its options and lets the test fire its events. */
function fakeElectron(supported = true) {
  const created: Array<{ options: { title: string; body: string; silent: boolean }; fire: (e: string) => void }> = [];
  const focusWindow = vi.fn();
  const deps: NotificationDeps = {
    isSupported: () => supported,
    create: (options) => {
      const listeners = new Map<string, () => void>();
      const n: NativeNotificationLike & { shown: boolean } = {
        shown: false,
        on: (event, listener) => listeners.set(event, listener),
        show: () => {
          n.shown = true;
        },
      };
      created.push({ options, fire: (e) => listeners.get(e)?.() });
      return n;
    },
    focusWindow,
  };
  return { deps, created, focusWindow };
}

describe('native notifications', () => {
  it('shows the title and body; a click focuses the window and resolves clicked', async () => {
    const { deps, created, focusWindow } = fakeElectron();
    const outcome = showNativeNotification(deps, { title: 'Rainmakers Portal', body: 'Mina commented on "Plan"' });
    expect(created).toHaveLength(1);
    expect(created[0]!.options).toEqual({
      title: 'Rainmakers Portal',
      body: 'Mina commented on "Plan"',
      silent: false,
    });
    created[0]!.fire('click');
    expect(await outcome).toBe('clicked');
    expect(focusWindow).toHaveBeenCalledTimes(1);
  });

  it('resolves closed when dismissed or failed, without focusing the window', async () => {
    const { deps, created, focusWindow } = fakeElectron();
    const closed = showNativeNotification(deps, { title: 't', body: 'b' });
    created[0]!.fire('close');
    expect(await closed).toBe('closed');
    const failed = showNativeNotification(deps, { title: 't', body: 'b' });
    created[1]!.fire('failed');
    expect(await failed).toBe('closed');
    expect(focusWindow).not.toHaveBeenCalled();
  });

  it('shows nothing where the OS has no notifications', async () => {
    const { deps, created } = fakeElectron(false);
    expect(await showNativeNotification(deps, { title: 't', body: 'b' })).toBe('closed');
    expect(created).toHaveLength(0);
  });

  it('passes plain text only, within bounds, and refuses a request without a body', async () => {
    const { deps, created } = fakeElectron();
    void showNativeNotification(deps, { title: 'a\nb\u0007c', body: 'x'.repeat(1000), extra: 'ignored' });
    expect(created[0]!.options.title).toBe('a b c');
    expect(created[0]!.options.body).toHaveLength(MAX_BODY);
    expect(Object.keys(created[0]!.options).sort()).toEqual(['body', 'silent', 'title']);
    await expect(showNativeNotification(deps, null)).rejects.toThrow('Bad notification request');
    await expect(showNativeNotification(deps, { title: 't', body: 42 })).rejects.toThrow('Bad notification request');
    await expect(showNativeNotification(deps, 'hello')).rejects.toThrow('Bad notification request');
    expect(created).toHaveLength(1);
  });
});

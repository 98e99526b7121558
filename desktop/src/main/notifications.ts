/**
 * Native OS notifications for the renderer's bridge call (docs/areas/notifications.md). Takes its Electron
 * objects as parameters (the Notification class, a way to bring the window to the front), so it
 * is unit-tested without Electron. Only plain text reaches the OS, within bounds.
 */
import type { NotificationOutcome } from '../shared-ipc/contract';

/** What this module needs of an Electron Notification instance. */
export interface NativeNotificationLike {
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown;
  show(): void;
}

export interface NotificationDeps {
  /** `Notification.isSupported()` */
  isSupported(): boolean;
  /** `new Notification(options)` */
  create(options: { title: string; body: string; silent: boolean }): NativeNotificationLike;
  /** Restores and focuses the main window (a click then shows the card there). */
  focusWindow(): void;
}

export const MAX_TITLE = 100;
export const MAX_BODY = 300;

const text = (value: unknown, max: number): string => {
  const s = typeof value === 'string' ? value : '';
  const clean = s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

/**
 * Shows one native notification. Resolves 'clicked' after a click (the window is focused first)
 * and 'closed' when it is dismissed, fails, or notifications are not supported. A request that is
 * not an object with a body is refused with an error.
 */
export function showNativeNotification(deps: NotificationDeps, request: unknown): Promise<NotificationOutcome> {
  if (typeof request !== 'object' || request === null) return Promise.reject(new Error('Bad notification request'));
  const { title, body } = request as { title?: unknown; body?: unknown };
  const options = { title: text(title, MAX_TITLE), body: text(body, MAX_BODY), silent: false };
  if (!options.body) return Promise.reject(new Error('Bad notification request'));
  if (!deps.isSupported()) return Promise.resolve('closed');
  return new Promise<NotificationOutcome>((resolve) => {
    const n = deps.create(options);
    n.on('click', () => {
      deps.focusWindow();
      resolve('clicked');
    });
    n.on('close', () => resolve('closed'));
    n.on('failed', () => resolve('closed'));
    n.show();
  });
}

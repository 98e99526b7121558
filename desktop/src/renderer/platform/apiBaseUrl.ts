/** The Electron preload exposes window.portal.apiBaseUrl; the web build talks to its own origin. */
export function apiBaseUrl(): string {
  if (typeof window === 'undefined') return '';
  return window.portal?.apiBaseUrl ?? '';
}

import { apiBaseUrl } from '../platform/apiBaseUrl';

/** Server-relative URLs (e.g. /uploads/x.png) must point at the API host in the desktop app. */
export function assetUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return `${apiBaseUrl()}${url}`;
  return url;
}

/**
 * The portal settings (links an admin changes without a deploy, GET /api/settings) in the desktop
 * shell's allowlists. The built-in lists (config.ts) know the placeholders only; this module adds
 * the hosts the saved settings name, read by main itself from the API (with the window session's
 * cookies), never from the renderer: a page cannot widen the allowlist by asking.
 *
 * - External links: the host of every https link setting, and the domain of a mailto: Support
 *   address, become exact hosts for shell.openExternal (subdomains still never match).
 * - Frames: a video or widget setting is only ever accepted on the shared video and chat origins
 *   (shared/src/schemas/settings.ts), which DEFAULT_FRAME_ORIGINS and the CSP already allow; a value
 *   outside them is ignored here too, so the frame allowlist never grows from the settings.
 */
import { checkSettingValue, isSettingKey, SETTING_DEFINITIONS } from '@shared/schemas/settings';
import { isAllowedExternalUrl } from './urls';
import type { ExternalOpener } from './security';

/** The exact hosts and the frame origins the given settings values name (invalid values are skipped). */
export function allowlistFromSettings(
  values: unknown,
  frameOrigins: readonly string[],
): { externalHosts: string[]; frameOrigins: string[] } {
  const hosts = new Set<string>();
  const frames = new Set<string>();
  if (!values || typeof values !== 'object' || Array.isArray(values)) return { externalHosts: [], frameOrigins: [] };
  for (const [key, raw] of Object.entries(values as Record<string, unknown>)) {
    // A number of days (the analytics retention) names no host.
    if (!isSettingKey(key) || SETTING_DEFINITIONS[key].kind === 'days') continue;
    const checked = checkSettingValue(key, raw);
    if (!checked.ok || checked.value === '') continue;
    const value = checked.value;
    if (value.startsWith('mailto:')) {
      hosts.add(value.slice(value.indexOf('@') + 1).toLowerCase());
      continue;
    }
    const url = new URL(value);
    hosts.add(url.hostname.toLowerCase());
    if (SETTING_DEFINITIONS[key].kind !== 'url' && frameOrigins.includes(url.origin)) {
      frames.add(url.origin);
    }
  }
  return { externalHosts: [...hosts], frameOrigins: [...frames] };
}

export interface SettingsHostsOptions {
  /** The built-in exact hosts (config.externalHosts). */
  baseHosts: readonly string[];
  /** The frame origins the app allows (config.frameOrigins): settings never add to them. */
  frameOrigins: readonly string[];
  /** Reads GET /api/settings from the API with the session's cookies; resolves to its JSON. */
  fetchSettings: () => Promise<unknown>;
  /** Ask the API at most this often (a miss on a link the settings do not name asks again). */
  minIntervalMs?: number;
  now?: () => number;
}

/** The external-host allowlist of the shell: the built-in hosts plus those of the saved settings. */
export class SettingsHosts {
  private learned: string[] = [];
  private lastFetch = -Infinity;
  private inFlight: Promise<void> | null = null;

  constructor(private readonly options: SettingsHostsOptions) {}

  /** The hosts shell.openExternal may open now. */
  externalHosts(): string[] {
    return [...new Set([...this.options.baseHosts, ...this.learned])];
  }

  /** Replaces the learned hosts with those of a GET /api/settings answer ({settings: {...}}). */
  learn(body: unknown): void {
    const settings = body && typeof body === 'object' ? (body as { settings?: unknown }).settings : undefined;
    this.learned = allowlistFromSettings(settings, this.options.frameOrigins).externalHosts;
  }

  /** Reads the settings again unless that happened within minIntervalMs; a failure keeps the last list. */
  async refresh(): Promise<void> {
    const now = (this.options.now ?? Date.now)();
    if (this.inFlight) return this.inFlight;
    if (now - this.lastFetch < (this.options.minIntervalMs ?? 30_000)) return;
    this.lastFetch = now;
    this.inFlight = this.options
      .fetchSettings()
      .then((body) => this.learn(body))
      .catch(() => undefined)
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /**
   * Opens a URL in the system browser when it is on the allowlist; a URL that is not on it makes
   * main read the settings once more first (an admin may have just changed a link).
   */
  async openExternal(shell: ExternalOpener, url: unknown): Promise<boolean> {
    if (!isAllowedExternalUrl(url, this.externalHosts())) await this.refresh();
    if (!isAllowedExternalUrl(url, this.externalHosts())) return false;
    try {
      await shell.openExternal(url as string);
      return true;
    } catch {
      return false;
    }
  }
}

/** GET {apiOrigin}/api/settings with the session's fetch; anything but a 200 JSON answer is a failure. */
export function settingsFetcher(
  apiOrigin: string,
  fetch: (url: string, init: RequestInit) => Promise<Response>,
): () => Promise<unknown> {
  return async () => {
    const res = await fetch(`${apiOrigin}/api/settings`, { method: 'GET', headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`settings: ${res.status}`);
    return (await res.json()) as unknown;
  };
}

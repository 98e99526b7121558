import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { EXTERNAL_LINKS } from '@shared/limits';
import { DEFAULT_EXTERNAL_HOSTS } from './config';
import { openExternalSafely } from './security';
import { hostIs, isAllowedExternalUrl, isAllowedFrameUrl, isAppUrl } from './urls';

const HOSTS = ['app.example.com', 'calendly.com'];

describe('isAllowedExternalUrl', () => {
  it.each([
    'https://app.example.com/',
    'https://app.example.com/path?q=1#x',
    'https://calendly.com/rainmakers',
    'https://APP.Example.com/',
    'https://calendly.com./x',
  ])('allows %s (https on a host of the allowlist)', (url) => {
    expect(isAllowedExternalUrl(url, HOSTS)).toBe(true);
  });

  it.each([
    ['http://app.example.com/', 'plain http'],
    ['https://app.example.com.evil.io/', 'allowlisted name as a prefix of another host'],
    ['https://app.example.com@evil.io/', 'allowlisted name as the user part'],
    ['https://user:pw@app.example.com/', 'credentials in the URL'],
    ['https://evil.io/?next=https://app.example.com', 'allowlisted name in the query'],
    ['https://evilcalendly.com/', 'allowlisted name as a suffix without a dot'],
    ['https://www.calendly.com/', 'a subdomain of an allowlisted host'],
    ['https://x.app.example.com/', 'a subdomain of an allowlisted host'],
    ['https://app.example.com:8443/', 'a non-default port'],
    ['javascript:alert(1)//https://app.example.com', 'javascript:'],
    ['file:///etc/passwd', 'file:'],
    ['smb://app.example.com/share', 'smb:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['app://portal/', 'the app itself'],
    ['mailto:support@example.com', 'mailto:'],
    ['//app.example.com/', 'a relative URL'],
    ['not a url', 'garbage'],
    ['', 'empty'],
  ])('rejects %s (%s)', (url) => {
    expect(isAllowedExternalUrl(url, HOSTS)).toBe(false);
  });

  it('opens a plain mailto: link only to an address on an allowlisted domain', () => {
    expect(isAllowedExternalUrl('mailto:help@calendly.com', HOSTS)).toBe(true);
    expect(isAllowedExternalUrl('mailto:help@evil.io', HOSTS)).toBe(false);
    expect(isAllowedExternalUrl('mailto:help@calendly.com?subject=Help', HOSTS)).toBe(true);
    expect(isAllowedExternalUrl('mailto:help@calendly.com?attach=/etc/passwd', HOSTS)).toBe(false);
    expect(isAllowedExternalUrl('mailto:a@calendly.com,b@evil.io', HOSTS)).toBe(false);
    expect(isAllowedExternalUrl('mailto:help@calendly.com.evil.io', HOSTS)).toBe(false);
    expect(isAllowedExternalUrl('mailto:help@mail.calendly.com', HOSTS)).toBe(false);
    const support = EXTERNAL_LINKS.support;
    expect(isAllowedExternalUrl(support, DEFAULT_EXTERNAL_HOSTS)).toBe(true);
  });

  it('rejects values that are not strings', () => {
    for (const v of [null, undefined, 42, {}, ['https://app.example.com/']]) {
      expect(isAllowedExternalUrl(v, HOSTS)).toBe(false);
    }
  });

  it('the default allowlist holds the spec sites and no http hosts', () => {
    expect(DEFAULT_EXTERNAL_HOSTS).toContain('calendly.com');
    expect(isAllowedExternalUrl('https://calendly.com/', DEFAULT_EXTERNAL_HOSTS)).toBe(true);
    expect(isAllowedExternalUrl('https://evil.example/', DEFAULT_EXTERNAL_HOSTS)).toBe(false);
  });
});

describe('hostIs', () => {
  it('matches the host itself only, never a subdomain', () => {
    expect(hostIs('example.com', 'example.com')).toBe(true);
    expect(hostIs('Example.COM.', 'example.com')).toBe(true);
    expect(hostIs('a.b.example.com', 'example.com')).toBe(false);
    expect(hostIs('www.example.com', 'example.com')).toBe(false);
    expect(hostIs('notexample.com', 'example.com')).toBe(false);
    expect(hostIs('example.com.evil.io', 'example.com')).toBe(false);
  });
});

describe('openExternalSafely (fast-check property)', () => {
  const scheme = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('https', 'HTTPS') },
    { weight: 3, arbitrary: fc.constantFrom('http', 'javascript', 'file', 'smb', 'data', 'ftp', 'app', 'mailto') },
  );
  const host = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTS) },
    fc.constantFrom(...HOSTS).map((h) => `${h}.evil.io`),
    fc.constantFrom(...HOSTS).map((h) => `evil.io@${h}`),
    fc.constantFrom(...HOSTS).map((h) => `${h}@evil.io`),
    fc.constantFrom(...HOSTS).map((h) => `sub.${h}`),
    fc.domain(),
  );
  const url = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(scheme, host, fc.webPath(), fc.constantFrom('', ':443', ':8080'))
        .map(([s, h, p, port]) => `${s}://${h}${port}${p}`),
    },
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.string(),
  );

  it('calls shell.openExternal only for https URLs whose parsed host is exactly one on the allowlist', async () => {
    let openedCount = 0;
    let refusedCount = 0;
    await fc.assert(
      fc.asyncProperty(url, async (candidate) => {
        const shell = { openExternal: vi.fn(async () => undefined) };
        const opened = await openExternalSafely(shell, candidate, HOSTS);
        expect(opened).toBe(shell.openExternal.mock.calls.length === 1);
        if (opened) openedCount += 1;
        else refusedCount += 1;
        for (const [called] of shell.openExternal.mock.calls as unknown as Array<[string]>) {
          const parsed = new URL(called);
          expect(parsed.protocol).toBe('https:');
          expect(parsed.username + parsed.password).toBe('');
          expect(HOSTS).toContain(parsed.hostname.replace(/\.$/, ''));
        }
      }),
      { numRuns: 1000 },
    );
    // The generator reaches both sides of the predicate.
    expect(openedCount).toBeGreaterThan(50);
    expect(refusedCount).toBeGreaterThan(50);
  });

  it('never opens javascript:, file:, smb: or data: URLs, whatever follows the scheme', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('javascript:', 'file:', 'smb:', 'data:', 'JavaScript:'),
        fc.string(),
        async (s, rest) => {
          const shell = { openExternal: vi.fn(async () => undefined) };
          expect(await openExternalSafely(shell, `${s}${rest}`, HOSTS)).toBe(false);
          expect(shell.openExternal).not.toHaveBeenCalled();
        },
      ),
    );
  });

  it('reports false when the system refuses to open the link', async () => {
    const shell = { openExternal: vi.fn(async () => Promise.reject(new Error('no browser'))) };
    expect(await openExternalSafely(shell, 'https://calendly.com/', HOSTS)).toBe(false);
  });
});

describe('isAppUrl and isAllowedFrameUrl', () => {
  it('knows the app origin and nothing that only looks like it', () => {
    expect(isAppUrl('app://portal/')).toBe(true);
    expect(isAppUrl('app://portal/courses/1?x=1')).toBe(true);
    expect(isAppUrl('app://portal.evil/')).toBe(false);
    expect(isAppUrl('app://evil/')).toBe(false);
    expect(isAppUrl('https://portal/')).toBe(false);
    expect(isAppUrl('app://x@portal/')).toBe(false);
    expect(isAppUrl(undefined)).toBe(false);
  });

  it('allows frames from the listed https origins only', () => {
    const origins = ['https://www.youtube.com'];
    expect(isAllowedFrameUrl('https://www.youtube.com/embed/x', origins)).toBe(true);
    expect(isAllowedFrameUrl('http://www.youtube.com/embed/x', origins)).toBe(false);
    expect(isAllowedFrameUrl('https://www.youtube.com.evil.io/embed/x', origins)).toBe(false);
    expect(isAllowedFrameUrl('app://portal/', origins)).toBe(true);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';
import { MESSAGES } from '../../shared/src/messages';
import { DEFAULT_AI_TOOLS } from '../../shared/src/schemas/ai-tools';
import { DEFAULT_AI_CHAT_WIDGET_URL } from '../../shared/src/content/ai-tools';

/** A local stand-in for the external content feed; each test sets how it answers. */
type FeedBehaviour = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let behaviour: FeedBehaviour;
let feedHits = 0;
const feed = http.createServer((req, res) => {
  feedHits += 1;
  behaviour(req, res);
});
const json =
  (body: unknown, status = 200): FeedBehaviour =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

const FEED = {
  Contents: [
    {
      title: 'Listing Pro: Titles & Bullets!',
      featuredImage: { url: 'https://images.example.com/listing.png' },
      descriptionPlain: 'Writes listings.',
      ctaBtnUrl: 'https://www.chatbase.co/chatbot-iframe/listing-pro',
      Keywords: [{ title: 'Listings' }, { title: 'New' }, { title: 'Copywriting' }],
    },
    {
      title: 'Ad Planner',
      featuredImage: 'http://insecure.example.com/ad.png',
      descriptionPlain: 'Plans ads.',
      ctaBtnUrl: 'https://evil.example/chat',
      Keywords: [{ title: 'Advertising' }],
    },
    { title: 'Coming Thing', Keywords: 'Soon, Research' },
    { descriptionPlain: 'no title: skipped' },
    'not an object',
  ],
};

/** A feed answer over the 2 MB cap, made once. */
const OVERSIZED = Buffer.from(JSON.stringify({ Contents: [{ title: 'x'.repeat(3 * 1024 * 1024) }] }));

let t: TestApp;
let aiTag: { id: number };
let rainaTag: { id: number };

beforeAll(async () => {
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const port = (feed.address() as AddressInfo).port;
  t = await createTestApp({
    AI_TOOLS_FEED_URL: `http://127.0.0.1:${port}/contents`,
    // Long enough that a loaded CI machine still reads a 3 MB answer up to the 2 MB cap within it (at
    // 400 ms that answer once took longer and came back 504); the never-answering feed waits it out.
    AI_TOOLS_FEED_TIMEOUT_MS: '2000',
    AI_TOOLS_CACHE_SECONDS: '0',
    AI_TOOLS_STALE_SECONDS: '0',
  });
  aiTag = await createTag(t.knex, 'aitoolkit');
  rainaTag = await createTag(t.knex, 'raina');
});
afterAll(async () => {
  await t.close();
  feed.closeAllConnections();
  await new Promise<void>((resolve) => feed.close(() => resolve()));
});
beforeEach(() => {
  behaviour = json(FEED);
  feedHits = 0;
});

async function agentFor(role: Role, tags: number[] = [], extra: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.knex, { role, tags, ...extra });
  return signIn(t.agent(), user);
}

describe('GET /api/ai-tools', () => {
  it('requires authentication', async () => {
    expect((await t.request().get('/api/ai-tools')).status).toBe(401);
    expect((await t.request().get('/api/ai-tools/chat-widget')).status).toBe(401);
  });

  it.each([
    ['admin', false, 200],
    ['coach', false, 200],
    ['premium', true, 200],
    ['basic', true, 200],
    ['course only', true, 200],
    ['premium', false, 403],
    ['basic', false, 403],
    ['course only', false, 403],
  ] as const)(
    'answers a %s (aitoolkit tag: %s) with %i, as the /ai-toolkit route does',
    async (role, tagged, status) => {
      const agent = await agentFor(role, tagged ? [aiTag.id] : []);
      const res = await agent.get('/api/ai-tools');
      expect(res.status).toBe(status);
    },
  );

  it('refuses a tagged member whose subscription is past due', async () => {
    const agent = await agentFor('premium', [aiTag.id], { stripeStatus: 'past_due' });
    expect((await agent.get('/api/ai-tools')).status).toBe(403);
  });

  it('reads the feed and derives slug, tags, link, chat URL and badges', async () => {
    const agent = await agentFor('coach');
    const res = await agent.get('/api/ai-tools');
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('feed');
    expect(feedHits).toBe(1);
    expect(typeof res.body.fetchedAt).toBe('string');
    expect(res.body.tools).toEqual([
      {
        slug: 'listing-pro-titles-bullets-',
        title: 'Listing Pro: Titles & Bullets!',
        featuredImage: 'https://images.example.com/listing.png',
        descriptionPlain: 'Writes listings.',
        ctaBtnUrl: 'https://www.chatbase.co/chatbot-iframe/listing-pro',
        tags: ['Listings', 'Copywriting'],
        link: '/ai-toolkit/chat/listing-pro-titles-bullets-',
        chatbaseUrl: 'https://www.chatbase.co/chatbot-iframe/listing-pro',
        isNew: true,
        comingSoon: false,
        locked: false,
      },
      {
        slug: 'ad-planner',
        title: 'Ad Planner',
        featuredImage: null,
        descriptionPlain: 'Plans ads.',
        ctaBtnUrl: 'https://evil.example/chat',
        tags: ['Advertising'],
        link: '/ai-toolkit/chat/ad-planner',
        chatbaseUrl: null,
        isNew: false,
        comingSoon: false,
        locked: true,
      },
      {
        slug: 'coming-thing',
        title: 'Coming Thing',
        featuredImage: null,
        descriptionPlain: '',
        ctaBtnUrl: null,
        tags: ['Research'],
        link: '/ai-toolkit/chat/coming-thing',
        chatbaseUrl: null,
        isNew: false,
        comingSoon: true,
        locked: false,
      },
    ]);
  });

  it.each([
    ['answers 500', json({ error: 'boom' }, 500)],
    ['answers 404', json({}, 404)],
    ['answers HTML', (_req, res) => res.end('<html>down</html>')],
    ['answers JSON without Contents', json({ hello: 'world' })],
    ['drops the connection', (req) => req.socket.destroy()],
    [
      'answers more than 2 MB',
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(OVERSIZED);
      },
    ],
  ])('answers 502 "Failed to fetch AI tools", never 500, when the feed %s', async (_name, b) => {
    behaviour = b;
    const agent = await agentFor('admin');
    const res = await agent.get('/api/ai-tools');
    expect(res.status).toBe(502);
    expect(res.body.error).toEqual({ code: 'feed_unavailable', message: MESSAGES.aiToolsFetchFailed });
  });

  it('answers 504 within the timeout when the feed does not answer', async () => {
    behaviour = () => undefined; // never answers
    const agent = await agentFor('admin');
    const res = await agent.get('/api/ai-tools');
    // The feed never answers, so the answer can only come from AI_TOOLS_FEED_TIMEOUT_MS (2 s here).
    expect(res.status).toBe(504);
    expect(res.body.error).toEqual({ code: 'feed_timeout', message: MESSAGES.aiToolsFetchFailed });
  });
});

describe('GET /api/ai-tools/chat-widget', () => {
  it.each([
    ['admin', [] as string[], 200],
    ['premium', ['raina'], 200],
    ['basic', ['raina', 'aitoolkit'], 200],
    ['coach', [], 403],
    ['premium', ['aitoolkit'], 403],
    ['course only', [], 403],
  ] as const)('answers a %s tagged %j with %i', async (role, tags, status) => {
    const ids = tags.map((n) => (n === 'raina' ? rainaTag.id : aiTag.id));
    const agent = await agentFor(role, ids);
    const res = await agent.get('/api/ai-tools/chat-widget');
    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.widget.url).toBe(DEFAULT_AI_CHAT_WIDGET_URL);
  });

  it('offers the widget to an admin who switched to another role', async () => {
    const agent = await agentFor('basic', [], { isAdmin: true });
    expect((await agent.get('/api/ai-tools/chat-widget')).status).toBe(200);
  });
});

describe('AI tools without a feed', () => {
  it('serves the built-in tools and no widget when switched off', async () => {
    const app = await createTestApp({ AI_CHAT_WIDGET_URL: 'off' });
    try {
      const user = await createUser(app.knex, { role: 'admin' });
      const agent = await signIn(app.agent(), user);
      const res = await agent.get('/api/ai-tools');
      expect(res.body).toEqual({ tools: DEFAULT_AI_TOOLS, source: 'default', fetchedAt: null });
      expect((await agent.get('/api/ai-tools/chat-widget')).body).toEqual({ widget: null });
    } finally {
      await app.close();
    }
  });
});

describe('chat frame origins stay in step', () => {
  it('lets the web CSP and the desktop app frame every AI chat origin, and open the booking and shipping links', async () => {
    const { AI_CHAT_ORIGINS, AI_TOOLKIT_BOOKING_URL } = await import('../../shared/src/content/ai-tools');
    const { EXTERNAL_LINKS } = await import('../../shared/src/limits');
    const { DEFAULT_FRAME_ORIGINS, DEFAULT_EXTERNAL_HOSTS } = await import('../../desktop/src/main/config');
    const res = await t.request().get('/api/health');
    const frameSrc = (res.headers['content-security-policy'] as string)
      .split('; ')
      .find((d) => d.startsWith('frame-src'))!;
    for (const origin of AI_CHAT_ORIGINS) {
      expect(frameSrc.split(' ')).toContain(origin);
      expect(DEFAULT_FRAME_ORIGINS).toContain(origin);
    }
    for (const link of [AI_TOOLKIT_BOOKING_URL, EXTERNAL_LINKS.shippingRates]) {
      expect(DEFAULT_EXTERNAL_HOSTS).toContain(new URL(link).hostname);
    }
  });
});

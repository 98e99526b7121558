/**
 * AI Toolkit content kept in the app: the chat origins the app may frame, the default chat
 * frame, the intro video, and the built-in tool list shown when the content feed cannot be read.
 *
 * DEPLOYMENT: replace the placeholder chat URLs and the intro video with the academy's own. Chat
 * URLs must be on AI_CHAT_ORIGINS, which the API's CSP frame-src (api/src/core/http.ts) and the
 * desktop app's frame allowlist (desktop/src/main/config.ts, PORTAL_FRAME_ORIGINS) also allow.
 */
import { EXTERNAL_LINKS } from '../limits';

/** Origins of the chat frames (tool chats and the raina widget). */
export const AI_CHAT_ORIGINS = ['https://www.chatbase.co'] as const;

/** Title and frame of the chat page when no tool matches the slug (and of /ai-toolkit-chat). */
export const AI_ASSISTANT_TITLE = 'AI Assistant';
export const DEFAULT_AI_CHAT_URL = 'https://www.chatbase.co/chatbot-iframe/portal-ai-assistant';

/** The chat widget for admins and members tagged raina (AI_CHAT_WIDGET_URL overrides it). */
export const DEFAULT_AI_CHAT_WIDGET_URL = 'https://www.chatbase.co/chatbot-iframe/raina';
export const AI_CHAT_WIDGET_TITLE = 'Chat with Raina';

/** The intro video at the top of the AI Toolkit (a YouTube or Vimeo embed URL). */
export const AI_TOOLKIT_INTRO_VIDEO = 'https://www.youtube.com/embed/qp0HIF3SfI4';

/** 'Book a free 1-on-1 session' opens the calendar site. */
export const AI_TOOLKIT_BOOKING_URL = EXTERNAL_LINKS.calendar;

/**
 * A content feed item (docs/areas/ai-toolkit.md#data AI tool, docs/areas/ai-toolkit.md#api External): the fields the app reads. Everything is
 * optional because the feed is outside our control; normalizeFeedItem decides what is usable.
 */
export interface AiToolFeedItem {
  title?: unknown;
  featuredImage?: unknown;
  descriptionPlain?: unknown;
  ctaBtnUrl?: unknown;
  Keywords?: unknown;
  isNew?: unknown;
  comingSoon?: unknown;
  locked?: unknown;
}

const chat = (bot: string) => `https://www.chatbase.co/chatbot-iframe/${bot}`;

/** The built-in tools, in the feed's own shape so they go through the same normalisation. */
export const DEFAULT_AI_TOOL_ITEMS: readonly AiToolFeedItem[] = [
  {
    title: 'Listing Optimizer',
    descriptionPlain: 'Turns your product facts into a keyword-rich Amazon title, bullets and description.',
    ctaBtnUrl: chat('listing-optimizer'),
    Keywords: [{ title: 'Listings' }, { title: 'Copywriting' }, { title: 'New' }],
  },
  {
    title: 'Product Research Assistant',
    descriptionPlain: 'Talks through a product idea: demand, competition, margins and the questions to ask.',
    ctaBtnUrl: chat('product-research'),
    Keywords: [{ title: 'Research' }, { title: 'Products' }],
  },
  {
    title: 'Supplier Email Writer',
    descriptionPlain: 'Drafts clear emails to suppliers: quotes, samples, negotiation and follow-ups.',
    ctaBtnUrl: chat('supplier-email'),
    Keywords: [{ title: 'Sourcing' }, { title: 'Copywriting' }],
  },
  {
    title: 'PPC Campaign Coach',
    descriptionPlain: 'Helps you plan sponsored-product campaigns, read ACOS and adjust bids.',
    ctaBtnUrl: chat('ppc-coach'),
    Keywords: [{ title: 'Advertising' }, { title: 'Research' }],
  },
  {
    title: 'Review Response Helper',
    descriptionPlain: 'Suggests polite, policy-safe answers to customer reviews and questions.',
    ctaBtnUrl: chat('review-helper'),
    Keywords: [{ title: 'Customers' }],
  },
  {
    title: 'Brand Story Builder',
    descriptionPlain: 'Shapes your brand story for A+ content and your storefront.',
    Keywords: [{ title: 'Copywriting' }, { title: 'Soon' }],
  },
];

/**
 * docs/areas/ai-toolkit.md#data AI tool, as the API sends it after reading the external content feed: the feed's
 * title, featuredImage, descriptionPlain and ctaBtnUrl, its Keywords' titles as tags, and the
 * derived slug, in-app link and chat frame URL.
 */
export interface AiTool {
  /** Lowercase title with every run of non-alphanumerics turned into one hyphen. */
  slug: string;
  title: string;
  /** An https image URL, or null (the card shows a placeholder). */
  featuredImage: string | null;
  descriptionPlain: string;
  /** The feed's call-to-action URL as given (https only), or null. */
  ctaBtnUrl: string | null;
  /** Keyword titles, in feed order, without the New and Soon markers. */
  tags: string[];
  /** The tool's chat page in the app: /ai-toolkit/chat/{slug}. */
  link: string;
  /** The chat frame URL when its origin is on the allowlist (AI_CHAT_ORIGINS), else null. */
  chatbaseUrl: string | null;
  /** 'New' badge. */
  isNew: boolean;
  /** 'Soon' badge: listed, but inert. */
  comingSoon: boolean;
  /** No usable chat (or marked locked by the feed): listed, but inert. */
  locked: boolean;
}

/** GET /api/ai-tools. `source` is 'default' when no feed is configured. */
export interface AiToolsResponse {
  tools: AiTool[];
  source: 'feed' | 'default';
  /** When the API last read the feed (ISO), or null for the built-in list. */
  fetchedAt: string | null;
}

/** The chat widget offered to admins and members tagged raina (an iframe, see README). */
export interface AiChatWidget {
  url: string;
  title: string;
}

/** GET /api/ai-tools/chat-widget: null when the deployment switched the widget off. */
export interface AiChatWidgetResponse {
  widget: AiChatWidget | null;
}

/**
 * Product Qualifier content (docs/areas/seller-tools.md#screens, docs/areas/seller-tools.md#limits; docs/areas/seller-tools.md#qualifier-scoring): the questions, their feedback, the result
 * bands and every video URL, in one place. The API builds the result email from this module and
 * the UI renders the questions from it, so both always say the same thing.
 *
 * VIDEO URLS: set QUALIFIER_VIDEOS below to the academy's own videos. They must be embed URLs on an
 * origin the Content-Security-Policy frame-src allows (https://www.youtube.com/embed/... or
 * https://player.vimeo.com/video/...). An empty string hides that video (the written guidance of
 * LEARN_MORE still shows). The default ids are placeholders to replace at deployment.
 */
import {
  PRICE_THRESHOLDS,
  SIZE_TIERS,
  searchPct,
  searchThreshold,
  volumeFeedback,
  type QualifierAnswerId,
  type QualifierResult,
  type SizeTier,
  type YesNoId,
} from '../calc/qualifier';

export interface QualifierVideos {
  intro: string;
  /** 'Learn More' video per question (the keyword question has none). */
  questions: Record<Exclude<QualifierAnswerId, 'keyword'>, string>;
  /** The video shown with each result band. */
  results: Record<QualifierResult, string>;
}

const yt = (id: string) => `https://www.youtube.com/embed/${id}`;

/** Default videos (replace with the academy's own; see the module comment). */
export const QUALIFIER_VIDEOS: QualifierVideos = {
  intro: yt('qp0HIF3SfI4'),
  questions: {
    volume: yt('8aGhZQkoFbQ'),
    searches: yt('8aGhZQkoFbQ'),
    sellers: yt('hY7m5jjJ9mM'),
    units: yt('hY7m5jjJ9mM'),
    competitors: yt('hY7m5jjJ9mM'),
    alibaba: yt('ZXsQAXx_ao0'),
    standard: yt('ZXsQAXx_ao0'),
    'average-points': yt('ZXsQAXx_ao0'),
    'estimated-profit': yt('iG9CE55wbtY'),
    improve: yt('iG9CE55wbtY'),
  },
  results: {
    'two thumbs up': yt('qp0HIF3SfI4'),
    'one thumb up': yt('qp0HIF3SfI4'),
    'two thumbs down': yt('qp0HIF3SfI4'),
  },
};

/** True for the embed URLs the CSP lets the UI frame. */
export function isAllowedVideoUrl(url: string): boolean {
  return /^https:\/\/(www\.youtube\.com\/embed\/|www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)[A-Za-z0-9_-]+([?][^\s"<>]*)?$/.test(
    url,
  );
}

/** What a question's wording depends on: the volume answer and the chosen size tier. */
export interface QuestionContext {
  /** The volume answer (question 2); null while it is unanswered. */
  volume: number | null;
  sizeTier: SizeTier | null;
}

interface QuestionBase {
  id: QualifierAnswerId;
  /** Short name, used in the email and as the Learn More dialog's title. */
  title: string;
  prompt: (ctx: QuestionContext) => string;
  /** Extra guidance shown under the prompt. */
  hint?: string;
}

export interface KeywordQuestion extends QuestionBase {
  id: 'keyword';
  kind: 'text';
}
export interface VolumeQuestion extends QuestionBase {
  id: 'volume';
  kind: 'volume';
}
export interface YesNoQuestion extends QuestionBase {
  id: YesNoId;
  kind: 'yes-no';
  feedback: { yes: string; no: string };
}
export type QualifierQuestion = KeywordQuestion | VolumeQuestion | YesNoQuestion;

const money = (n: number) => `$${n}`;

function priceGuidance(tier: SizeTier | null): string {
  if (tier) return `${money(PRICE_THRESHOLDS[tier])} or more (${tier})`;
  return SIZE_TIERS.map((t) => `${money(PRICE_THRESHOLDS[t])} for ${t}`).join(', ');
}

/** The questions in order: the keyword (required, unscored), the volume slider, then 9 Yes/No. */
export const QUALIFIER_QUESTIONS: readonly QualifierQuestion[] = [
  {
    id: 'keyword',
    kind: 'text',
    title: 'Main keyword',
    prompt: () => 'What is the main keyword a shopper would type to find your product?',
    hint: 'For example: garlic press. This question is required.',
  },
  {
    id: 'volume',
    kind: 'volume',
    title: 'Search volume',
    prompt: () => 'How many times a month is your main keyword searched on Amazon?',
    hint: 'Use your keyword research tool. Between 4,000 and 25,000 is the sweet spot.',
  },
  {
    id: 'searches',
    kind: 'yes-no',
    title: 'Related searches',
    // Worded for both moments: before question 2 is answered there is no volume to take a share of.
    prompt: ({ volume }) =>
      volume === null
        ? "Do at least 3 related keywords each get a good share of your main keyword's monthly searches? Answer question 2 first: the bar is 50% of that volume below 4,000 searches, 15% from 4,000 to 10,000 and 10% above."
        : `Do at least 3 related keywords each get ${searchThreshold(volume).toLocaleString('en-US')} or more searches a month (${searchPct(volume)}% of the ${volume.toLocaleString('en-US')} monthly searches of your main keyword)?`,
    feedback: {
      yes: 'Good: shoppers look for this product in several ways, so you can rank for more than one keyword.',
      no: 'Demand rests on a single keyword. Look for a product with more related searches.',
    },
  },
  {
    id: 'sellers',
    kind: 'yes-no',
    title: 'Beatable sellers',
    prompt: () => 'Are there at least 3 sellers on page one with fewer than 400 reviews?',
    feedback: {
      yes: 'Good: newer listings are ranking on page one, so a launch can reach it too.',
      no: 'Page one is held by heavily reviewed listings. Expect a long, costly climb.',
    },
  },
  {
    id: 'units',
    kind: 'yes-no',
    title: 'Units sold',
    prompt: () => 'Do the top 10 listings sell at least 300 units a month each on average?',
    feedback: {
      yes: 'Good: there are enough sales to share with a new seller.',
      no: 'Sales are thin. A new listing may not sell enough units to be worth it.',
    },
  },
  {
    id: 'competitors',
    kind: 'yes-no',
    title: 'Competition',
    prompt: () => 'Are fewer than half of the page-one listings big brands or Amazon itself?',
    feedback: {
      yes: 'Good: the market is not dominated by big brands.',
      no: 'Big brands dominate this market. Shoppers tend to pick the names they know.',
    },
  },
  {
    id: 'alibaba',
    kind: 'yes-no',
    title: 'Sourcing',
    prompt: () =>
      'Can you source it (for example on Alibaba) for no more than 25% of the selling price, shipping included?',
    feedback: {
      yes: 'Good: your landed cost leaves room for Amazon fees, ads and profit.',
      no: 'Your landed cost is high for this price. Negotiate with suppliers or find a cheaper design.',
    },
  },
  {
    id: 'standard',
    kind: 'yes-no',
    title: 'Standard size',
    prompt: () => 'Does the product fit a standard size tier (small standard or large standard)?',
    hint: 'Choose the size tier below to see the price to aim for in the next question.',
    feedback: {
      yes: 'Good: standard-size products have lower FBA and storage fees.',
      no: 'Oversize products cost more to ship and store, and need a higher price to stay profitable.',
    },
  },
  {
    id: 'average-points',
    kind: 'yes-no',
    title: 'Average price',
    prompt: ({ sizeTier }) =>
      `Is the average price of the top 10 listings at least the threshold for its size tier: ${priceGuidance(sizeTier)}?`,
    feedback: {
      yes: 'Good: the price covers the fees of its size tier with room for profit.',
      no: 'The price is low for its size tier; fees will eat most of the margin.',
    },
  },
  {
    id: 'estimated-profit',
    kind: 'yes-no',
    title: 'Estimated profit',
    prompt: () => 'Is your estimated profit $5 or more per unit? (Check it with the Power Profit Tool.)',
    feedback: {
      yes: 'Good: $5 or more per unit leaves room for advertising and surprises.',
      no: 'Less than $5 per unit is a thin margin. Raise the price or cut costs first.',
    },
  },
  {
    id: 'improve',
    kind: 'yes-no',
    title: 'Improvement',
    prompt: () =>
      "Can you improve on the competitors' products, for example by fixing what their bad reviews complain about?",
    feedback: {
      yes: 'Good: a better product gives shoppers a reason to choose yours.',
      no: 'Without a clear improvement you compete on price alone.',
    },
  },
];

/** The written guidance of each 'Learn More' dialog, shown with (or without) its video. */
export const LEARN_MORE: Readonly<Record<Exclude<QualifierAnswerId, 'keyword'>, string>> = {
  volume:
    'Search volume is how often shoppers type your main keyword each month. Too little means too few buyers; too much means big competitors and a bigger ad budget.',
  searches:
    'Related keywords spread your demand. The bar scales with your volume: 50% of it below 4,000 searches, 15% from 4,000 to 10,000, 10% above.',
  sellers: 'Count the page-one listings with fewer than 400 reviews. Three or more show that new listings can rank.',
  units: 'Estimate monthly units for the top 10 listings with your research tool and average them.',
  competitors: 'Note which page-one listings are household brands or sold by Amazon. Shoppers trust names they know.',
  alibaba: 'Ask three or more suppliers for quotes and add freight and customs to get your landed cost per unit.',
  standard: 'Amazon sorts products by size and weight into tiers. Standard tiers have the lowest fulfilment fees.',
  'average-points':
    'Average the prices of the top 10 listings and compare them with the price to aim for in your size tier.',
  'estimated-profit':
    'Enter your costs in the Power Profit Tool: the estimated profit per unit is after Amazon fees and additional fees.',
  improve:
    'Read the 1 to 3 star reviews of your competitors. Every repeated complaint is a chance to make a better product.',
};

export function questionById(id: QualifierAnswerId): QualifierQuestion {
  return QUALIFIER_QUESTIONS.find((q) => q.id === id)!;
}

/** Feedback of the volume slider: its scoring band (docs/areas/seller-tools.md#qualifier-scoring), spelled out. */
export function volumeFeedbackText(volume: number): string {
  const band = volumeFeedback(volume);
  if (band === 'not recommended')
    return 'Below 4,000 searches a month: not recommended. There may not be enough demand.';
  if (band === 'sweet spot') return 'Sweet spot: enough demand without a market too big to compete in.';
  return '25,000 or more searches a month: may require a higher budget to compete.';
}

/**
 * The feedback for one answer: the volume band for `volume`, the Yes or No text for the Yes/No
 * questions (none while unanswered), nothing for the keyword.
 */
export function answerFeedback(id: QualifierAnswerId, answer: unknown): string {
  const q = questionById(id);
  if (q.kind === 'text') return '';
  if (q.kind === 'volume') {
    const v = typeof answer === 'number' ? answer : Number(answer);
    return volumeFeedbackText(Number.isFinite(v) ? v : 0);
  }
  if (typeof answer !== 'string' || answer.trim() === '') return '';
  return answer.trim().toLowerCase() === 'yes' ? q.feedback.yes : q.feedback.no;
}

export interface ResultBand {
  result: QualifierResult;
  heading: string;
  message: string;
}

export const RESULT_BANDS: Readonly<Record<QualifierResult, ResultBand>> = {
  'two thumbs up': {
    result: 'two thumbs up',
    heading: 'Two thumbs up!',
    message: 'This product qualifies. Run the numbers in the Power Profit Tool and start talking to suppliers.',
  },
  'one thumb up': {
    result: 'one thumb up',
    heading: 'One thumb up',
    message: 'This product could work. Look at the questions you answered No and see whether you can fix them.',
  },
  'two thumbs down': {
    result: 'two thumbs down',
    heading: 'Two thumbs down',
    message: 'This product does not qualify yet. Keep researching: the right product is worth the wait.',
  },
};

/** The email's opening line: 7 or more is a success (docs/areas/seller-tools.md#limits). */
export function sendMessage(success: boolean): string {
  return success
    ? 'Congratulations! Your product passed the Product Qualifier.'
    : 'Your product did not pass the Product Qualifier this time.';
}

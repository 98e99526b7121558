/**
 * Product Qualifier scoring (docs/areas/seller-tools.md#qualifier-scoring, docs/areas/seller-tools.md#data, docs/areas/seller-tools.md#limits).
 *
 * Answers are passed as an ARRAY of `{ id, answer }` objects, the shape docs/areas/seller-tools.md#data gives for
 * stored qualifier answers (`question` and `feedback` may ride along and are ignored).
 * Unknown ids are ignored; when an id appears more than once the last entry wins.
 */
import { toFiniteNumber } from './round';

export const QUALIFIER_ANSWER_IDS = [
  'keyword',
  'volume',
  'searches',
  'sellers',
  'units',
  'competitors',
  'alibaba',
  'standard',
  'average-points',
  'estimated-profit',
  'improve',
] as const;
export type QualifierAnswerId = (typeof QUALIFIER_ANSWER_IDS)[number];

/** The 9 Yes/No questions, one point each for 'Yes'. `keyword` (Q1) is required but unscored. */
export const YES_NO_IDS = [
  'searches',
  'sellers',
  'units',
  'competitors',
  'alibaba',
  'standard',
  'average-points',
  'estimated-profit',
  'improve',
] as const satisfies readonly QualifierAnswerId[];
export type YesNoId = (typeof YES_NO_IDS)[number];

export interface QualifierAnswer {
  id: QualifierAnswerId | (string & {});
  /** 'Yes'/'No' for Yes/No ids, the slider value for `volume`, text for `keyword`. */
  answer?: string | number | null;
  question?: string;
  feedback?: string;
}
export type QualifierAnswers = readonly QualifierAnswer[];

export const QUALIFIER_MIN_SCORE = 0;
export const QUALIFIER_MAX_SCORE = 10;
export const SEND_SUCCESS_MIN_SCORE = 7;

export const VOLUME_MIN = 0;
export const VOLUME_MAX = 50000;
/** The volume point is given strictly between these (docs/areas/seller-tools.md#qualifier-scoring ambiguity 1). */
export const VOLUME_POINT_ABOVE = 4000;
export const VOLUME_POINT_BELOW = 20000;
/** Feedback bands: below 4000 not recommended, 4000 to below 25000 sweet spot. */
export const VOLUME_SWEET_SPOT_FROM = 4000;
export const VOLUME_HIGHER_BUDGET_FROM = 25000;

export type QualifierResult = 'two thumbs down' | 'one thumb up' | 'two thumbs up';
export type VolumeFeedback = 'not recommended' | 'sweet spot' | 'may require a higher budget';

export const SIZE_TIERS = ['small standard', 'large standard', 'large and bulky'] as const;
export type SizeTier = (typeof SIZE_TIERS)[number];
/** Average-price threshold ($) per size tier; "meets" means avgPrice >= threshold. */
export const PRICE_THRESHOLDS: Readonly<Record<SizeTier, number>> = {
  'small standard': 20,
  'large standard': 25,
  'large and bulky': 45,
};

export function priceThreshold(tier: SizeTier): number {
  return PRICE_THRESHOLDS[tier];
}

export function meetsPriceThreshold(averagePrice: number, tier: SizeTier): boolean {
  return Number.isFinite(averagePrice) && averagePrice >= PRICE_THRESHOLDS[tier];
}

/** 'yes' in any case with surrounding spaces; anything else (including unanswered) is no. */
export function isYes(answer: unknown): boolean {
  return typeof answer === 'string' && answer.trim().toLowerCase() === 'yes';
}

/** Clamps a volume number to [0, 50000]; NaN/Infinity-free (non-finite gives 0). */
export function clampVolume(v: number): number {
  const x = toFiniteNumber(v);
  return Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, x));
}

/** Parses a volume answer (number or numeric string); non-numeric gives 0; clamped to [0, 50000]. */
export function parseVolume(answer: unknown): number {
  return clampVolume(toFiniteNumber(answer, 0));
}

/** 1 when 4000 < v < 20000 (strict at both ends), else 0. */
export function volumePoint(v: number): 0 | 1 {
  return v > VOLUME_POINT_ABOVE && v < VOLUME_POINT_BELOW ? 1 : 0;
}

export function volumeFeedback(v: number): VolumeFeedback {
  const x = toFiniteNumber(v);
  if (x < VOLUME_SWEET_SPOT_FROM) return 'not recommended';
  if (x < VOLUME_HIGHER_BUDGET_FROM) return 'sweet spot';
  return 'may require a higher budget';
}

/** Q3 search threshold percent: below 4000: 50; 4000..10000 inclusive: 15; above: 10. */
export function searchPct(v: number): 50 | 15 | 10 {
  const x = toFiniteNumber(v);
  if (x < 4000) return 50;
  if (x <= 10000) return 15;
  return 10;
}

/** The monthly searches shown in the Q3 prompt: Math.round(v * searchPct(v) / 100). */
export function searchThreshold(v: number): number {
  const x = toFiniteNumber(v);
  return Math.round((x * searchPct(x)) / 100);
}

/** The answers keyed by id (last entry wins; unknown ids dropped). */
export function answersById(answers: QualifierAnswers): Partial<Record<QualifierAnswerId, QualifierAnswer['answer']>> {
  const known = new Set<string>(QUALIFIER_ANSWER_IDS);
  const out: Partial<Record<QualifierAnswerId, QualifierAnswer['answer']>> = {};
  for (const entry of answers) {
    if (entry && known.has(entry.id)) out[entry.id as QualifierAnswerId] = entry.answer;
  }
  return out;
}

/** score = volumePoint(parseVolume(volume)) + number of Yes among the 9 Yes/No ids; 0..10. */
export function scoreAnswers(answers: QualifierAnswers): number {
  const byId = answersById(answers);
  let score = volumePoint(parseVolume(byId.volume));
  for (const id of YES_NO_IDS) if (isYes(byId[id])) score += 1;
  return score;
}

/** 8 or more: two thumbs up; 7: one thumb up; 6 or less: two thumbs down. */
export function resultFor(score: number): QualifierResult {
  if (score >= 8) return 'two thumbs up';
  if (score >= 7) return 'one thumb up';
  return 'two thumbs down';
}

/** The send message and results video treat 7 or more as success. */
export function sendSuccess(score: number): boolean {
  return score >= SEND_SUCCESS_MIN_SCORE;
}

export interface QualifierEvaluation {
  score: number;
  result: QualifierResult;
  success: boolean;
}

/** Score, result band and success flag in one call (the server recomputes these on save/send). */
export function evaluateQualifier(answers: QualifierAnswers): QualifierEvaluation {
  const score = scoreAnswers(answers);
  return { score, result: resultFor(score), success: sendSuccess(score) };
}

import type { QualifierAnswerId, QualifierResult, SizeTier } from '../calc/qualifier';
import type { Product } from './products';

export type { QualifierAnswerId, QualifierResult, SizeTier };

/** docs/areas/seller-tools.md#data qualifier answer as the API sends it (question and feedback from the server's content). */
export interface QualifierAnswerItem {
  id: QualifierAnswerId;
  question: string;
  /** The keyword text, the volume number, or 'Yes' / 'No'; null while unanswered. */
  answer: string | number | null;
  feedback: string;
}

/** A member's saved qualifier progress: answers plus the score and result the server computed. */
export interface QualifierProgress {
  answers: QualifierAnswerItem[];
  sizeTier: SizeTier | null;
  score: number;
  result: QualifierResult;
  /** Whether 'Rate My Product' was pressed for these answers (the results area shows). */
  rated: boolean;
  updatedAt: string;
  /** What 'Start this product' made for this keyword; null until then (or after the keyword changed). */
  launch: QualifierLaunch | null;
}

/** The links a started product keeps: each null once the member deleted that product or card. */
export interface QualifierLaunch {
  /** The keyword the product was started for. */
  keyword: string;
  productId: number | null;
  /** The "Launch: <title>" card on the member's Move the Needle board (none without a board). */
  cardId: number | null;
}

/**
 * POST /api/product-qualifier/start: the product's title (default: the keyword) and the numbers the
 * qualifier cannot know. Blank amounts are 0; the retail price defaults to the size tier's threshold.
 */
export interface QualifierStartBody {
  title?: string;
  units: number | string;
  costPerUnit?: number | string | null;
  shippingCost?: number | string | null;
  amazonFees?: number | string | null;
  amazonRetail?: number | string | null;
}

export interface QualifierStartResponse {
  progress: QualifierProgress;
  product: Product;
  cardId: number | null;
  message: string;
}

export interface QualifierAnswerInput {
  id: string;
  answer?: string | number | null;
  question?: string;
  feedback?: string;
}

/** POST /api/product-qualifier/save. `score` is ignored: the server recomputes it. */
export interface QualifierSaveBody {
  score?: number;
  answers: QualifierAnswerInput[];
  sizeTier?: SizeTier | null;
  rated?: boolean;
}

/** POST /api/product-qualifier/send. `score` and `result` are ignored: the server recomputes them. */
export interface QualifierSendBody {
  score?: number;
  result?: string;
  answers: QualifierAnswerInput[];
  sizeTier?: SizeTier | null;
  email: string;
  keywords: string;
}

export interface QualifierProgressResponse {
  progress: QualifierProgress | null;
}

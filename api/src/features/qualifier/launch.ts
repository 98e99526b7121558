import type { Knex } from 'knex';
import { ADDITIONAL_FEES_DEFAULT, evaluateQualifier, PRICE_THRESHOLDS, type SizeTier } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { canStartProduct } from '@shared/policies';
import type { QualifierStartInput } from '@shared/schemas';
import type { QualifierAnswerItem, QualifierProgress } from '@shared/types';
import { createLaunchCard } from '../board';
import { conflict } from '../../core/errors';
import { insertProduct, productColumns, type ProductRow } from '../products';
import { QualifierProgress as QualifierProgressModel } from '../../models';
import { keywordOf, presentProgress, type ProgressRow } from './service';

export interface StartProductCommand {
  userId: number;
  input: QualifierStartInput;
  /** Whether the member gets a launch card (shared policy canHaveLaunchCard). */
  withCard: boolean;
}

export interface StartedProduct {
  progress: QualifierProgress;
  product: ProductRow;
  cardId: number | null;
}

/** What the product's description says it came from: the score, band and known numbers. */
function qualifierNote(answers: readonly QualifierAnswerItem[], sizeTier: SizeTier | null): string {
  const { score, result } = evaluateQualifier(answers);
  const volume = answers.find((a) => a.id === 'volume')?.answer;
  const parts = [`Product Qualifier: ${score}/10, ${result}`];
  if (typeof volume === 'number') parts.push(`${volume.toLocaleString('en-US')} searches a month`);
  if (sizeTier) parts.push(sizeTier);
  return `${parts.join(', ')}.`;
}

/**
 * 'Start this product' (docs/areas/seller-tools.md#from-qualifier-to-launch), in the caller's transaction: the member's rated result is read under a
 * row lock and re-scored (one or two thumbs up only); the product is created with the keyword as its
 * title and what the qualifier knows (the size tier's guide price, the score in the description);
 * for members with a board, a "Launch: <title>" card with the launch steps goes to NOT STARTED;
 * the result keeps links to both. 409 when not rated, not qualified, or already started for this
 * keyword; any failure (the product cap, the board) leaves nothing behind.
 */
export async function startProduct(trx: Knex.Transaction, cmd: StartProductCommand): Promise<StartedProduct> {
  const row = await trx('qualifier_progress')
    .where({ user_id: cmd.userId })
    .forUpdate()
    .first<ProgressRow | undefined>([...QualifierProgressModel.columns]);
  const progress = row ? presentProgress(row) : null;
  const keyword = progress ? keywordOf(progress.answers) : null;
  if (!progress || !progress.rated || !keyword) throw conflict(MESSAGES.qualifierNotRated);
  const { result } = evaluateQualifier(progress.answers);
  if (!canStartProduct(result)) throw conflict(MESSAGES.qualifierNotQualified);
  if (progress.launch && progress.launch.productId !== null) throw conflict(MESSAGES.qualifierAlreadyStarted);

  const { input } = cmd;
  const title = input.title ?? keyword;
  const guidePrice = progress.sizeTier ? PRICE_THRESHOLDS[progress.sizeTier] : 0;
  const values = productColumns(
    {
      title,
      description: qualifierNote(progress.answers, progress.sizeTier),
      units: input.units,
      costPerUnit: input.costPerUnit ?? 0,
      shippingCost: input.shippingCost ?? 0,
      amazonFees: input.amazonFees ?? 0,
      amazonRetail: input.amazonRetail ?? guidePrice,
    },
    ADDITIONAL_FEES_DEFAULT,
    'percentage',
  );
  const product = await insertProduct(trx, cmd.userId, values);
  const cardId = cmd.withCard ? await createLaunchCard(trx, cmd.userId, title) : null;
  const [updated] = await trx('qualifier_progress')
    .where({ user_id: cmd.userId })
    .update({ launch_keyword: keyword, launch_product_id: product.id, launch_card_id: cardId })
    .returning<ProgressRow[]>([...QualifierProgressModel.columns]);
  return { progress: presentProgress(updated!), product, cardId };
}

import type { FeeRates, Marketplace } from '@shared/calc';
import type { FeeRateCard, FeeRateCardRef } from '@shared/types';
import type { ModelObject } from 'objection';
import { iso } from '../../core/dates';
import type { FeeRateCard as FeeRateCardModel } from '../../models';

/** A `fee_rate_cards` row as the service reads it (`effective_from` as YYYY-MM-DD text). */
export type FeeRateCardRow = ModelObject<FeeRateCardModel>;

export function presentRateCard(row: FeeRateCardRow): FeeRateCard {
  return {
    id: row.id,
    marketplace: row.marketplace as Marketplace,
    name: row.name,
    effectiveFrom: row.effective_from,
    source: row.source,
    rates: row.rates as FeeRates,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function rateCardRef(row: FeeRateCardRow): FeeRateCardRef {
  return { id: row.id, name: row.name, effectiveFrom: row.effective_from, source: row.source };
}

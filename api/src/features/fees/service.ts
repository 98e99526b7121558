import type { Knex } from 'knex';
import { NO_VAT, type Marketplace, type VatRates } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import type { RateCardUpsertInput } from '@shared/schemas';
import { audit } from '../../core/audit';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { FeeRateCard } from '../../models';
import type { FeeRateCardRow } from './presenter';

type Db = Knex | Knex.Transaction;

/** The card's columns, its date as YYYY-MM-DD text (a `date` would come back as a local-time Date). */
function columns(db: Db) {
  return FeeRateCard.columns.map((c) =>
    c === 'effective_from' ? db.raw(`to_char(effective_from, 'YYYY-MM-DD') as effective_from`) : c,
  );
}

/** The card in force on `date` (YYYY-MM-DD) for a marketplace: its latest from on or before that day. */
export async function rateCardInForce(
  db: Db,
  marketplace: Marketplace,
  date: string,
): Promise<FeeRateCardRow | undefined> {
  return FeeRateCard.query(db)
    .select(columns(db))
    .where({ marketplace })
    .where('effective_from', '<=', date)
    .orderBy('effective_from', 'desc')
    .first()
    .castTo<FeeRateCardRow | undefined>();
}

/**
 * The VAT % of each marketplace's card in force on `date` (YYYY-MM-DD): what a product's price
 * includes (docs/areas/seller-tools.md, "Marketplaces"). A marketplace without a card: 0.
 */
export async function vatRatesInForce(db: Db, date: string): Promise<VatRates> {
  const result = await db.raw<{ rows: Array<{ marketplace: Marketplace; vat_rate: string | number | null }> }>(
    `select distinct on (marketplace) marketplace, rates->>'vatRate' as vat_rate
       from fee_rate_cards where effective_from <= ?
      order by marketplace, effective_from desc`,
    [date],
  );
  const out: Record<Marketplace, number> = { ...NO_VAT };
  for (const row of result.rows) {
    const rate = Number(row.vat_rate ?? 0);
    if (row.marketplace in out && Number.isFinite(rate)) out[row.marketplace] = rate;
  }
  return out;
}

/** Every card, by marketplace, newest first. */
export async function listRateCards(db: Db): Promise<FeeRateCardRow[]> {
  return FeeRateCard.query(db)
    .select(columns(db))
    .orderBy([
      { column: 'marketplace', order: 'asc' },
      { column: 'effective_from', order: 'desc' },
    ])
    .castTo<FeeRateCardRow[]>();
}

/** Which card of each marketplace is in force on `date`. */
export function inForceOn(rows: FeeRateCardRow[], date: string): Partial<Record<Marketplace, number>> {
  const out: Partial<Record<Marketplace, number>> = {};
  for (const row of rows) {
    const m = row.marketplace as Marketplace;
    // Rows come newest first per marketplace: the first on or before the date is the one.
    if (out[m] === undefined && row.effective_from <= date) out[m] = row.id;
  }
  return out;
}

/**
 * Adds a card, or changes card `input.id` (404 when there is none), and writes the audit entry in
 * the same transaction. A second card of a marketplace for the same first day is a 409.
 */
export async function saveRateCard(
  trx: Knex.Transaction,
  cmd: { actorId: number; ip: string; input: RateCardUpsertInput },
): Promise<{ row: FeeRateCardRow; isNew: boolean }> {
  const { input } = cmd;
  const values = {
    marketplace: input.marketplace,
    name: input.name,
    effective_from: input.effectiveFrom,
    source: input.source,
    rates: JSON.stringify(input.rates),
  };
  let id: number;
  try {
    if (input.id) {
      const updated = await trx('fee_rate_cards')
        .where({ id: input.id })
        .update({ ...values, updated_by: cmd.actorId, updated_at: trx.fn.now() })
        .returning<Array<{ id: number }>>('id');
      if (updated.length === 0) throw notFound(MESSAGES.feeRateCardNotFound);
      id = updated[0]!.id;
    } else {
      const [inserted] = await trx('fee_rate_cards')
        .insert({ ...values, created_by: cmd.actorId, updated_by: cmd.actorId })
        .returning<Array<{ id: number }>>('id');
      id = inserted!.id;
    }
  } catch (err) {
    if (isUniqueViolation(err, 'fee_rate_cards_marketplace_date_unique')) {
      throw conflict(MESSAGES.feeRateCardTaken, { effectiveFrom: MESSAGES.feeRateCardTaken });
    }
    throw err;
  }
  await audit(trx, {
    actorId: cmd.actorId,
    action: input.id ? 'fee-rate-card.update' : 'fee-rate-card.create',
    details: { id, marketplace: input.marketplace, effectiveFrom: input.effectiveFrom, name: input.name },
    ip: cmd.ip,
  });
  const row = await FeeRateCard.query(trx).select(columns(trx)).findById(id).castTo<FeeRateCardRow>();
  return { row, isNew: !input.id };
}

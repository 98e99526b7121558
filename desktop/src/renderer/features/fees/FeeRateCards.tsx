import { useRef, useState } from 'react';
import { ValidationError } from 'yup';
import { MARKETPLACE_CURRENCY, MARKETPLACES, type Marketplace } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { rateCardUpsertSchema, todayUtc, type RateCardUpsertInput } from '@shared/schemas';
import type { FeeRateCard } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { SelectField, TextArea } from '../../components/FormFields';
import { Loading } from '../../components/Spinner';
import { Table, TBody, Td, Th, THead } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { useNarrow } from '../../lib/useNarrow';
import { useGetRateCardsQuery, useUpsertRateCardMutation } from './feesApi';

type Status = 'in force' | 'upcoming' | 'past';

function statusOf(card: FeeRateCard, inForce: Partial<Record<Marketplace, number>>): Status {
  if (inForce[card.marketplace] === card.id) return 'in force';
  return card.effectiveFrom > todayUtc() ? 'upcoming' : 'past';
}

const STATUS_CLASSES: Record<Status, string> = {
  'in force': 'bg-green-100 text-green-900',
  upcoming: 'bg-blue-100 text-blue-900',
  past: 'bg-gray-100 text-gray-700',
};

interface Draft {
  id?: number;
  marketplace: Marketplace;
  name: string;
  effectiveFrom: string;
  source: string;
  rates: string;
}

/**
 * Fee rate cards (admins): every card per marketplace with the one in force today; Add a card
 * starts from a copy of the card in force (an admin changes the figures that changed), Edit
 * changes one. The figures are the card's JSON, checked with the shared schema before it is sent
 * and by the API again (docs/areas/seller-tools.md, "Rate cards").
 */
export function FeeRateCards() {
  const { data, error, isLoading, refetch } = useGetRateCardsQuery();
  const [draft, setDraft] = useState<Draft | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // Below 768 px the cards are a list (a six-column table does not fit a phone).
  const narrow = useNarrow(boxRef, 768);
  const edit = (card: FeeRateCard) =>
    setDraft({
      id: card.id,
      marketplace: card.marketplace,
      name: card.name,
      effectiveFrom: card.effectiveFrom,
      source: card.source,
      rates: JSON.stringify(card.rates, null, 2),
    });
  const editButton = (card: FeeRateCard) => (
    <Button size="sm" variant="secondary" aria-label={`Edit ${card.name}`} onClick={() => edit(card)}>
      Edit
    </Button>
  );
  const badge = (card: FeeRateCard) => {
    const status = statusOf(card, data?.inForce ?? {});
    return (
      <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_CLASSES[status]}`}>
        {status}
      </span>
    );
  };

  const startNew = () => {
    const base = data?.rateCards.find((c) => c.id === data.inForce.US) ?? data?.rateCards[0];
    setDraft({
      marketplace: base?.marketplace ?? 'US',
      name: '',
      effectiveFrom: '',
      source: '',
      rates: base ? JSON.stringify(base.rates, null, 2) : '',
    });
  };

  return (
    <div ref={boxRef}>
      <PageHeader
        title={MESSAGES.feeRateCardsTitle}
        description={MESSAGES.feeRateCardsIntro}
        actions={
          <Button onClick={startNew} disabled={!data}>
            Add a card
          </Button>
        }
      />
      {isLoading ? (
        <Loading label="Loading the rate cards…" />
      ) : !data ? (
        <LoadError onRetry={() => void refetch()}>{toApiError(error).message || MESSAGES.feeRateCardsError}</LoadError>
      ) : data.rateCards.length === 0 ? (
        <EmptyState title={MESSAGES.feeRateCardsEmpty} />
      ) : narrow ? (
        <ul className="space-y-3" aria-label="Fee rate cards">
          {data.rateCards.map((card) => (
            <li key={card.id} className="rounded-lg border border-gray-200 bg-white p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere] text-gray-900">
                    {card.marketplace} · {card.name}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-600">
                    In force from <span className="tabular-nums">{card.effectiveFrom}</span> {badge(card)}
                  </p>
                </div>
                {editButton(card)}
              </div>
              <p className="mt-2 text-xs [overflow-wrap:anywhere] text-gray-600">{card.source}</p>
            </li>
          ))}
        </ul>
      ) : (
        <Table caption="Fee rate cards" focusable>
          <THead>
            <Th>Marketplace</Th>
            <Th>Name</Th>
            <Th>In force from</Th>
            <Th>Status</Th>
            <Th>Source</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </THead>
          <TBody>
            {data.rateCards.map((card) => (
              <tr key={card.id}>
                <Td className="font-medium text-gray-900">{card.marketplace}</Td>
                <Td className="[overflow-wrap:anywhere]">{card.name}</Td>
                <Td className="whitespace-nowrap tabular-nums">{card.effectiveFrom}</Td>
                <Td>{badge(card)}</Td>
                <Td className="max-w-md text-xs [overflow-wrap:anywhere]">{card.source}</Td>
                <Td>{editButton(card)}</Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}
      {draft && <RateCardDialog draft={draft} onClose={() => setDraft(null)} />}
    </div>
  );
}

function RateCardDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const [values, setValues] = useState<Draft>(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { isLoading }] = useUpsertRateCardMutation();
  const formId = 'fee-rate-card-form';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let rates: unknown;
    try {
      rates = JSON.parse(values.rates);
    } catch (err) {
      setErrors({ rates: `The rates are not valid JSON: ${(err as Error).message}` });
      return;
    }
    let input: RateCardUpsertInput;
    try {
      input = await rateCardUpsertSchema.validate({ ...values, rates }, { abortEarly: false, stripUnknown: true });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const out: Record<string, string> = {};
      for (const e of err.inner.length > 0 ? err.inner : [err]) {
        const key = (e.path ?? 'rates').split(/[.[]/)[0]!;
        if (!out[key]) out[key] = e.message;
      }
      setErrors(out);
      return;
    }
    setErrors({});
    try {
      await save(input).unwrap();
      onClose();
    } catch (err) {
      setErrors(toApiError(err).fields);
    }
  };

  const set =
    (key: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues({ ...values, [key]: e.target.value });

  return (
    <Dialog
      open
      size="lg"
      title={draft.id ? `Edit rate card: ${draft.name}` : 'Add a rate card'}
      description="Fees are in the marketplace’s currency, weights in pounds, sides in inches."
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isLoading}>
            Save card
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label="Marketplace"
            value={values.marketplace}
            onChange={set('marketplace')}
            error={errors.marketplace}
          >
            {MARKETPLACES.map((m) => (
              <option key={m} value={m}>
                {m} ({MARKETPLACE_CURRENCY[m]})
              </option>
            ))}
          </SelectField>
          <TextField
            label="In force from"
            type="date"
            value={values.effectiveFrom}
            onChange={set('effectiveFrom')}
            error={errors.effectiveFrom}
          />
        </div>
        <TextField label="Name" value={values.name} onChange={set('name')} error={errors.name} data-autofocus />
        <TextArea label="Source" rows={2} value={values.source} onChange={set('source')} error={errors.source} />
        <TextArea
          label="Rates (JSON)"
          rows={14}
          className="font-mono text-xs"
          spellCheck={false}
          value={values.rates}
          onChange={set('rates')}
          error={errors.rates}
          hint="Fulfillment fees per size tier, storage per cubic foot and month, referral categories, VAT and the divisor."
        />
      </form>
    </Dialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ValidationError } from 'yup';
import { PPC_DEFAULTS } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { ppcQuerySchema, reorderQuerySchema } from '@shared/schemas/fees';
import type { Product } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { NumberField } from './NumberField';
import { formatMoney, formatPercent } from './metrics';
import {
  useCreateReorderCardMutation,
  useGetPpcQuery,
  useSaveReorderMutation,
  type ReorderRequest,
} from './productsApi';

/** Field errors of a yup validation, by field. */
function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ValidationError)) return {};
  const out: Record<string, string> = {};
  for (const e of err.inner.length > 0 ? err.inner : [err]) if (e.path && !out[e.path]) out[e.path] = e.message;
  return out;
}

/** A YYYY-MM-DD date as the member reads it: "Sun, May 10, 2026". */
export function readableDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The member's IANA time zone (the browser's), for dates of the reorder plan. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Ad targets (GET /api/product/{id}/ppc): the ACoS the product can afford and the highest bid,
 * at a target margin and a conversion rate the member chooses (10 % and 10 % to start).
 */
export function PpcPanel({ product }: { product: Product }) {
  const id = useId();
  const [form, setForm] = useState({
    targetMargin: String(PPC_DEFAULTS.targetMargin),
    conversionRate: String(PPC_DEFAULTS.conversionRate),
  });
  const [asked, setAsked] = useState<{ targetMargin: number; conversionRate: number }>(PPC_DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { data, error, isFetching, refetch } = useGetPpcQuery({ productId: product.id, ...asked });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const q = await ppcQuerySchema.validate(form, { abortEarly: false });
      setErrors({});
      setAsked({ targetMargin: q.targetMargin, conversionRate: q.conversionRate });
    } catch (err) {
      setErrors(fieldErrors(err));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-gray-200 p-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-gray-900">
        Ad targets (PPC)
      </h3>
      <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
        <NumberField
          label="Target margin after ads"
          className="w-44"
          suffix="%"
          value={form.targetMargin}
          onChange={(e) => setForm({ ...form, targetMargin: e.target.value })}
          error={errors.targetMargin}
        />
        <NumberField
          label="Conversion rate"
          className="w-44"
          suffix="%"
          value={form.conversionRate}
          onChange={(e) => setForm({ ...form, conversionRate: e.target.value })}
          error={errors.conversionRate}
        />
        <Button type="submit" variant="secondary" loading={isFetching}>
          Show targets
        </Button>
      </form>
      <div className="mt-3" aria-live="polite" aria-busy={isFetching}>
        {error && !isFetching ? (
          <Banner kind="error">
            {toApiError(error).message}{' '}
            <button type="button" className="font-medium underline" onClick={() => void refetch()}>
              Try again
            </button>
          </Banner>
        ) : !data ? (
          <p className="flex items-center gap-2 text-sm text-gray-600">
            <Spinner className="h-4 w-4" /> Working out the ad targets…
          </p>
        ) : product.amazonRetail <= 0 ? (
          <p className="text-sm text-gray-600">{MESSAGES.ppcNoPrice}</p>
        ) : (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="ppc-targets">
            <Figure
              label="Break-even ACoS"
              value={formatPercent(data.breakEvenAcos)}
              explain="Ad spend up to this share of sales leaves no profit: your margin before ads."
            />
            <Figure
              label="Target ACoS"
              value={formatPercent(data.targetAcos)}
              explain={
                data.targetAcos > 0
                  ? `Keep ad spend under this share of sales to keep a ${formatPercent(asked.targetMargin)} margin.`
                  : 'No ad spend keeps that margin: lower the target margin or raise the price.'
              }
            />
            <Figure
              label="Max CPC"
              value={formatMoney(data.maxCpc, product.currency)}
              explain={`The highest bid per click at a ${formatPercent(asked.conversionRate)} conversion rate and the target ACoS.`}
            />
          </dl>
        )}
      </div>
    </section>
  );
}

function Figure({ label, value, explain }: { label: string; value: string; explain: string }) {
  return (
    <div className="rounded-lg bg-gray-50 px-3 py-2">
      <dt className="text-xs font-medium text-gray-600">{label}</dt>
      <dd className="text-lg font-semibold text-gray-900 tabular-nums">{value}</dd>
      <dd className="text-xs text-gray-600">{explain}</dd>
    </div>
  );
}

type ReorderForm = Record<'onHand' | 'dailySales' | 'leadTimeDays' | 'coverDays' | 'safetyDays', string>;

/**
 * Start values: the product's last plan when it has one, else its units on hand and a month's
 * projected sales a day.
 */
function startValues(product: Product): ReorderForm {
  const saved = product.reorder?.inputs;
  if (saved) {
    return {
      onHand: String(saved.onHand),
      dailySales: String(saved.dailySales),
      leadTimeDays: String(saved.leadTimeDays),
      coverDays: String(saved.coverDays),
      safetyDays: String(saved.safetyDays),
    };
  }
  const perDay = product.projectedUnits ? Math.round((product.projectedUnits / 30) * 10) / 10 : null;
  return {
    onHand: String(product.units),
    dailySales: perDay === null ? '' : String(perDay),
    leadTimeDays: '30',
    coverDays: '90',
    safetyDays: '0',
  };
}

/**
 * The reorder planner (GET /api/product/{id}/reorder): when to reorder and how many, dated in the
 * member's time zone; "Put it on my board" makes a card "Reorder: <product>" for those with a board.
 */
export function ReorderPanel({ product }: { product: Product }) {
  const id = useId();
  const user = useAppSelector(selectCurrentUser);
  const mayCard = can(user, 'product:reorder-card');
  const [form, setForm] = useState<ReorderForm>(() => startValues(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asked, setAsked] = useState<ReorderRequest | null>(null);
  // Planning keeps the inputs on the product (PUT); until then the product's last plan shows.
  const [plan, saved] = useSaveReorderMutation();
  const data = saved.data?.plan ?? (saved.isUninitialized ? product.reorder?.plan : undefined);
  const plannedOn = saved.data?.inputs.plannedOn ?? product.reorder?.inputs.plannedOn;
  const error = saved.error;
  const isFetching = saved.isLoading;
  const [createCard, card] = useCreateReorderCardMutation();
  // The card is planned from what was asked, or from the product's kept inputs on a return visit.
  const stored = product.reorder?.inputs;
  const cardRequest: ReorderRequest | null =
    asked ??
    (stored && saved.isUninitialized
      ? {
          productId: product.id,
          onHand: stored.onHand,
          dailySales: stored.dailySales,
          leadTimeDays: stored.leadTimeDays,
          coverDays: stored.coverDays,
          safetyDays: stored.safetyDays,
          timeZone: stored.timeZone,
        }
      : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const q = await reorderQuerySchema.validate({ ...form, timeZone: browserTimeZone() }, { abortEarly: false });
      setErrors({});
      const request: ReorderRequest = { productId: product.id, ...q, safetyDays: q.safetyDays ?? 0 };
      setAsked(request);
      card.reset();
      await plan(request);
    } catch (err) {
      setErrors(fieldErrors(err));
    }
  };

  const field = (key: keyof ReorderForm, label: string) => (
    <NumberField
      label={label}
      className="w-full sm:w-36"
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      error={errors[key]}
      min={0}
    />
  );

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-gray-200 p-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-gray-900">
        Reorder planner
      </h3>
      <form
        className="mt-3 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
      >
        {field('onHand', 'Units on hand')}
        {field('dailySales', 'Sold a day')}
        {field('leadTimeDays', 'Lead time (days)')}
        {field('coverDays', 'Cover (days)')}
        {field('safetyDays', 'Safety stock (days)')}
        <Button type="submit" variant="secondary" loading={isFetching} className="col-span-2 sm:col-span-1">
          Plan the reorder
        </Button>
      </form>
      <div className="mt-3" aria-live="polite" aria-busy={isFetching}>
        {isFetching ? (
          <p className="flex items-center gap-2 text-sm text-gray-600">
            <Spinner className="h-4 w-4" /> Planning…
          </p>
        ) : error ? (
          <Banner kind="error">{toApiError(error).message}</Banner>
        ) : !data ? (
          <p className="text-sm text-gray-600">{MESSAGES.reorderEmpty}</p>
        ) : (
          <div className="flex flex-col gap-3" data-testid="reorder-plan">
            {plannedOn && <p className="text-xs text-gray-600">Planned on {readableDate(plannedOn)}.</p>}
            {data.message && <Banner kind={data.reorderOn === null ? 'info' : 'warning'}>{data.message}</Banner>}
            {data.reorderOn !== null && (
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <Figure
                  label="Reorder point"
                  value={`${data.reorderPoint.toLocaleString('en-US')} units`}
                  explain="Stock that lasts the lead time and the safety days: order when you get here."
                />
                <Figure
                  label="Reorder on"
                  value={readableDate(data.reorderOn)}
                  explain={data.daysUntilReorder === 0 ? 'Today.' : `In ${data.daysUntilReorder} days, at this pace.`}
                />
                <Figure
                  label="Quantity"
                  value={`${data.quantity.toLocaleString('en-US')} units`}
                  explain="Enough for the days of cover you chose."
                />
                <Figure
                  label="Stock runs out"
                  value={data.stockoutOn ? readableDate(data.stockoutOn) : '—'}
                  explain="If nothing arrives before then."
                />
              </dl>
            )}
            {data.reorderOn !== null && cardRequest && mayCard && (
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  size="sm"
                  loading={card.isLoading}
                  disabled={card.isSuccess}
                  onClick={() => void createCard(cardRequest)}
                >
                  Put it on my board
                </Button>
                {card.isSuccess && (
                  <p className="text-sm text-gray-700" role="status">
                    Added “{card.data.title}” to NOT STARTED.{' '}
                    <Link to="/move-the-needle" className="font-medium text-brand-700 underline">
                      Open my board
                    </Link>
                  </p>
                )}
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

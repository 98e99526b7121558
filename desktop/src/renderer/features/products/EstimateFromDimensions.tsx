import { useId, useState, type FormEvent } from 'react';
import { ValidationError } from 'yup';
import { formatMoney, LENGTH_UNITS, MARKETPLACES, WEIGHT_UNITS, type Marketplace } from '@shared/calc';
import { feeEstimateQuerySchema } from '@shared/schemas/fees';
import type { FeeEstimateResponse } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/FormFields';
import { toApiError } from '../../lib/apiErrors';
import { useGetFeeCategoriesQuery, useLazyEstimateFeesQuery } from '../fees/feesApi';
import { readableDate } from './PlanningPanels';
import { NumberField } from './NumberField';

type Dimensions = Record<'length' | 'width' | 'height' | 'weight', string> & {
  unit: (typeof LENGTH_UNITS)[number];
  weightUnit: (typeof WEIGHT_UNITS)[number];
  category: string;
  marketplace: Marketplace;
};

const START: Dimensions = {
  length: '',
  width: '',
  height: '',
  weight: '',
  unit: 'in',
  weightUnit: 'lb',
  category: '',
  marketplace: 'US',
};

/**
 * "Estimate from dimensions" in the product form: the sides, weight and category of the product
 * and the price typed in the form go to GET /api/fees/estimate; `onEstimate` fills the FBA,
 * referral and storage fields (the form marks them as estimated). Not a form of its own (it sits
 * inside the product form): Enter in a field estimates, the button too.
 */
export function EstimateFromDimensions({
  price,
  onEstimate,
  marketplace,
  onMarketplaceChange,
}: {
  price: number | null;
  onEstimate: (estimate: FeeEstimateResponse) => void;
  /** The product's marketplace: the estimate's, and changing it here changes the product's. */
  marketplace?: Marketplace;
  onMarketplaceChange?: (marketplace: Marketplace) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [own, setDims] = useState<Dimensions>(START);
  const dims: Dimensions = marketplace ? { ...own, marketplace } : own;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [estimate, { data, error, isFetching }] = useLazyEstimateFeesQuery();
  const categories = useGetFeeCategoriesQuery(dims.marketplace, { skip: !open });

  const run = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      const q = await feeEstimateQuerySchema.validate(
        { ...dims, price: price ?? '', category: dims.category || undefined },
        { abortEarly: false },
      );
      setErrors({});
      const answer = await estimate({
        marketplace: q.marketplace,
        length: q.length,
        width: q.width,
        height: q.height,
        unit: q.unit,
        weight: q.weight,
        weightUnit: q.weightUnit,
        price: q.price,
        category: q.category,
      }).unwrap();
      onEstimate(answer);
    } catch (err) {
      if (err instanceof ValidationError) {
        const out: Record<string, string> = {};
        for (const e of err.inner.length > 0 ? err.inner : [err]) if (e.path && !out[e.path]) out[e.path] = e.message;
        if (out.price) out.price = 'Enter the Amazon retail price above first';
        setErrors(out);
      } else {
        setErrors(toApiError(err).fields);
      }
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    // Enter in a dimension field estimates instead of saving the product.
    if (event.key === 'Enter') {
      event.preventDefault();
      void run();
    }
  };
  const num = (key: 'length' | 'width' | 'height' | 'weight', label: string) => (
    <NumberField
      label={label}
      value={dims[key]}
      min={0}
      onChange={(e) => setDims({ ...dims, [key]: e.target.value })}
      onKeyDown={onKeyDown}
      error={errors[key]}
    />
  );

  return (
    <div className="rounded-lg border border-gray-200">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium text-gray-900 hover:bg-gray-50 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        <span>Estimate from dimensions</span>
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      {open && (
        <div id={`${id}-panel`} className="flex flex-col gap-3 border-t border-gray-200 p-4">
          <p className="text-xs text-gray-600">
            Amazon’s FBA, referral and storage fees from the product’s size, weight, category and the retail price
            above, from the rate card in force today.
          </p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {num('length', 'Length')}
            {num('width', 'Width')}
            {num('height', 'Height')}
            <SelectField
              label="Size unit"
              value={dims.unit}
              onChange={(e) => setDims({ ...dims, unit: e.target.value as Dimensions['unit'] })}
              error={errors.unit}
            >
              <option value="in">inches</option>
              <option value="cm">centimetres</option>
            </SelectField>
            {num('weight', 'Weight')}
            <SelectField
              label="Weight unit"
              value={dims.weightUnit}
              onChange={(e) => setDims({ ...dims, weightUnit: e.target.value as Dimensions['weightUnit'] })}
              error={errors.weightUnit}
            >
              <option value="lb">pounds</option>
              <option value="oz">ounces</option>
              <option value="kg">kilograms</option>
              <option value="g">grams</option>
            </SelectField>
            {marketplace === undefined && (
              <SelectField
                label="Marketplace"
                value={dims.marketplace}
                onChange={(e) => {
                  const next = e.target.value as Marketplace;
                  setDims({ ...dims, marketplace: next, category: '' });
                  onMarketplaceChange?.(next);
                }}
                error={errors.marketplace}
              >
                {MARKETPLACES.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </SelectField>
            )}
            <SelectField
              label="Category"
              value={dims.category}
              onChange={(e) => setDims({ ...dims, category: e.target.value })}
              error={errors.category}
              disabled={!categories.data}
            >
              <option value="">
                {categories.isLoading ? 'Loading…' : categories.data ? 'Default category' : 'No card in force'}
              </option>
              {categories.data?.categories.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.name}
                </option>
              ))}
            </SelectField>
          </div>
          {errors.price && (
            <p className="text-xs text-red-600" role="alert">
              {errors.price}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" variant="secondary" size="sm" loading={isFetching} onClick={() => void run()}>
              Estimate fees
            </Button>
          </div>
          <div aria-live="polite">
            {error && !isFetching && Object.keys(errors).length === 0 && (
              <Banner kind="error">{toApiError(error).message}</Banner>
            )}
            {data && !error && !isFetching && (
              <p className="text-sm text-gray-700" data-testid="fee-estimate">
                {capitalize(data.sizeTier)}, billed at {data.billableWeightLb} lb (dimensional{' '}
                {data.dimensionalWeightLb} lb). Storage October to December:{' '}
                {formatMoney(data.storageFeePerUnitMonth.octDec, data.currency)} a unit a month. From{' '}
                <span className="font-medium">{data.rateCard.name}</span>, in force since{' '}
                {readableDate(data.rateCard.effectiveFrom)}.
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

import { useState } from 'react';
import { round2 } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { useWatch } from 'react-hook-form';
import {
  ADDITIONAL_FEES_DEFAULT,
  MARKETPLACES,
  MARKETPLACE_CURRENCY,
  type Currency,
  type Marketplace,
} from '@shared/calc';
import { can } from '@shared/policies';
import { productFieldsSchema } from '@shared/schemas/products';
import type { FeeEstimateResponse, Product } from '@shared/types';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { TextField, inputClasses } from '../../components/TextField';
import { SelectField } from '../../components/FormFields';
import { useGetFeeCategoriesQuery } from '../fees/feesApi';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { useEntityForm } from '../../lib/useEntityForm';
import { EstimateFromDimensions } from './EstimateFromDimensions';
import { AdditionalFeesControl, effectiveFeesPercent, feesEntryFor, type FeesEntry } from './AdditionalFeesControl';
import { CurrencyProvider } from './currency';
import { MetricsPanel } from './MetricsPanel';
import { NumberField } from './NumberField';
import { formDefaults, previewComputed, typedNumber, type FormStrings } from './form';
import { METRICS } from './metrics';
import { useDeleteProductMutation, useUpsertProductMutation } from './productsApi';

const KEYS = [
  'title',
  'description',
  'units',
  'costPerUnit',
  'shippingCost',
  'amazonFees',
  'amazonRetail',
  'fbaFee',
  'referralFee',
  'storageFee',
] as const;
type Key = (typeof KEYS)[number];
const schema = productFieldsSchema.pick([...KEYS]);

/** The marketplaces as the form names them. */
const MARKETPLACE_NAMES: Readonly<Record<Marketplace, string>> = {
  US: 'US (amazon.com, $)',
  UK: 'UK (amazon.co.uk, £)',
  DE: 'DE (amazon.de, €)',
  CA: 'CA (amazon.ca, C$)',
};

/** The symbol in front of a money field. */
const currencySymbol = (currency: Currency) =>
  currency === 'GBP' ? '£' : currency === 'EUR' ? '€' : currency === 'CAD' ? 'C$' : '$';

/** The Product modal: add a product, or edit its product fields, additional fees, or delete it. */
export function ProductFormDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const user = useAppSelector(selectCurrentUser);
  const canEditFees = can(user, 'product:additional-fees');
  const [upsert] = useUpsertProductMutation();
  const [remove] = useDeleteProductMutation();
  const previous = product?.additionalFees ?? null;
  const [estimated, setEstimated] = useState(product?.feesEstimated ?? false);
  const [marketplace, setMarketplace] = useState<Marketplace>(product?.marketplace ?? 'US');
  // The VAT % of the marketplace's card in force, for the preview (the API computes with the same).
  const card = useGetFeeCategoriesQuery(marketplace);
  const vatRate = card.data?.vatRate ?? (product && product.marketplace === marketplace ? product.vatRate : 0);
  const [fees, setFees] = useState<FeesEntry>(() =>
    feesEntryFor(
      previous ?? ADDITIONAL_FEES_DEFAULT,
      product?.typeAdditionalFees ?? 'percentage',
      product?.amazonRetail ?? 0,
    ),
  );
  const { form, dialog } = useEntityForm<FormStrings<Key>>({
    schema,
    defaultValues: formDefaults(product, KEYS),
    serverFields: KEYS,
    save: (values) =>
      upsert({
        product: {
          ...(product ? { id: product.id } : {}),
          ...values,
          feesEstimated: estimated,
          marketplace,
          ...(canEditFees ? { additionalFees: fees.value } : {}),
        },
        typeAdditionalFees: fees.type,
      }).unwrap(),
    remove: product ? () => remove(product.id).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const formId = dialog.formId;
  const typed = useWatch({ control }) as Partial<FormStrings<Key>>;
  const retail = typedNumber(typed.amazonRetail) ?? 0;
  const role = user?.role ?? 'basic';
  const percent = effectiveFeesPercent(fees, retail, previous, role);
  const preview = previewComputed(product, typed, percent, vatRate);
  const symbol = currencySymbol(MARKETPLACE_CURRENCY[marketplace]);

  const money = (key: Exclude<Key, 'title' | 'description'>, label: string) => (
    <NumberField
      label={label}
      error={errors[key]?.message}
      prefix={key === 'units' ? undefined : symbol}
      {...register(key)}
    />
  );

  /** A fee of the breakdown: marked while it is still the estimate's; editing it drops the mark. */
  const feeField = (key: 'fbaFee' | 'referralFee' | 'storageFee', label: string) => (
    <NumberField
      label={label}
      error={errors[key]?.message}
      prefix={symbol}
      badge={
        estimated ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Estimated</span>
        ) : undefined
      }
      {...register(key, { onChange: () => setEstimated(false) })}
    />
  );

  const applyEstimate = (e: FeeEstimateResponse) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    const storage = e.storageFeePerUnitMonth.janSep;
    setValue('fbaFee', String(e.fulfillmentFee), options);
    setValue('referralFee', String(e.referralFee), options);
    setValue('storageFee', String(storage), options);
    setValue('amazonFees', String(round2(e.fulfillmentFee + e.referralFee + storage)), options);
    setEstimated(true);
  };

  return (
    <EntityFormDialog
      state={dialog}
      title={product ? `Edit product: ${product.title}` : 'Add a Product'}
      size="lg"
      what="product"
      deleteWarning="Delete this product? This cannot be undone."
    >
      <TextField label="Title" autoComplete="off" data-autofocus error={errors.title?.message} {...register('title')} />
      <div>
        <label htmlFor={`${formId}-description`} className="mb-1.5 block text-sm font-medium text-gray-700">
          Description <span className="font-normal text-gray-600">(optional)</span>
        </label>
        <textarea
          id={`${formId}-description`}
          rows={2}
          className={inputClasses(Boolean(errors.description))}
          {...register('description')}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {money('units', 'Units')}
        {money('costPerUnit', 'Cost per unit')}
        {money('shippingCost', 'Shipping cost (whole order)')}
        {money('amazonFees', 'Amazon fees per unit')}
        {money('amazonRetail', vatRate > 0 ? `Amazon retail price (with ${vatRate}% VAT)` : 'Amazon retail price')}
        <SelectField
          label="Marketplace"
          value={marketplace}
          onChange={(e) => setMarketplace(e.target.value as Marketplace)}
        >
          {MARKETPLACES.map((m) => (
            <option key={m} value={m}>
              {MARKETPLACE_NAMES[m]}
            </option>
          ))}
        </SelectField>
      </div>
      {vatRate > 0 && (
        <p className="text-xs text-gray-600">
          Prices in this marketplace include VAT: every figure is computed on the price without its {vatRate}% VAT.
        </p>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-gray-700">Amazon fees per unit, in detail (optional)</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {feeField('fbaFee', 'FBA fee')}
          {feeField('referralFee', 'Referral fee')}
          {feeField('storageFee', 'Storage (a month)')}
        </div>
        {estimated && <p className="text-xs text-amber-900">{MESSAGES.feesEstimated}</p>}
        <EstimateFromDimensions
          price={retail > 0 ? retail : null}
          onEstimate={applyEstimate}
          marketplace={marketplace}
          onMarketplaceChange={setMarketplace}
        />
      </fieldset>
      <AdditionalFeesControl
        entry={fees}
        onChange={setFees}
        retailPrice={retail}
        previous={previous}
        role={role}
        canEdit={canEditFees}
      />
      <CurrencyProvider value={MARKETPLACE_CURRENCY[marketplace]}>
        <MetricsPanel title="Preview" metrics={METRICS.Product} values={preview} />
      </CurrencyProvider>
    </EntityFormDialog>
  );
}

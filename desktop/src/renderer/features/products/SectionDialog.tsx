import { useWatch } from 'react-hook-form';
import { productFieldsSchema } from '@shared/schemas/products';
import type { Product } from '@shared/types';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { useEntityForm } from '../../lib/useEntityForm';
import { MetricsPanel } from './MetricsPanel';
import { NumberField } from './NumberField';
import { formDefaults, previewComputed, type FormStrings, type NumberKey } from './form';
import { METRICS, TIPS, type SectionTab } from './metrics';
import { useUpsertProductMutation } from './productsApi';

interface FieldDef {
  key: NumberKey;
  label: string;
  prefix?: '$';
  suffix?: '%';
  tip?: string;
}

export type PlanningSection = Exclude<SectionTab, 'Product'>;

/** The edit modals of the Promotion, Advertising and Planning tabs (docs/areas/seller-tools.md#screens). */
export const SECTIONS: Record<PlanningSection, { title: string; fields: FieldDef[] }> = {
  Promotion: {
    title: 'Promotion and Advertising planning',
    fields: [
      { key: 'promotionUnitsPerDay', label: 'Promotion units per day' },
      { key: 'promotionPercentage', label: 'Promotion discount', suffix: '%', tip: TIPS.promotionPercentage },
      { key: 'promotionDays', label: 'Promotion days', tip: TIPS.promotionDays },
      { key: 'dailyAdvertisingCost', label: 'Daily advertising cost', prefix: '$', tip: TIPS.dailyAdvertisingCost },
    ],
  },
  Advertising: {
    title: 'Advertising',
    fields: [
      { key: 'spend', label: 'Ad spend', prefix: '$' },
      { key: 'sales', label: 'Ad sales', prefix: '$' },
    ],
  },
  Planning: {
    title: 'Planning',
    fields: [{ key: 'projectedUnits', label: 'Projected units per month' }],
  },
};

/** Edits one section's fields of a product, with a live preview of that section's figures. */
export function SectionDialog({
  section,
  product,
  onClose,
}: {
  section: PlanningSection;
  product: Product;
  onClose: () => void;
}) {
  const { title, fields } = SECTIONS[section];
  const keys = fields.map((f) => f.key);
  const [upsert] = useUpsertProductMutation();
  const { form, dialog } = useEntityForm<FormStrings<NumberKey>>({
    schema: productFieldsSchema.pick(keys),
    defaultValues: formDefaults(product, keys),
    serverFields: keys,
    save: (values) => {
      const changes: Record<string, unknown> = {};
      // Blank optional fields are sent as null so they are cleared.
      for (const key of keys) changes[key] = values[key] ?? null;
      return upsert({ product: { id: product.id, ...changes } }).unwrap();
    },
    onClose,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const typed = useWatch({ control }) as Partial<FormStrings<NumberKey>>;
  const preview = previewComputed(product, typed, product.additionalFees);

  return (
    <EntityFormDialog state={dialog} title={title} description={product.title} size="lg">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {fields.map((f, i) => (
          <NumberField
            key={f.key}
            label={f.label}
            prefix={f.prefix}
            suffix={f.suffix}
            tip={f.tip}
            min={0}
            data-autofocus={i === 0 ? true : undefined}
            error={errors[f.key]?.message}
            {...register(f.key)}
          />
        ))}
      </div>
      <MetricsPanel title="Preview" metrics={METRICS[section]} values={preview} />
    </EntityFormDialog>
  );
}

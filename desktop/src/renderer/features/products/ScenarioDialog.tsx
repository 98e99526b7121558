import { scenarioFormSchema } from '@shared/schemas/products';
import type { ScenarioChangeKey, ScenarioChanges } from '@shared/calc';
import { can } from '@shared/policies';
import type { Product, ProductScenario } from '@shared/types';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { TextField } from '../../components/TextField';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { useEntityForm } from '../../lib/useEntityForm';
import { NumberField } from './NumberField';
import { typedNumber } from './form';
import { changeStrings, formatInput, SCENARIO_FIELDS } from './scenarioFields';
import { useDeleteScenarioMutation, useUpsertScenarioMutation } from './productsApi';

type ScenarioForm = Record<ScenarioChangeKey, string> & { name: string };

/**
 * Adds or edits a named scenario: a blank field keeps the product's value (shown as its
 * placeholder). A basic member cannot change additional fees, as for the product itself.
 */
export function ScenarioDialog({
  product,
  scenario,
  onClose,
}: {
  product: Product;
  scenario: ProductScenario | null;
  onClose: () => void;
}) {
  const user = useAppSelector(selectCurrentUser);
  const canEditFees = can(user, 'product:additional-fees');
  const fields = SCENARIO_FIELDS.filter((f) => f.key !== 'additionalFees' || canEditFees);
  const [upsert] = useUpsertScenarioMutation();
  const [remove] = useDeleteScenarioMutation();
  const { form, dialog } = useEntityForm<ScenarioForm>({
    schema: scenarioFormSchema,
    defaultValues: { name: scenario?.name ?? '', ...changeStrings(scenario?.changes ?? {}) },
    serverFields: ['name', ...fields.map((f) => f.key)],
    save: (values) => {
      const changes: ScenarioChanges = {};
      for (const f of fields) {
        // The resolver hands back numbers for filled fields and leaves blank ones out.
        const v: unknown = values[f.key];
        changes[f.key] = typeof v === 'number' ? v : typedNumber(typeof v === 'string' ? v : undefined);
      }
      return upsert({
        productId: product.id,
        body: { ...(scenario ? { id: scenario.id } : {}), name: values.name, changes },
      }).unwrap();
    },
    remove: scenario ? () => remove({ productId: product.id, id: scenario.id }).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <EntityFormDialog
      state={dialog}
      title={scenario ? `Edit scenario ${scenario.name}` : 'Add a scenario'}
      description={`What if ${product.title} changed? Leave a field blank to keep the product's value.`}
      size="lg"
      what="scenario"
      deleteWarning="The scenario is deleted; the product stays as it is."
    >
      <TextField label="Scenario name" data-autofocus error={errors.name?.message} {...register('name')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {fields.map((f) => (
          <NumberField
            key={f.key}
            label={f.label}
            prefix={f.prefix}
            suffix={f.suffix}
            min={0}
            placeholder={`As product: ${formatInput(f, product[f.key], product.currency)}`}
            error={errors[f.key]?.message}
            {...register(f.key)}
          />
        ))}
      </div>
    </EntityFormDialog>
  );
}

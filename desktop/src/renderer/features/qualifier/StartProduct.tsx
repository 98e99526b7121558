import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PRICE_THRESHOLDS, type SizeTier } from '@shared/calc';
import { launchCardTitle } from '@shared/content/launch';
import { can, canHaveLaunchCard, canStartProduct } from '@shared/policies';
import { MESSAGES } from '@shared/messages';
import { todayUtc } from '@shared/schemas';
import { qualifierStartSchema } from '@shared/schemas/products';
import type { QualifierLaunch, QualifierProgress } from '@shared/types';
import { Button } from '../../components/Button';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { TextField } from '../../components/TextField';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { useEntityForm } from '../../lib/useEntityForm';
import { NumberField } from '../products/NumberField';
import { useStartQualifiedProductMutation } from './qualifierApi';
import { toApiError } from '../../lib/apiErrors';
import { useApplyPlaybookMutation, useGetLaunchPlaybookQuery } from '../plans/plansApi';

const NUMBER_FIELDS = [
  { key: 'units', label: 'Units in the first order' },
  { key: 'costPerUnit', label: 'Cost per unit', prefix: '$' },
  { key: 'shippingCost', label: 'Shipping (whole order)', prefix: '$' },
  { key: 'amazonFees', label: 'Amazon fees per unit', prefix: '$' },
  { key: 'amazonRetail', label: 'Amazon retail price', prefix: '$' },
] as const;
type StartForm = Record<(typeof NUMBER_FIELDS)[number]['key'] | 'title', string>;

function StartDialog({
  keyword,
  sizeTier,
  onStarted,
  onClose,
}: {
  keyword: string;
  sizeTier: SizeTier | null;
  onStarted: (launch: QualifierLaunch | null) => void;
  onClose: () => void;
}) {
  const user = useAppSelector(selectCurrentUser);
  const [start] = useStartQualifiedProductMutation();
  const { form, dialog } = useEntityForm<StartForm>({
    schema: qualifierStartSchema,
    defaultValues: {
      title: keyword,
      units: '',
      costPerUnit: '',
      shippingCost: '',
      amazonFees: '',
      amazonRetail: sizeTier ? String(PRICE_THRESHOLDS[sizeTier]) : '',
    },
    serverFields: ['title', ...NUMBER_FIELDS.map((f) => f.key)],
    save: async (values) => {
      const res = await start(values).unwrap();
      onStarted(res.progress.launch);
    },
    onClose,
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const title = watch('title').trim() || keyword;
  return (
    <EntityFormDialog state={dialog} title="Start this product" size="lg" submitLabel="Start product">
      <p className="text-sm text-gray-600">
        Creates <strong>{title}</strong> in the Power Profit Tool
        {canHaveLaunchCard(user) && (
          <>
            {' '}
            and a card <strong>{launchCardTitle(title)}</strong> with the launch steps in NOT STARTED on your Move the
            Needle board
          </>
        )}
        . Only the units of your first order are needed: blank amounts start at $0, and you can change every number
        later.
        {sizeTier && ` The retail price starts at the ${sizeTier} guide price.`}
      </p>
      <TextField label="Product title" error={errors.title?.message} {...register('title')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {NUMBER_FIELDS.map((f, i) => (
          <NumberField
            key={f.key}
            label={f.label}
            prefix={'prefix' in f ? f.prefix : undefined}
            min={0}
            data-autofocus={i === 0 ? true : undefined}
            error={errors[f.key]?.message}
            {...register(f.key)}
          />
        ))}
      </div>
    </EntityFormDialog>
  );
}

/**
 * The launch playbook offered once the product is started (docs/areas/playbooks.md): its cards on
 * the member's own board from today, once per product (the key names the product).
 */
function LaunchPlaybookOffer({ productId }: { productId: number }) {
  const user = useAppSelector(selectCurrentUser);
  const mayLaunch = can(user, 'playbook:launch');
  const { data } = useGetLaunchPlaybookQuery(undefined, { skip: !mayLaunch });
  const [apply, applied] = useApplyPlaybookMutation();
  const playbook = data?.playbook;
  if (!mayLaunch || !playbook) return null;
  return (
    <li className="mt-1 flex flex-wrap items-center gap-2 text-gray-700">
      {applied.isSuccess ? (
        <span role="status">
          {MESSAGES.playbookLaunchAdded}.{' '}
          <Link to="/move-the-needle" className="text-brand-700 underline">
            Open my board
          </Link>
        </span>
      ) : (
        <>
          <Button
            size="sm"
            variant="secondary"
            loading={applied.isLoading}
            onClick={() =>
              void apply({ playbookId: playbook.id, startOn: todayUtc(), key: `launch:${productId}:${playbook.id}` })
            }
          >
            {MESSAGES.playbookLaunchOffer}
          </Button>
          <span className="text-xs">
            {playbook.name}: {playbook.cards.length} cards
          </span>
          {applied.isError && <span className="text-xs text-red-700">{toApiError(applied.error).message}</span>}
        </>
      )}
    </li>
  );
}

/**
 * The results area's next step (docs/areas/seller-tools.md#from-qualifier-to-launch): for one or two thumbs up, 'Start this product'; once
 * started, links to the product and to its launch card.
 */
export function StartProduct({
  progress,
  keyword,
  sizeTier,
}: {
  progress: QualifierProgress;
  keyword: string;
  sizeTier: SizeTier | null;
}) {
  const [launch, setLaunch] = useState<QualifierLaunch | null>(progress.launch);
  const [open, setOpen] = useState(false);
  if (!canStartProduct(progress.result)) return null;
  const started = launch !== null && launch.productId !== null;
  return (
    <section aria-labelledby="start-product" className="rounded-xl border border-brand-200 bg-brand-50 px-5 py-4">
      <h3 id="start-product" className="font-semibold text-gray-900">
        {started ? 'Your product is started' : 'Now what?'}
      </h3>
      {started ? (
        <ul className="mt-2 flex flex-col gap-1.5 text-sm text-brand-700">
          <li>
            <Link to={`/profit-calculator?product=${launch.productId}`} className="underline">
              Open {launch.keyword} in the Power Profit Tool
            </Link>
          </li>
          {launch.cardId !== null && (
            <li>
              <Link to={`/move-the-needle?card=${launch.cardId}`} className="underline">
                Open the launch card on your Move the Needle board
              </Link>
            </li>
          )}
          {launch.cardId !== null && <LaunchPlaybookOffer productId={launch.productId!} />}
        </ul>
      ) : (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-700">Turn this result into a product with its numbers and a launch plan.</p>
          <Button onClick={() => setOpen(true)} className="shrink-0">
            Start this product
          </Button>
        </div>
      )}
      {open && (
        <StartDialog keyword={keyword} sizeTier={sizeTier} onStarted={setLaunch} onClose={() => setOpen(false)} />
      )}
    </section>
  );
}

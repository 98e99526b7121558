import { lazy, Suspense, useId, useState } from 'react';
import { BANNER_TYPES, type BannerReadManyResponse, type BannerType, type DashboardBanner } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { BannerView } from './BannerView';
import { BANNER_AUDIENCE, BANNER_LABELS } from './labels';
import { useDeleteBannerMutation, useGetBannersQuery } from './bannersApi';

/** The form (react-hook-form and the yup schema) loads when an admin opens it. */
const BannerFormDialog = lazy(async () => ({ default: (await import('./BannerFormDialog')).BannerFormDialog }));

const pick = (all: BannerReadManyResponse, type: BannerType): DashboardBanner | null =>
  type === 'course only' ? all.courseOnly : all[type];

function BannerRow({ type, banner, onEdit }: { type: BannerType; banner: DashboardBanner | null; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [remove, { isLoading: deleting }] = useDeleteBannerMutation();
  const label = BANNER_LABELS[type];
  return (
    <li className="flex flex-col gap-3 px-5 py-4" aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-gray-900">{label}</h3>
          <p className="text-xs text-gray-500">{BANNER_AUDIENCE[type]}</p>
          <p className="mt-1 truncate text-sm text-gray-700">{banner ? banner.title : 'No banner yet'}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {confirming ? (
            <>
              <span className="text-sm text-gray-700" role="alert">
                Delete the {label.toLowerCase()}?
              </span>
              <Button size="sm" variant="secondary" onClick={() => setConfirming(false)} disabled={deleting}>
                Keep it
              </Button>
              <Button
                size="sm"
                variant="danger"
                loading={deleting}
                onClick={() =>
                  void remove(type)
                    .unwrap()
                    .then(
                      () => setConfirming(false),
                      () => setConfirming(false),
                    )
                }
              >
                Yes, delete
              </Button>
            </>
          ) : (
            <>
              {banner && (
                <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete ${label}`}>
                  Delete
                </Button>
              )}
              <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`${banner ? 'Edit' : 'Add'} ${label}`}>
                {banner ? 'Edit' : 'Add'}
              </Button>
            </>
          )}
        </div>
      </div>
      {banner && (
        <details className="group rounded-lg border border-gray-200">
          <summary className="cursor-pointer px-3 py-2 text-sm text-brand-700 select-none">Preview</summary>
          <div className="p-3">
            <BannerView banner={banner} />
          </div>
        </details>
      )}
    </li>
  );
}

/** The admin's banner section on the dashboard: the three banners with Add/Edit, Delete and a preview. */
export function BannerManager({ className }: { className?: string }) {
  const { data, error, isLoading, refetch } = useGetBannersQuery();
  const [editing, setEditing] = useState<BannerType | null>(null);
  const headingId = useId();
  let body;
  if (isLoading) body = <Loading label="Loading banners…" />;
  else if (error || !data)
    body = (
      <div className="p-5">
        <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>
      </div>
    );
  else
    body = (
      <ul className="divide-y divide-gray-200">
        {BANNER_TYPES.map((type) => (
          <BannerRow key={type} type={type} banner={pick(data, type)} onEdit={() => setEditing(type)} />
        ))}
      </ul>
    );
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl border border-gray-200 bg-white shadow-xs', className)}
    >
      <div className="border-b border-gray-200 px-5 py-4">
        <h2 id={headingId} className="text-base font-semibold text-gray-900">
          Member banners
        </h2>
        <p className="mt-0.5 text-sm text-gray-500">What each member group sees at the top of their dashboard.</p>
      </div>
      {body}
      {editing && data && (
        <Suspense fallback={<Loading label="Opening the form…" />}>
          <BannerFormDialog type={editing} banner={pick(data, editing)} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </section>
  );
}

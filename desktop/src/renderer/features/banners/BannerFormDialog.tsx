import { useId } from 'react';
import type { FieldPath } from 'react-hook-form';
import { MTN_CUTOFF_DATE } from '@shared/limits';
import { BANNER_LIMITS, bannerUpsertSchema } from '@shared/schemas/banners';
import type { BannerType, DashboardBanner } from '@shared/types';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { inputClasses, TextField } from '../../components/TextField';
import { useEntityForm } from '../../lib/useEntityForm';
import { BANNER_LABELS } from './labels';
import { useUpsertBannerMutation } from './bannersApi';

interface BannerForm {
  type: BannerType;
  title: string;
  content: string;
  video_url: string;
  button_text: string;
  button_url: string;
  average_shipping_rate: string;
}

const FIELDS: ReadonlyArray<FieldPath<BannerForm>> = [
  'title',
  'content',
  'video_url',
  'button_text',
  'button_url',
  'average_shipping_rate',
];

/**
 * The premium banner reaches every premium member and coach, also premium members who joined on or
 * after the Move the Needle cutoff and have no board (docs/roles.md): its text must not promise one.
 */
export const PREMIUM_BANNER_CUTOFF_NOTE = `Premium members who joined on or after ${MTN_CUTOFF_DATE} see this banner too but have no Move the Needle board: do not promise one here.`;

export function bannerFormTitle(type: BannerType, banner: DashboardBanner | null): string {
  return `${banner ? 'Edit' : 'Add'} ${BANNER_LABELS[type].toLowerCase()}`;
}

/** Add or edit the banner of one type (docs/areas/banners.md#validation). Toasts come from the listener. */
export function BannerFormDialog({
  type,
  banner,
  onClose,
}: {
  type: BannerType;
  banner: DashboardBanner | null;
  onClose: () => void;
}) {
  const contentId = useId();
  const [upsert] = useUpsertBannerMutation();
  const { form, dialog } = useEntityForm<BannerForm>({
    schema: bannerUpsertSchema,
    defaultValues: {
      type,
      title: banner?.title ?? '',
      content: banner?.content ?? '',
      video_url: banner?.video_url ?? '',
      button_text: banner?.button_text ?? '',
      button_url: banner?.button_url ?? '',
      average_shipping_rate: banner?.average_shipping_rate == null ? '' : String(banner.average_shipping_rate),
    },
    serverFields: FIELDS,
    save: (values) =>
      upsert({
        type,
        title: values.title,
        content: values.content,
        video_url: values.video_url || null,
        button_text: values.button_text,
        button_url: values.button_url,
        average_shipping_rate: type === 'premium' ? values.average_shipping_rate : null,
      }).unwrap(),
    onClose,
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <EntityFormDialog state={dialog} title={bannerFormTitle(type, banner)} size="lg">
      <TextField label="Title" autoComplete="off" data-autofocus error={errors.title?.message} {...register('title')} />
      <div>
        <label htmlFor={contentId} className="mb-1.5 block text-sm font-medium text-gray-700">
          Content
        </label>
        <textarea
          id={contentId}
          rows={6}
          maxLength={BANNER_LIMITS.contentMax}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={`${contentId}-hint`}
          className={inputClasses(Boolean(errors.content))}
          {...register('content')}
        />
        <p
          id={`${contentId}-hint`}
          className={errors.content ? 'mt-1 text-xs text-red-600' : 'mt-1 text-xs text-gray-500'}
        >
          {errors.content?.message ?? 'Markdown: **bold**, *italic*, lists and links.'}
        </p>
        {type === 'premium' && (
          <p className="mt-1 text-xs text-gray-500" data-testid="premium-banner-cutoff-note">
            {PREMIUM_BANNER_CUTOFF_NOTE}
          </p>
        )}
      </div>
      <TextField
        label="Video URL (optional)"
        type="url"
        placeholder="https://www.youtube.com/watch?v=…"
        hint="A YouTube or Vimeo address."
        error={errors.video_url?.message}
        {...register('video_url')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Button text"
          autoComplete="off"
          error={errors.button_text?.message}
          {...register('button_text')}
        />
        <TextField
          label="Button URL"
          type="url"
          placeholder="https://"
          error={errors.button_url?.message}
          {...register('button_url')}
        />
      </div>
      {type === 'premium' && (
        <TextField
          label="Average shipping rate ($, optional)"
          inputMode="decimal"
          hint="Shown to premium members and coaches as the 'Current Average Shipping Rate' card."
          error={errors.average_shipping_rate?.message}
          {...register('average_shipping_rate')}
        />
      )}
    </EntityFormDialog>
  );
}

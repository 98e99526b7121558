import { useId, useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { MESSAGES } from '@shared/messages';
import {
  SETTING_DEFINITIONS,
  settingsValuesSchema,
  type SettingDefinition,
  type SettingKey,
} from '@shared/schemas/settings';
import type { AdminSetting, SettingKind } from '@shared/types';
import { Banner, LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card, CardHeader, PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { applyServerFieldErrors } from '../../lib/serverErrors';
import { yupResolver } from '../../lib/yupResolver';
import { useGetAdminSettingsQuery, useUpsertSettingsMutation } from './settingsApi';

type Values = Record<SettingKey, string>;

const SECTIONS: ReadonlyArray<{ kind: SettingKind; title: string; description: string }> = [
  {
    kind: 'url',
    title: 'Links',
    description: 'Full https:// addresses (Support may also be a mailto: address).',
  },
  {
    kind: 'video',
    title: 'Videos',
    description: 'A YouTube or Vimeo address; it is saved as its embed address. Leave empty to hide the video.',
  },
  {
    kind: 'widget',
    title: 'Chat widget',
    description: 'A chat page on an allowed chat site. Leave empty to switch the widget off.',
  },
  {
    kind: 'days',
    title: 'Data retention',
    description: 'How long the portal keeps analytics events, in days.',
  },
  {
    kind: 'hours',
    title: 'Coaching',
    description: 'How long a card may wait for its coach’s review, in hours.',
  },
  {
    kind: 'choice',
    title: 'Options',
    description: 'Choose one answer for each.',
  },
];

/** A `choice` setting: one radio per choice, in a labelled group, with the help and source under it. */
function ChoiceField({
  setting,
  error,
  register,
}: {
  setting: AdminSetting;
  error?: string;
  register: UseFormRegister<Values>;
}) {
  const hintId = useId();
  const def: SettingDefinition = SETTING_DEFINITIONS[setting.key];
  const choices = setting.choices ?? def.choices ?? [];
  return (
    <fieldset aria-describedby={hintId} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-gray-700">{setting.label}</legend>
      <div className="flex flex-col gap-1 rounded-lg border border-gray-200 p-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-gray-800 hover:bg-gray-50"
          >
            <input type="radio" value={c.value} className="size-4 accent-brand-600" {...register(setting.key)} />
            {c.label}
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-xs text-red-600">{error}</p> : null}
      <p id={hintId} className="mt-1 text-xs text-gray-500">
        {def.help} {sourceText(setting)}
      </p>
    </fieldset>
  );
}

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function sourceText(s: AdminSetting): string {
  if (s.source === 'default') return 'Default value.';
  const who = s.updatedBy?.fullName ? ` by ${s.updatedBy.fullName}` : '';
  return `Saved${who}${s.updatedAt ? ` on ${dateTime(s.updatedAt)}` : ''}.`;
}

/** The form, once the settings are loaded (its default values are the values in effect). */
function SettingsForm({ settings }: { settings: AdminSetting[] }) {
  const [upsert, { isLoading: saving }] = useUpsertSettingsMutation();
  const [resetting, setResetting] = useState<SettingKey | null>(null);
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const keys = settings.map((s) => s.key);
  const form = useForm<Values>({
    resolver: yupResolver<Values>(settingsValuesSchema),
    defaultValues: Object.fromEntries(settings.map((s) => [s.key, s.value])) as Values,
  });
  const {
    register,
    formState: { errors, dirtyFields },
  } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    setUnplaced(null);
    // Only what the admin changed is sent; the server writes and audits real changes only.
    const changed = Object.fromEntries(keys.filter((k) => dirtyFields[k]).map((k) => [k, values[k]]));
    try {
      const res = await upsert(changed).unwrap();
      form.reset(Object.fromEntries(res.settings.map((s) => [s.key, s.value])));
    } catch (err) {
      const { error, placed } = applyServerFieldErrors(err, form.setError, keys);
      if (!placed) setUnplaced(error.message);
    }
  });

  const useDefault = async (key: SettingKey) => {
    setResetting(key);
    try {
      const res = await upsert({ [key]: null }).unwrap();
      const value = res.settings.find((s) => s.key === key)?.value ?? '';
      form.resetField(key, { defaultValue: value });
    } catch (err) {
      setUnplaced(toApiError(err).message);
    } finally {
      setResetting(null);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-6 pb-24">
      {unplaced && <Banner kind="error">{unplaced}</Banner>}
      {SECTIONS.map((section) => {
        const inSection = settings.filter((s) => s.kind === section.kind);
        if (inSection.length === 0) return null;
        return (
          <Card key={section.kind}>
            <CardHeader title={section.title} description={section.description} />
            <div className="grid gap-5 px-5 py-5 lg:grid-cols-2">
              {inSection.map((s) => (
                <div key={s.key} className="min-w-0">
                  {s.kind === 'choice' ? (
                    <ChoiceField setting={s} error={errors[s.key]?.message} register={register} />
                  ) : (
                    <TextField
                      label={s.label}
                      type={s.kind === 'url' && s.key !== 'supportUrl' ? 'url' : 'text'}
                      inputMode={s.kind === 'days' || s.kind === 'hours' ? 'numeric' : 'url'}
                      autoComplete="off"
                      spellCheck={false}
                      placeholder={
                        s.kind === 'url' ? 'https://' : s.kind === 'video' ? 'https://www.youtube.com/watch?v=…' : ''
                      }
                      error={errors[s.key]?.message}
                      hint={`${SETTING_DEFINITIONS[s.key].help} ${sourceText(s)}`}
                      {...register(s.key)}
                    />
                  )}
                  {s.source === 'saved' && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="mt-1"
                      aria-label={`Use default for ${s.label}`}
                      loading={resetting === s.key}
                      disabled={saving}
                      onClick={() => void useDefault(s.key)}
                    >
                      Use default
                    </Button>
                  )}
                </div>
              ))}
            </div>
          </Card>
        );
      })}
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:mx-0 sm:rounded-xl sm:border">
        <p className="mr-auto text-sm text-gray-600" aria-live="polite">
          {Object.keys(dirtyFields).length > 0 ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <Button
          variant="secondary"
          disabled={saving || Object.keys(dirtyFields).length === 0}
          onClick={() => form.reset()}
        >
          Discard changes
        </Button>
        <Button type="submit" loading={saving}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

/** /portal-settings (admin): the links, videos and chat widget the portal shows, without a deploy. */
export function PortalSettings() {
  const { data, error, isLoading, refetch } = useGetAdminSettingsQuery();

  let body;
  if (isLoading) body = <Loading label="Loading settings…" />;
  else if (error && !data)
    body = (
      <LoadError title={MESSAGES.settingsLoadFailed} onRetry={() => void refetch()}>
        {toApiError(error).message}
      </LoadError>
    );
  else if (!data || data.settings.length === 0) body = <EmptyState title={MESSAGES.settingsEmpty} />;
  else body = <SettingsForm settings={data.settings} />;

  return (
    <div>
      <PageHeader
        title="Portal settings"
        description="Links, videos, the chat widget and the community members see. Changes apply at once, without a deploy."
      />
      {body}
    </div>
  );
}

import * as yup from 'yup';
import { Controller } from 'react-hook-form';
import { ROLES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { callUpsertSchema } from '@shared/schemas/calendar';
import { CALL_REPEATS, type CalendarCall, type CallRepeat, type Role } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { ChipMultiSelect } from '../../components/ChipMultiSelect';
import { Dialog } from '../../components/Dialog';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { CheckboxRow, SelectField, TextArea } from '../../components/FormFields';
import { Loading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { useEntityForm } from '../../lib/useEntityForm';
import { useGetTagsQuery } from '../tags/tagsApi';
import { useDeleteCallMutation, useGetCallQuery, useUpsertCallMutation } from './calendarApi';
import { localInputValue } from './dates';

interface CallForm {
  title: string;
  description: string;
  startsLocal: string;
  durationMinutes: number;
  joinUrl: string;
  repeat: CallRepeat;
  untilDay: string;
  roles: Role[];
  tagIds: number[];
}

const REPEAT_LABELS: Record<CallRepeat, string> = {
  none: 'Does not repeat',
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  monthly: 'Every month',
};

/** The form's fields: the shared schema's, with the start as a local date-time and the last date as a day. */
const formSchema = callUpsertSchema
  .pick(['title', 'description', 'durationMinutes', 'joinUrl', 'repeat', 'roles', 'tagIds'])
  .shape({
    startsLocal: yup.string().required(MESSAGES.fieldRequired),
    untilDay: yup.string().default(''),
  });

/** Schedule a call, or change or delete one (admins). Times are entered in the admin's time zone. */
export function CallFormDialog({ callId, onClose }: { callId?: number; onClose: () => void }) {
  const existing = useGetCallQuery(callId ?? 0, { skip: !callId });
  if (callId && !existing.data) {
    return (
      <Dialog open onClose={onClose} title="Edit call">
        {existing.isLoading ? (
          <Loading label="Loading the call…" />
        ) : (
          <LoadError onRetry={() => void existing.refetch()}>
            {toApiError(existing.error).message || MESSAGES.calendarError}
          </LoadError>
        )}
      </Dialog>
    );
  }
  return <CallForm call={existing.data?.call ?? null} onClose={onClose} />;
}

function CallForm({ call, onClose }: { call: CalendarCall | null; onClose: () => void }) {
  const [upsert] = useUpsertCallMutation();
  const [remove] = useDeleteCallMutation();
  const tags = useGetTagsQuery();
  const { form, dialog } = useEntityForm<CallForm>({
    schema: formSchema,
    defaultValues: {
      title: call?.title ?? '',
      description: call?.description ?? '',
      startsLocal: call ? localInputValue(call.startsAt) : '',
      durationMinutes: call?.durationMinutes ?? 60,
      joinUrl: call?.joinUrl ?? '',
      repeat: call?.repeat ?? 'none',
      untilDay: call?.until ? localInputValue(call.until).slice(0, 10) : '',
      roles: call?.roles ?? [],
      tagIds: call?.tagIds ?? [],
    },
    serverFields: ['title', 'description', 'durationMinutes', 'joinUrl', 'repeat', 'roles', 'tagIds'],
    aliases: { startsAt: 'startsLocal', until: 'untilDay' },
    save: (v) =>
      upsert({
        ...(call ? { id: call.id } : {}),
        title: v.title,
        description: v.description,
        startsAt: new Date(v.startsLocal).toISOString(),
        durationMinutes: Number(v.durationMinutes),
        joinUrl: v.joinUrl,
        repeat: v.repeat,
        until: v.repeat !== 'none' && v.untilDay ? v.untilDay : null,
        roles: v.roles,
        tagIds: v.tagIds,
      }).unwrap(),
    remove: call ? () => remove(call.id).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const repeat = watch('repeat');

  return (
    <EntityFormDialog
      state={dialog}
      title={call ? `Edit call: ${call.title}` : 'Schedule a call'}
      description="Times are in your time zone. Members see the calls of their roles and tags."
      what="call"
      deleteWarning="Delete this call and all its occurrences? Members' answers go with it."
      size="lg"
    >
      <TextField label="Title" autoComplete="off" data-autofocus error={errors.title?.message} {...register('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starts"
          type="datetime-local"
          error={errors.startsLocal?.message}
          {...register('startsLocal')}
        />
        <TextField
          label="Length (minutes)"
          type="number"
          inputMode="numeric"
          min={5}
          max={1440}
          error={errors.durationMinutes?.message}
          {...register('durationMinutes')}
        />
      </div>
      <TextField
        label="Join link (https)"
        type="url"
        placeholder="https://"
        error={errors.joinUrl?.message}
        {...register('joinUrl')}
      />
      <TextArea label="Description" rows={3} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Repeats" error={errors.repeat?.message} {...register('repeat')}>
          {CALL_REPEATS.map((r) => (
            <option key={r} value={r}>
              {REPEAT_LABELS[r]}
            </option>
          ))}
        </SelectField>
        {repeat !== 'none' && (
          <TextField
            label="Last date (optional)"
            type="date"
            error={errors.untilDay?.message}
            {...register('untilDay')}
          />
        )}
      </div>
      <Controller
        control={control}
        name="roles"
        render={({ field }) => (
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-gray-700">Roles (none chosen: every role)</legend>
            <div className="flex flex-wrap gap-x-2">
              {ROLES.map((role) => (
                <CheckboxRow
                  key={role}
                  checked={field.value.includes(role)}
                  onChange={() =>
                    field.onChange(
                      field.value.includes(role) ? field.value.filter((r) => r !== role) : [...field.value, role],
                    )
                  }
                >
                  {role}
                </CheckboxRow>
              ))}
            </div>
            {errors.roles && <p className="mt-1 text-xs text-red-600">{errors.roles.message}</p>}
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="tagIds"
        render={({ field }) => (
          <ChipMultiSelect
            label="Tags"
            description="Holders of one of these tags see the call, whatever their role."
            selected={field.value}
            onChange={field.onChange}
            items={tags.data}
            isLoading={tags.isLoading}
            error={tags.error}
            noun={{ one: 'tag', many: 'tags', title: 'Tag' }}
            empty="No tags yet."
          />
        )}
      />
      {errors.tagIds && <p className="text-xs text-red-600">{errors.tagIds.message}</p>}
    </EntityFormDialog>
  );
}

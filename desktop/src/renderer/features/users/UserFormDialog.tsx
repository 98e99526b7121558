import { Controller } from 'react-hook-form';
import { ROLES, type Role } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { canCoach } from '@shared/policies/review';
import { userUpsertSchema } from '@shared/schemas/users';
import type { User } from '@shared/types';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { SelectField } from '../../components/FormFields';
import { Checkbox, inputClasses, TextField } from '../../components/TextField';
import { useEntityForm } from '../../lib/useEntityForm';
import { roleLabel } from '../shell/SwitchRolesDialog';
import { TagPicker } from './TagPicker';
import { OwnedResourcesPicker } from '../resources/OwnedResourcesPicker';
import { useDeleteUserMutation, useGetCoachOptionsQuery, useUpsertUserMutation, type UserUpsertBody } from './usersApi';

interface UserForm {
  fullName: string;
  email: string;
  password: string;
  role: Role;
  alwaysGrantAccess: boolean;
  city: string;
  state: string;
  country: string;
  Tags: number[];
  Resources: number[];
  /** The Coach select: a coach's id as text, '' for No coach (docs/areas/review.md#a-members-coach). */
  coachId: string;
}

/** Server field errors shown under fields (docs/areas/users.md#validation); users_email is the email field's. */
const FIELDS = ['fullName', 'email', 'password', 'city', 'state', 'country', 'coachId'] as const;
const ALIASES = { users_email: 'email' } as const;
const adminSchema = userUpsertSchema.pick([...FIELDS.filter((f) => f !== 'coachId'), 'role', 'alwaysGrantAccess']);

export function userFormTitle(user: User | null): string {
  return user ? `Edit user: ${user.fullName}` : 'Add a new user';
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

function defaults(user: User | null): UserForm {
  return {
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? 'basic',
    alwaysGrantAccess: user?.alwaysGrantAccess ?? false,
    city: user?.city ?? '',
    state: user?.state ?? '',
    country: user?.country ?? '',
    Tags: (user?.Tags ?? []).map((t) => t.id),
    Resources: (user?.Resources ?? []).map((r) => r.id),
    coachId: user?.coachId ? String(user.coachId) : '',
  };
}

/** The upsert body: a coach (tagsOnly) sends the user's Tags only. */
function upsertBody(values: UserForm, user: User | null, tagsOnly: boolean): UserUpsertBody {
  const Tags = values.Tags.map((id) => ({ id }));
  if (tagsOnly) return { id: user?.id, Tags };
  return {
    ...(user ? { id: user.id } : {}),
    fullName: values.fullName,
    email: values.email,
    ...(values.password ? { password: values.password } : {}),
    role: values.role,
    alwaysGrantAccess: values.alwaysGrantAccess,
    city: orNull(values.city ?? ''),
    state: orNull(values.state ?? ''),
    country: orNull(values.country ?? ''),
    Tags,
    Resources: values.Resources.map((id) => ({ id })),
    coachId: values.coachId ? Number(values.coachId) : null,
  };
}

/**
 * 'Add a new user' / 'Edit user: {fullName}'. An admin edits every field; a coach (tagsOnly)
 * sees the user's name and email and edits only User Tags. Delete (with a confirmation) only
 * when editing someone else, for admins. Toasts come from the listener (features/users/toasts).
 */
export function UserFormDialog({
  user,
  tagsOnly,
  canDelete,
  onClose,
}: {
  user: User | null;
  tagsOnly: boolean;
  canDelete: boolean;
  onClose: () => void;
}) {
  const [upsert] = useUpsertUserMutation();
  const [remove] = useDeleteUserMutation();
  const { form, dialog } = useEntityForm<UserForm>({
    schema: tagsOnly ? undefined : adminSchema,
    defaultValues: defaults(user),
    serverFields: FIELDS,
    aliases: ALIASES,
    save: (values) => upsert(upsertBody(values, user, tagsOnly)).unwrap(),
    remove: user && canDelete ? () => remove(user.id).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const formId = dialog.formId;

  const tagPicker = (
    <Controller
      control={control}
      name="Tags"
      render={({ field }) => <TagPicker label="User Tags" selected={field.value} onChange={field.onChange} />}
    />
  );

  return (
    <EntityFormDialog
      state={dialog}
      title={userFormTitle(user)}
      size="lg"
      what="user"
      deleteWarning={`Delete ${user?.fullName}? This cannot be undone.`}
    >
      {tagsOnly ? (
        <>
          <div className="rounded-lg bg-gray-50 px-4 py-3 text-sm">
            <p className="font-medium text-gray-900">{user?.fullName}</p>
            <p className="text-gray-600">{user?.email}</p>
            <p className="mt-1 text-xs text-gray-500">Coaches change a user's tags only.</p>
          </div>
          {tagPicker}
        </>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label="Full name"
              autoComplete="off"
              data-autofocus
              error={errors.fullName?.message}
              {...register('fullName')}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label="Password (optional)"
              type="password"
              autoComplete="new-password"
              hint={
                user
                  ? 'Leave blank to keep the current password.'
                  : 'Without one, the user sets it with “Forgot password”.'
              }
              error={errors.password?.message}
              {...register('password')}
            />
            <div>
              <label htmlFor={`${formId}-role`} className="mb-1.5 block text-sm font-medium text-gray-700">
                Role
              </label>
              <select id={`${formId}-role`} className={inputClasses(false, 'select')} {...register('role')}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {roleLabel(r)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Checkbox
            label="Always grant access"
            description="Let this user in even when their subscription has a payment problem."
            {...register('alwaysGrantAccess')}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <TextField label="City" autoComplete="off" error={errors.city?.message} {...register('city')} />
            <TextField label="State" autoComplete="off" error={errors.state?.message} {...register('state')} />
            <TextField label="Country" autoComplete="off" error={errors.country?.message} {...register('country')} />
          </div>
          <Controller
            control={control}
            name="coachId"
            render={({ field }) => (
              <CoachSelect
                user={user}
                error={errors.coachId?.message}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          {tagPicker}
          <Controller
            control={control}
            name="Resources"
            render={({ field }) => (
              <OwnedResourcesPicker selected={field.value} onChange={field.onChange} known={user?.Resources} />
            )}
          />
        </>
      )}
    </EntityFormDialog>
  );
}

/**
 * The Coach select of the admin form (docs/areas/review.md#a-members-coach): "No coach", then coaches and admins, never the
 * user. Controlled, so a coach set before the options arrive stays selected.
 */
function CoachSelect({
  user,
  error,
  value,
  onChange,
  onBlur,
}: {
  user: User | null;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { data: coaches = [], isLoading } = useGetCoachOptionsQuery();
  const options = coaches.filter((c) => !user || canCoach(c, user));
  const known = value === '' || options.some((c) => String(c.id) === value);
  return (
    <SelectField
      label={MESSAGES.coachLabel}
      error={error}
      disabled={isLoading}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    >
      <option value="">{MESSAGES.noCoach}</option>
      {!known && <option value={value}>{user?.coach?.fullName ?? `#${value}`}</option>}
      {options.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.fullName}
          {c.role === 'admin' ? ' (admin)' : ''}
        </option>
      ))}
    </SelectField>
  );
}

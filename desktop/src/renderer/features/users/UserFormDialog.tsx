import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ROLES, type Role } from '@shared/limits';
import { userUpsertSchema } from '@shared/schemas/users';
import type { User } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Dialog } from '../../components/Dialog';
import { Checkbox, inputClasses, TextField } from '../../components/TextField';
import { applyServerFieldErrors } from '../../lib/serverErrors';
import { yupResolver } from '../../lib/yupResolver';
import { roleLabel } from '../shell/SwitchRolesDialog';
import { TagPicker } from './TagPicker';
import { OwnedResourcesPicker } from '../resources/OwnedResourcesPicker';
import { useDeleteUserMutation, useUpsertUserMutation, type UserUpsertBody } from './usersApi';
import { FormFooter } from '../../components/FormFooter';

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
}

/** Server field errors shown under fields (SPEC §5); users_email is the email field's. */
const FIELDS = ['fullName', 'email', 'password', 'city', 'state', 'country'] as const;
const ALIASES = { users_email: 'email' } as const;
const adminSchema = userUpsertSchema.pick([...FIELDS, 'role', 'alwaysGrantAccess']);

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
  const formId = useId();
  const [upsert, { isLoading: saving }] = useUpsertUserMutation();
  const [remove, { isLoading: deleting }] = useDeleteUserMutation();
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<UserForm>({ resolver: tagsOnly ? undefined : yupResolver(adminSchema), defaultValues: defaults(user) });

  const onSubmit = handleSubmit(async (values) => {
    setUnplaced([]);
    const Tags = values.Tags.map((id) => ({ id }));
    const body: UserUpsertBody = tagsOnly
      ? { id: user?.id, Tags }
      : {
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
        };
    try {
      await upsert(body).unwrap();
      onClose();
    } catch (err) {
      const { error } = applyServerFieldErrors(err, setError, FIELDS, ALIASES);
      setUnplaced(
        Object.entries(error.fields)
          .filter(([field]) => !(FIELDS as readonly string[]).includes(field) && !(field in ALIASES))
          .map(([, message]) => message),
      );
    }
  });

  const onDelete =
    user && canDelete
      ? async () => {
          await remove(user.id).unwrap();
          onClose();
        }
      : undefined;

  const footer = (
    <FormFooter
      formId={formId}
      saving={saving}
      deleting={deleting}
      onCancel={onClose}
      onDelete={onDelete}
      deleteWarning={`Delete ${user?.fullName}? This cannot be undone.`}
      what="user"
    />
  );

  const tagPicker = (
    <Controller
      control={control}
      name="Tags"
      render={({ field }) => <TagPicker label="User Tags" selected={field.value} onChange={field.onChange} />}
    />
  );

  return (
    <Dialog open onClose={onClose} title={userFormTitle(user)} footer={footer} size="lg">
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {unplaced.length > 0 && <Banner kind="error">{unplaced.join(' ')}</Banner>}
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
      </form>
    </Dialog>
  );
}

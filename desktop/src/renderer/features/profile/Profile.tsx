import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { userUpsertSchema } from '@shared/schemas/users';
import type { CurrentUser } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card, CardHeader, PageHeader } from '../../components/Card';
import { TextField } from '../../components/TextField';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { applyServerFieldErrors } from '../../lib/serverErrors';
import { yupResolver } from '../../lib/yupResolver';
import { PhotoPicker } from './PhotoPicker';
import { useSaveProfileMutation } from './profileApi';
import { NotificationPreferences } from '../notifications/NotificationPreferences';

interface ProfileForm {
  fullName: string;
  password: string;
  city: string;
  state: string;
  country: string;
  phoneNumber: string;
}

const FIELDS = ['fullName', 'password', 'city', 'state', 'country', 'phoneNumber'] as const;
const profileSchema = userUpsertSchema.pick([...FIELDS]);

function formValues(user: CurrentUser): ProfileForm {
  return {
    fullName: user.fullName,
    password: '',
    city: user.city ?? '',
    state: user.state ?? '',
    country: user.country ?? '',
    phoneNumber: user.phoneNumber ?? '',
  };
}

const orNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

function ProfileEditor({ user }: { user: CurrentUser }) {
  const [save, { isLoading }] = useSaveProfileMutation();
  const [photoUrl, setPhotoUrl] = useState<string | null>(user.photoUrl);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ProfileForm>({ resolver: yupResolver(profileSchema), defaultValues: formValues(user) });

  const onSubmit = handleSubmit(async (values) => {
    setUnplaced([]);
    try {
      const { user: saved } = await save({
        id: user.id,
        fullName: values.fullName,
        ...(values.password ? { password: values.password } : {}),
        city: orNull(values.city),
        state: orNull(values.state),
        country: orNull(values.country),
        phoneNumber: orNull(values.phoneNumber),
        photoUrl,
      }).unwrap();
      reset(formValues({ ...user, ...saved }));
    } catch (err) {
      const { error } = applyServerFieldErrors(err, setError, FIELDS);
      // Field errors the form has no field for (e.g. users_email) still need to be seen.
      setUnplaced(
        Object.entries(error.fields)
          .filter(([field]) => !(FIELDS as readonly string[]).includes(field))
          .map(([, message]) => message),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Card>
        <CardHeader title="Photo" description="Shown in the sidebar and to other members." />
        <div className="px-5 py-5">
          <PhotoPicker fullName={user.fullName} photoUrl={photoUrl} onChange={setPhotoUrl} />
          {photoUrl !== user.photoUrl && (
            <p className="mt-3 text-xs text-gray-500">Save your changes to keep the new photo.</p>
          )}
        </div>
      </Card>
      <Card>
        <CardHeader title="Account" />
        <div className="grid grid-cols-1 gap-4 px-5 py-5 sm:grid-cols-2">
          {unplaced.length > 0 && (
            <Banner kind="error" className="sm:col-span-2">
              {unplaced.join(' ')}
            </Banner>
          )}
          <TextField label="Full name" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
          <TextField
            label="Email"
            type="email"
            value={user.email}
            readOnly
            hint="Contact support to change your email."
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="Optional. Leave blank to keep your current password."
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            error={errors.phoneNumber?.message}
            {...register('phoneNumber')}
          />
          <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
          <TextField label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')} />
          <TextField
            label="Country"
            autoComplete="country-name"
            error={errors.country?.message}
            {...register('country')}
          />
        </div>
        <div className="flex justify-end border-t border-gray-200 px-5 py-3">
          <Button type="submit" loading={isLoading}>
            Save
          </Button>
        </div>
      </Card>
    </form>
  );
}

/** /profile (docs/areas/users.md#screens): avatar upload and account form; POST /api/user/upsert. */
export function Profile() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  return (
    <div className="max-w-3xl">
      <PageHeader title="Profile" description="Manage your photo and account details." />
      <div className="flex flex-col gap-6">
        <ProfileEditor key={user.id} user={user} />
        <NotificationPreferences />
      </div>
    </div>
  );
}

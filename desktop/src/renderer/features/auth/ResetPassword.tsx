import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { InferType } from 'yup';
import { MESSAGES } from '@shared/messages';
import { resetPasswordFormSchema } from '@shared/schemas/auth';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { yupResolver } from '../../lib/yupResolver';
import { useResetPasswordMutation } from './authApi';
import { passwordsMismatched } from './authSlice';
import { useAppDispatch } from '../../app/hooks';
import { AuthTitle, linkClasses } from './AuthLayout';

type ResetInput = InferType<typeof resetPasswordFormSchema>;

/** /reset-password/:token. Success signs the user in (auth slice) and lands on /. */
export function ResetPassword() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [resetPassword, { error, isLoading }] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetInput>({
    resolver: yupResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(
    async ({ password }) => {
      try {
        await resetPassword({ token, password }).unwrap();
        void navigate('/', { replace: true });
      } catch {
        // Shown in the banner.
      }
    },
    // Under the field, and as the toast of docs/errors.md (the listener middleware shows it).
    (invalid) => {
      if (invalid.confirmPassword?.message === MESSAGES.passwordsDoNotMatch) dispatch(passwordsMismatched());
    },
  );

  return (
    <>
      <AuthTitle title="Choose a new password" subtitle="You'll be signed in once it's saved." />
      {error && (
        <Banner kind="error" className="mb-5">
          {toApiError(error).message}
        </Banner>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" loading={isLoading}>
          Reset password
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/forgot-password" className={linkClasses}>
          Request a new link
        </Link>
      </p>
    </>
  );
}

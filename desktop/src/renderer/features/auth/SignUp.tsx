import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { signUpSchema, type SignUpInput } from '@shared/schemas/auth';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { applyServerFieldErrors } from '../../lib/serverErrors';
import { yupResolver } from '../../lib/yupResolver';
import { useSignUpMutation } from './authApi';
import { AuthTitle, linkClasses } from './AuthLayout';

type SignUpForm = Omit<SignUpInput, 'signuptags'>;
const FIELDS = ['fullName', 'email', 'password'] as const;

/** /signup. Reads ?signuptags= (comma-separated tag ids) and sends it along. */
export function SignUp() {
  const [params] = useSearchParams();
  const signuptags = params.get('signuptags')?.trim() || undefined;
  const [signUp, { isLoading }] = useSignUpMutation();
  const [bannerError, setBannerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpForm>({
    resolver: yupResolver(signUpSchema.omit(['signuptags'])),
    defaultValues: { fullName: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setBannerError(null);
    try {
      await signUp({ ...values, ...(signuptags ? { signuptags } : {}) }).unwrap();
    } catch (err) {
      // A 400 puts its messages under the fields; anything else (409 email in use, 429) is a banner.
      const error = toApiError(err);
      const placed =
        error.status === 400 && applyServerFieldErrors(err, setError, FIELDS, { users_email: 'email' }).placed;
      if (!placed) setBannerError(error.message);
    }
  });

  return (
    <>
      <AuthTitle title="Create account" subtitle="Join the members' training portal." />
      {bannerError && (
        <Banner kind="error" className="mb-5">
          {bannerError}
        </Banner>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Full name" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" className="w-full" loading={isLoading}>
          Create account
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        <Link to="/signin" className={linkClasses}>
          Have an account? Sign in
        </Link>
        <Link to="/forgot-password" className={linkClasses}>
          Forgot your password?
        </Link>
      </div>
    </>
  );
}

import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { signInSchema, type SignInInput } from '@shared/schemas/auth';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { yupResolver } from '../../lib/yupResolver';
import { useSignInMutation } from './authApi';
import { AuthTitle, linkClasses } from './AuthLayout';

/** /signin. On success the auth slice gets the user and the guard leaves this guest-only page. */
export function SignIn() {
  const [signIn, { error, isLoading }] = useSignInMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInInput>({ resolver: yupResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn(values).unwrap();
    } catch {
      // Shown in the banner from the mutation's error.
    }
  });

  return (
    <>
      <AuthTitle title="Sign in" subtitle="Welcome back. Sign in to your members area." />
      {error && (
        <Banner kind="error" className="mb-5">
          {toApiError(error).message}
        </Banner>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
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
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className={linkClasses}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={isLoading}>
          Sign in
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        New here?{' '}
        <Link to="/signup" className={linkClasses}>
          Create account
        </Link>
      </p>
    </>
  );
}

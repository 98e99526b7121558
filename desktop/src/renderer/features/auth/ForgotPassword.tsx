import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { InferType } from 'yup';
import { forgotPasswordSchema } from '@shared/schemas/auth';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { yupResolver } from '../../lib/yupResolver';
import { useForgotPasswordMutation } from './authApi';
import { AuthTitle, linkClasses } from './AuthLayout';

type ForgotInput = InferType<typeof forgotPasswordSchema>;

/** /forgot-password: shows the server's message once the request is accepted. */
export function ForgotPassword() {
  const [forgot, { data, error, isLoading, reset }] = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotInput>({ resolver: yupResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    reset();
    try {
      await forgot(values).unwrap();
    } catch {
      // Shown in the banner.
    }
  });

  return (
    <>
      <AuthTitle title="Forgot your password?" subtitle="Enter your email and we'll send you a reset link." />
      {data && (
        <Banner kind="success" className="mb-5">
          {data.message}
        </Banner>
      )}
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
        <Button type="submit" className="w-full" loading={isLoading}>
          Submit
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        <Link to="/signup" className={linkClasses}>
          Create new account
        </Link>
        <Link to="/signin" className={linkClasses}>
          Back to sign in
        </Link>
      </div>
    </>
  );
}

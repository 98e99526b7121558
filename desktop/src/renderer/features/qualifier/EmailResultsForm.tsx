import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@shared/messages';
import { qualifierEmailFormSchema } from '@shared/schemas/qualifier';
import type { QualifierSendBody } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { applyServerFieldErrors } from '../../lib/serverErrors';
import { yupResolver } from '../../lib/yupResolver';
import { useSendQualifierResultsMutation } from './qualifierApi';

interface EmailForm {
  email: string;
  keywords: string;
}

/**
 * The results email form (docs/areas/seller-tools.md#screens, docs/areas/seller-tools.md#behaviour, docs/areas/seller-tools.md#validation): email and keyword required; once sent it is replaced
 * by 'The email has been sent successfully.'
 */
export function EmailResultsForm({
  defaults,
  payload,
}: {
  defaults: EmailForm;
  payload: Omit<QualifierSendBody, 'email' | 'keywords'>;
}) {
  const formId = useId();
  const [send, { isLoading }] = useSendQualifierResultsMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailForm>({ resolver: yupResolver(qualifierEmailFormSchema), defaultValues: defaults });

  if (sent)
    return (
      <Banner kind="success" className="font-medium">
        {MESSAGES.qualifierEmailSent}
      </Banner>
    );

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send({ ...payload, email: values.email, keywords: values.keywords }).unwrap();
      setSent(true);
    } catch (err) {
      const { error, placed } = applyServerFieldErrors(err, setError, ['email', 'keywords']);
      if (!placed) setFailure(error.message);
    }
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate aria-label="Email my results" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-gray-900">Email my results</h3>
      {failure && <Banner kind="error">{failure}</Banner>}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField label="Keyword" autoComplete="off" error={errors.keywords?.message} {...register('keywords')} />
      </div>
      <div>
        <Button type="submit" loading={isLoading}>
          Send results
        </Button>
      </div>
    </form>
  );
}

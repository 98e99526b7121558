import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { tagUpsertSchema } from '@shared/schemas/tags';
import type { Tag } from '@shared/types';
import { Dialog } from '../../components/Dialog';
import { Checkbox, TextField } from '../../components/TextField';
import { applyServerFieldErrors } from '../../lib/serverErrors';
import { yupResolver } from '../../lib/yupResolver';
import { useDeleteTagMutation, useUpsertTagMutation } from './tagsApi';
import { FormFooter } from '../../components/FormFooter';

interface TagForm {
  name: string;
  openForSignup: boolean;
}

const formSchema = tagUpsertSchema.pick(['name', 'openForSignup']);

export function tagFormTitle(tag: Tag | null): string {
  return tag ? `Edit tag: ${tag.name}` : 'Add a new tag';
}

/** Add or edit a tag; Delete (with confirmation) only when editing. Toasts from the listener. */
export function TagFormDialog({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const formId = useId();
  const [upsert, { isLoading: saving }] = useUpsertTagMutation();
  const [remove, { isLoading: deleting }] = useDeleteTagMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TagForm>({
    resolver: yupResolver(formSchema),
    defaultValues: { name: tag?.name ?? '', openForSignup: tag?.openForSignup ?? false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await upsert({ ...(tag ? { id: tag.id } : {}), name: values.name, openForSignup: values.openForSignup }).unwrap();
      onClose();
    } catch (err) {
      applyServerFieldErrors(err, setError, ['name']);
    }
  });

  const onDelete = tag
    ? async () => {
        await remove(tag.id).unwrap();
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
      deleteWarning="Delete this tag? This cannot be undone."
      what="tag"
    />
  );

  return (
    <Dialog open onClose={onClose} title={tagFormTitle(tag)} footer={footer}>
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" autoComplete="off" data-autofocus error={errors.name?.message} {...register('name')} />
        <Checkbox
          label="Open to sign-up links"
          description="Sign-up links (?signuptags=) may attach this tag to new members."
          {...register('openForSignup')}
        />
      </form>
    </Dialog>
  );
}

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { tagUpsertSchema } from '@shared/schemas/tags';
import type { Tag } from '@shared/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Checkbox, TextField } from '../../components/TextField';
import { applyServerFieldErrors } from '../../lib/serverErrors';
import { yupResolver } from '../../lib/yupResolver';
import { useDeleteTagMutation, useUpsertTagMutation } from './tagsApi';

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
  const [confirming, setConfirming] = useState(false);
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

  const onDelete = async () => {
    if (!tag) return;
    try {
      await remove(tag.id).unwrap();
      onClose();
    } catch {
      setConfirming(false);
    }
  };

  const footer = confirming ? (
    <>
      <p className="mr-auto text-sm text-gray-700" role="alert">
        Delete this tag? This cannot be undone.
      </p>
      <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleting}>
        Keep tag
      </Button>
      <Button variant="danger" onClick={() => void onDelete()} loading={deleting} data-autofocus>
        Yes, delete
      </Button>
    </>
  ) : (
    <>
      {tag && (
        <Button variant="danger" className="mr-auto" onClick={() => setConfirming(true)} disabled={saving}>
          Delete
        </Button>
      )}
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={saving}>
        Save
      </Button>
    </>
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

import { tagUpsertSchema } from '@shared/schemas/tags';
import type { Tag } from '@shared/types';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { Checkbox, TextField } from '../../components/TextField';
import { useEntityForm } from '../../lib/useEntityForm';
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
  const [upsert] = useUpsertTagMutation();
  const [remove] = useDeleteTagMutation();
  const { form, dialog } = useEntityForm<TagForm>({
    schema: formSchema,
    defaultValues: { name: tag?.name ?? '', openForSignup: tag?.openForSignup ?? false },
    serverFields: ['name'],
    save: (values) =>
      upsert({ ...(tag ? { id: tag.id } : {}), name: values.name, openForSignup: values.openForSignup }).unwrap(),
    remove: tag ? () => remove(tag.id).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <EntityFormDialog
      state={dialog}
      title={tagFormTitle(tag)}
      what="tag"
      deleteWarning="Delete this tag? This cannot be undone."
    >
      <TextField label="Name" autoComplete="off" data-autofocus error={errors.name?.message} {...register('name')} />
      <Checkbox
        label="Open to sign-up links"
        description="Sign-up links (?signuptags=) may attach this tag to new members."
        {...register('openForSignup')}
      />
    </EntityFormDialog>
  );
}

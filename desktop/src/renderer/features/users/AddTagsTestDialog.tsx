import { useState } from 'react';
import { ValidationError } from 'yup';
import { addTagsSchema } from '@shared/schemas/user-admin';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { TagPicker } from './TagPicker';
import { useAddTagsTestMutation } from './usersApi';

/**
 * The hidden test button of docs/areas/users.md#api (POST /api/v2/user/add-tags {email, tags}): adds tags to one
 * user by email. The Options menu offers it only when the server says its test tools exist
 * (GET /api/v2/user/test-tools, a 404 in production), so production never shows it.
 */
export function AddTagsTestDialog({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [tags, setTags] = useState<number[]>([]);
  const [errors, setErrors] = useState<{ email?: string; tags?: string }>({});
  const [addTags, { isLoading, error }] = useAddTagsTestMutation();
  const server = error ? toApiError(error) : null;

  const submit = async () => {
    try {
      const body = await addTagsSchema.validate({ email, tags }, { abortEarly: false });
      setErrors({});
      await addTags({ email: body.email, tags: body.tags }).unwrap();
      onClose();
    } catch (err) {
      if (err instanceof ValidationError) {
        const next: { email?: string; tags?: string } = {};
        for (const e of err.inner) if (e.path === 'email' || e.path === 'tags') next[e.path] ??= e.message;
        setErrors(next);
      }
      // A server failure is shown below (and as a toast from the listener).
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add tags (test tool)"
      description="Adds tags to one member by email. Only on test servers: production has no such call."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={isLoading}>
            Add tags
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email ?? server?.fields.email}
        />
        <TagPicker label="Tags" selected={tags} onChange={setTags} />
        {(errors.tags ?? server?.fields.tags) && (
          <p className="-mt-2 text-xs text-red-600">{errors.tags ?? server?.fields.tags}</p>
        )}
        {server && Object.keys(server.fields).length === 0 && <Banner kind="error">{server.message}</Banner>}
      </form>
    </Dialog>
  );
}

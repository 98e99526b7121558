// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { object, string } from 'yup';
import { useEntityForm, type EntityFormOptions } from '../lib/useEntityForm';
import { EntityFormDialog } from './EntityFormDialog';
import { TextField } from './TextField';

afterEach(cleanup);

interface NoteForm {
  title: string;
}

/** RTK Query's rejected unwrap() of a 400 with field errors. */
const fieldErrors = (fields: Record<string, string>) => ({
  status: 400,
  data: { error: { code: 'bad_request', message: Object.values(fields)[0], fields } },
});

function NoteDialog(props: Pick<EntityFormOptions<NoteForm>, 'save' | 'remove' | 'onClose' | 'shownApart'>) {
  const { form, dialog, serverErrors } = useEntityForm<NoteForm>({
    schema: object({ title: string().trim().required('Title is required') }),
    defaultValues: { title: ' Draft ' },
    serverFields: ['title'],
    ...props,
  });
  return (
    <EntityFormDialog state={dialog} title="Edit note" what="note" deleteWarning="Delete this note?">
      <TextField label="Title" error={form.formState.errors.title?.message} {...form.register('title')} />
      {serverErrors.Position && <p>Apart: {serverErrors.Position}</p>}
    </EntityFormDialog>
  );
}

describe('useEntityForm + EntityFormDialog', () => {
  it('validates with the schema, saves the cast values and closes', async () => {
    const save = vi.fn(async () => ({}));
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<NoteDialog save={save} onClose={onClose} />);
    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Title'), '  Plan  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ title: 'Plan' });
  });

  it("puts the server's field errors under their fields, the others in a banner, and stays open", async () => {
    const save = vi.fn(async () => {
      throw fieldErrors({ title: 'Title is taken', owner: 'Owner is gone', Position: 'Position is off' });
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<NoteDialog save={save} onClose={onClose} shownApart={['Position']} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is taken')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Owner is gone');
    expect(screen.getByText('Apart: Position is off')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('deletes behind a confirmation and closes; a failed delete returns to the form', async () => {
    const onClose = vi.fn();
    const remove = vi.fn().mockRejectedValueOnce(fieldErrors({})).mockResolvedValueOnce({});
    const user = userEvent.setup();
    render(<NoteDialog save={vi.fn()} remove={remove} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Delete this note?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledTimes(2);
  });

  it('has no Delete without remove', () => {
    render(<NoteDialog save={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});

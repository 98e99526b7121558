import type { ReactNode } from 'react';
import type { EntityFormState } from '../lib/useEntityForm';
import { Banner } from './Banner';
import { Dialog, type DialogProps } from './Dialog';
import { FormFooter } from './FormFooter';

/**
 * The add/edit dialog of an entity (lib/useEntityForm): the form, a banner for server errors no
 * field shows, and the footer (Save, Cancel, and Delete behind a confirmation when `onDelete`).
 */
export function EntityFormDialog({
  state,
  title,
  description,
  size,
  what = '',
  deleteWarning = '',
  submitLabel,
  children,
}: {
  state: EntityFormState;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogProps['size'];
  /** What the entity is called, for 'Keep {what}' in the delete confirmation. */
  what?: string;
  deleteWarning?: string;
  /** The submit button's words ('Save' by default). */
  submitLabel?: string;
  children: ReactNode;
}) {
  const footer = (
    <FormFooter
      formId={state.formId}
      saving={state.saving}
      deleting={state.deleting}
      onCancel={state.onClose}
      onDelete={state.onDelete}
      deleteWarning={deleteWarning}
      what={what}
      submitLabel={submitLabel}
    />
  );
  return (
    <Dialog open onClose={state.onClose} title={title} description={description} size={size} footer={footer}>
      <form id={state.formId} onSubmit={state.onSubmit} noValidate className="flex flex-col gap-4">
        {state.unplaced.length > 0 && <Banner kind="error">{state.unplaced.join(' ')}</Banner>}
        {children}
      </form>
    </Dialog>
  );
}

import { useState } from 'react';
import { Button } from './Button';

/**
 * A dialog footer with Save, Cancel and (when editing) Delete behind a confirmation that says what
 * the deletion takes with it.
 */
export function FormFooter({
  formId,
  saving,
  deleting,
  onCancel,
  onDelete,
  deleteWarning,
  what,
  submitLabel = 'Save',
}: {
  formId: string;
  saving: boolean;
  deleting: boolean;
  onCancel: () => void;
  onDelete?: () => Promise<void>;
  deleteWarning: string;
  what: string;
  /** The submit button's words: what it does ("Start product"), 'Save' by default. */
  submitLabel?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  if (confirming && onDelete) {
    return (
      <>
        <p className="mr-auto max-w-sm text-sm text-gray-700" role="alert">
          {deleteWarning}
        </p>
        <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleting}>
          Keep {what}
        </Button>
        <Button
          variant="danger"
          loading={deleting}
          data-autofocus
          onClick={() => void onDelete().catch(() => setConfirming(false))}
        >
          Yes, delete
        </Button>
      </>
    );
  }
  return (
    <>
      {onDelete && (
        <Button variant="danger" className="mr-auto" onClick={() => setConfirming(true)} disabled={saving}>
          Delete
        </Button>
      )}
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={saving}>
        {submitLabel}
      </Button>
    </>
  );
}

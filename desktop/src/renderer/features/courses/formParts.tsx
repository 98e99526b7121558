import {
  useId,
  useState,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { Button } from '../../components/Button';
import { inputClasses } from '../../components/TextField';
import { cn } from '../../lib/cn';

function FieldShell({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

export function TextArea({
  label,
  error,
  hint,
  ref,
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(inputClasses(Boolean(error)), className)}
        {...rest}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  ref,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClasses(Boolean(error), 'select')}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** A labelled group of checkboxes over a list of choices (tags, modules), as a list of ids. */
export function ChecklistField({
  legend,
  choices,
  value,
  onChange,
  empty,
  error,
}: {
  legend: string;
  choices: ReadonlyArray<{ id: number; label: string; detail?: string }>;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  empty: string;
  error?: string;
}) {
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-gray-700">{legend}</legend>
      {choices.length === 0 ? (
        <p className="text-sm text-gray-500">{empty}</p>
      ) : (
        <div className="max-h-40 overflow-y-auto rounded-lg border border-gray-200 p-2">
          {choices.map((c) => (
            <label
              key={c.id}
              className="flex cursor-pointer items-start gap-2 rounded px-2 py-1 text-sm hover:bg-gray-50"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-600"
                checked={value.includes(c.id)}
                onChange={() => toggle(c.id)}
              />
              <span>
                <span className="text-gray-800">{c.label}</span>
                {c.detail && <span className="ml-1 text-gray-500">{c.detail}</span>}
              </span>
            </label>
          ))}
        </div>
      )}
      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
    </fieldset>
  );
}

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
}: {
  formId: string;
  saving: boolean;
  deleting: boolean;
  onCancel: () => void;
  onDelete?: () => Promise<void>;
  deleteWarning: string;
  what: string;
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
        Save
      </Button>
    </>
  );
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

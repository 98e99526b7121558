import { useId, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { inputClasses } from '../../components/TextField';
import { cn } from '../../lib/cn';

function Shell({
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

type Extra = { label: ReactNode; error?: string; hint?: ReactNode };

export function TextArea({
  label,
  error,
  hint,
  ref,
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Extra & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint}>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(inputClasses(Boolean(error)), className)}
        {...rest}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  ref,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & Extra & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint}>
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
    </Shell>
  );
}

/** A labelled group of checkboxes over a list of choices (tags, categories), as a list of ids. */
export function ChecklistField({
  legend,
  choices,
  value,
  onChange,
  empty,
  error,
}: {
  legend: string;
  choices: ReadonlyArray<{ id: number; label: string }>;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  empty: string;
  error?: string;
}) {
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-gray-700">{legend}</legend>
      {choices.length === 0 ? (
        <p className="text-sm text-gray-500">{empty}</p>
      ) : (
        <div
          className={cn('max-h-36 overflow-y-auto rounded-lg border p-2', error ? 'border-red-400' : 'border-gray-200')}
        >
          {choices.map((c) => (
            <label
              key={c.id}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm text-gray-800 hover:bg-gray-50"
            >
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={value.includes(c.id)}
                onChange={() => toggle(c.id)}
              />
              {c.label}
            </label>
          ))}
        </div>
      )}
      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
    </fieldset>
  );
}

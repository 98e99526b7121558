import { useId, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

/** Classes of a text input; `select` drops the read-only look (a select always matches :read-only). */
export const inputClasses = (invalid: boolean, kind: 'input' | 'select' = 'input') =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-gray-900 shadow-xs',
    'placeholder:text-gray-400 focus:outline-none focus:ring-2 disabled:bg-gray-50 disabled:text-gray-500',
    kind === 'input' && 'read-only:bg-gray-50 read-only:text-gray-600',
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
      : 'border-gray-300 focus:border-brand-500 focus:ring-brand-200',
  );

/** A label above a control, with its hint or error under it (ids for aria-describedby). */
export function FieldShell({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
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

/** The aria-describedby of a control in a FieldShell. */
export const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

interface FieldExtra {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled textarea with its error under it. */
export function TextArea({
  label,
  error,
  hint,
  ref,
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldExtra & { ref?: Ref<HTMLTextAreaElement> }) {
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

/** A labelled select with its error under it. */
export function SelectField({
  label,
  error,
  hint,
  ref,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & FieldExtra & { ref?: Ref<HTMLSelectElement> }) {
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

/** A labelled group of checkboxes over a list of choices (tags, modules, categories), as ids. */
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
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-gray-700">{legend}</legend>
      {choices.length === 0 ? (
        <p className="text-sm text-gray-500">{empty}</p>
      ) : (
        <div
          className={cn('max-h-40 overflow-y-auto rounded-lg border p-2', error ? 'border-red-400' : 'border-gray-200')}
        >
          {choices.map((c) => (
            <CheckboxRow key={c.id} checked={value.includes(c.id)} onChange={() => toggle(c.id)} align="start">
              <span>
                <span className="text-gray-800">{c.label}</span>
                {c.detail && <span className="ml-1 text-gray-500">{c.detail}</span>}
              </span>
            </CheckboxRow>
          ))}
        </div>
      )}
      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
    </fieldset>
  );
}

/** A clickable row with a checkbox and its label (lists of choices: tags, categories, resources). */
export function CheckboxRow({
  checked,
  onChange,
  children,
  align = 'center',
}: {
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  /** 'start' for labels that may wrap onto several lines. */
  align?: 'center' | 'start';
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-2 rounded px-2 py-1 text-sm text-gray-800 hover:bg-gray-50',
        align === 'start' ? 'items-start' : 'items-center',
      )}
    >
      <input
        type="checkbox"
        className={cn('size-4 accent-brand-600', align === 'start' && 'mt-0.5')}
        checked={checked}
        onChange={onChange}
      />
      {children}
    </label>
  );
}

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../lib/cn';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

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

/** A labelled input with its error under it (aria-invalid, aria-describedby). */
export function TextField({ label, error, hint, id, className, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses(Boolean(error))}
        {...input}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, description, id, className, ref, ...input }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-gray-300 accent-brand-600"
        aria-describedby={description ? `${inputId}-desc` : undefined}
        {...input}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="font-medium text-gray-800">
          {label}
        </label>
        {description && (
          <p id={`${inputId}-desc`} className="text-gray-500">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}

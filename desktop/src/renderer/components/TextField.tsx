import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../lib/cn';
import { describedBy, FieldShell, inputClasses } from './FormFields';

export { inputClasses };

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error under it (aria-invalid, aria-describedby). */
export function TextField({ label, error, hint, id, className, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={inputClasses(Boolean(error))}
        {...input}
      />
    </FieldShell>
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

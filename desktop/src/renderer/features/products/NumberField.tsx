import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { inputClasses } from '../../components/TextField';
import { cn } from '../../lib/cn';
import { InfoTip } from './InfoTip';

export interface NumberFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  /** Guidance (docs/areas/seller-tools.md#limits), shown in a tooltip beside the label (outside it, so the label stays clean). */
  tip?: string;
  prefix?: '$' | '£' | '€' | 'C$';
  suffix?: '%';
  /** Shown beside the label (e.g. an "Estimated" mark). */
  badge?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled numeric input with an optional $ or % adornment, its error under it. */
export function NumberField({
  label,
  error,
  tip,
  prefix,
  suffix,
  badge,
  id,
  className,
  ref,
  ...input
}: NumberFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-center gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-gray-700">
          {label}
        </label>
        {tip && <InfoTip text={tip} label={`About ${label.toLowerCase()}`} />}
        {badge}
      </div>
      <div className="relative">
        {prefix && (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-gray-500">
            {prefix}
          </span>
        )}
        <input
          ref={ref}
          id={inputId}
          type="number"
          inputMode="decimal"
          step="any"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            inputClasses(Boolean(error)),
            prefix && (prefix.length > 1 ? 'pl-9' : 'pl-7'),
            suffix && 'pr-8',
          )}
          {...input}
        />
        {suffix && (
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-gray-500">
            {suffix}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

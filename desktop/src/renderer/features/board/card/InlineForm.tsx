import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';

/** A small one-field form with Save and Cancel (checklist titles, items). Escape cancels. */
export function InlineForm({
  label,
  initial = '',
  submitLabel = 'Save',
  placeholder,
  maxLength,
  multiline = false,
  busy = false,
  onSubmit,
  onCancel,
  extra,
}: {
  label: string;
  initial?: string;
  submitLabel?: string;
  placeholder?: string;
  maxLength?: number;
  multiline?: boolean;
  busy?: boolean;
  onSubmit: (value: string) => Promise<void> | void;
  onCancel: () => void;
  extra?: React.ReactNode;
}) {
  const [value, setValue] = useState(initial);
  const id = useId();
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!value.trim() || busy) return;
    await onSubmit(value.trim());
    if (!initial) setValue(''); // an 'add' form stays open for the next one
  };
  const common = {
    id,
    autoFocus: true,
    value,
    maxLength,
    placeholder,
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCancel();
      } else if (e.key === 'Enter' && multiline && !e.shiftKey) {
        e.preventDefault();
        void submit();
      }
    },
    className:
      'w-full rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none',
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {multiline ? <textarea rows={2} {...common} /> : <input {...common} />}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" loading={busy} disabled={!value.trim()}>
          {submitLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        {extra}
      </div>
    </form>
  );
}

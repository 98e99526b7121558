import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { Markdown } from './Markdown';

/** The markdown description: rendered, or edited in a textarea with Save and Cancel. */
export function CardDescription({
  value,
  onChange,
  onSave,
}: {
  value: string;
  onChange: (v: string) => void;
  onSave: (v: string) => unknown;
}) {
  const [editing, setEditing] = useState(false);
  const [before, setBefore] = useState(value);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 id={`${id}-heading`} className="text-sm font-semibold text-gray-900">
          Description
        </h3>
        {!editing && value && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setBefore(value);
              setEditing(true);
            }}
          >
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={id} className="sr-only">
            Description (markdown)
          </label>
          <textarea
            id={id}
            autoFocus
            rows={6}
            maxLength={20_000}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder="Add a more detailed description… Markdown is supported."
            className="w-full rounded-lg border border-gray-300 px-3 py-2 font-mono text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => {
                onSave(value);
                setEditing(false);
              }}
            >
              Save
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                onChange(before);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : value ? (
        <Markdown className="rounded-lg bg-gray-50 px-3 py-2">{value}</Markdown>
      ) : (
        <button
          type="button"
          onClick={() => {
            setBefore(value);
            setEditing(true);
          }}
          className="rounded-lg bg-gray-50 px-3 py-3 text-left text-sm text-gray-500 hover:bg-gray-100"
        >
          Add a more detailed description…
        </button>
      )}
    </section>
  );
}

import { useState } from 'react';
import { cn } from '../../lib/cn';
import { ArticleMarkdown } from './ArticleMarkdown';
import { TextArea } from '../../components/FormFields';

/** The Article editor: markdown with a preview (rendered as members will read it, no raw HTML). */
export function ContentEditor({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const [preview, setPreview] = useState(false);
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between">
        <span className="text-sm font-medium text-gray-700" id="resource-content-label">
          Content (markdown)
        </span>
        <div role="group" aria-label="Editor mode" className="flex gap-1 text-xs">
          {(['Write', 'Preview'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={(mode === 'Preview') === preview}
              onClick={() => setPreview(mode === 'Preview')}
              className={cn(
                'rounded px-2 py-1 font-medium',
                (mode === 'Preview') === preview ? 'bg-brand-50 text-brand-700' : 'text-gray-600 hover:bg-gray-100',
              )}
            >
              {mode}
            </button>
          ))}
        </div>
      </div>
      {preview ? (
        <div className="max-h-80 min-h-40 overflow-y-auto rounded-lg border border-gray-200 p-3">
          {value.trim() ? (
            <ArticleMarkdown>{value}</ArticleMarkdown>
          ) : (
            <p className="text-sm text-gray-500">Nothing to preview yet.</p>
          )}
        </div>
      ) : (
        <TextArea
          label={<span className="sr-only">Content</span>}
          aria-labelledby="resource-content-label"
          rows={10}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={error}
          className="font-mono text-[13px]"
        />
      )}
    </div>
  );
}

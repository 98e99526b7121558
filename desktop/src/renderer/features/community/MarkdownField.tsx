import { useId, useRef, useState } from 'react';
import type { CommunityAuthor } from '@shared/types';
import { MESSAGES } from '@shared/messages';
import { Button } from '../../components/Button';
import { describedBy, inputClasses } from '../../components/FormFields';
import { ImageIcon } from '../../components/icons';
import { cn } from '../../lib/cn';
import { useImageUpload } from '../uploads/useImageUpload';
import { CommunityMarkdown } from './CommunityMarkdown';
import { MentionTextarea } from './MentionTextarea';

/**
 * A markdown body with Write / Preview (rendered exactly as readers will see it) and "Add image", which
 * uploads a picture through the portal's uploads and puts its markdown where the cursor was. With
 * `mention`, "@" and a name open the picker of the members who see that space (MentionTextarea).
 */
export function MarkdownField({
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
  rows = 8,
  mention,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  maxLength: number;
  rows?: number;
  mention?: { spaceId: number | undefined; picked: readonly CommunityAuthor[]; onPick: (p: CommunityAuthor) => void };
}) {
  const id = useId();
  const [preview, setPreview] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const image = useImageUpload();

  const addImage = async () => {
    const at = area.current?.selectionStart ?? value.length;
    const uploaded = await image.choose();
    if (!uploaded) return;
    const alt = uploaded.file.name.replace(/\.[a-z0-9]+$/i, '').replace(/[[\]]/g, '');
    const before = value.slice(0, at);
    const gap = before && !before.endsWith('\n') ? '\n\n' : '';
    onChange(`${before}${gap}![${alt}](${uploaded.url})\n\n${value.slice(at)}`);
  };

  return (
    <div>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-700">
          {label}
        </label>
        <div className="flex items-center gap-1">
          <div role="group" aria-label="Editor mode" className="flex gap-1 text-xs">
            {[MESSAGES.communityWrite, MESSAGES.communityPreview].map((mode) => {
              const on = (mode === MESSAGES.communityPreview) === preview;
              return (
                <button
                  key={mode}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setPreview(mode === MESSAGES.communityPreview)}
                  className={cn(
                    'rounded px-2 py-1 font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
                    on ? 'bg-brand-50 text-brand-700' : 'text-gray-600 hover:bg-gray-100',
                  )}
                >
                  {mode}
                </button>
              );
            })}
          </div>
          <Button
            size="sm"
            variant="ghost"
            loading={image.uploading}
            disabled={preview}
            onClick={() => void addImage()}
          >
            {!image.uploading && <ImageIcon />}
            Add image
          </Button>
        </div>
      </div>
      {preview ? (
        <div
          id={id}
          role="region"
          aria-label={`${label}: ${MESSAGES.communityPreview}`}
          tabIndex={0}
          className="max-h-96 min-h-40 overflow-y-auto rounded-lg border border-gray-200 p-3"
        >
          {value.trim() ? (
            <CommunityMarkdown>{value}</CommunityMarkdown>
          ) : (
            <p className="text-sm text-gray-500">{MESSAGES.communityPreviewEmpty}</p>
          )}
        </div>
      ) : mention ? (
        <MentionTextarea
          textareaRef={area}
          id={id}
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={onChange}
          spaceId={mention.spaceId}
          picked={mention.picked}
          onPick={mention.onPick}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={inputClasses(Boolean(error))}
        />
      ) : (
        <textarea
          ref={area}
          id={id}
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={inputClasses(Boolean(error))}
        />
      )}
      {image.problem && (
        <p className="mt-1 text-xs text-red-600" role="alert">
          {image.problem}
        </p>
      )}
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

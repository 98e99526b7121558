import { useState } from 'react';
import type { Card } from '@shared/types/board';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { assetUrl } from '../../../lib/assetUrl';
import { useDeleteAttachmentMutation, useUpsertCardMutation } from '../boardApi';
import type { AttachImage } from './useAttachImage';

/** Attachments: thumbnails, Make Cover / Remove Cover, Delete (confirmed), upload From Computer. */
export function CardAttachments({ card, attachImage }: { card: Card; attachImage: AttachImage }) {
  const [setCover, { isLoading: covering }] = useUpsertCardMutation();
  const [remove, { isLoading: removing }] = useDeleteAttachmentMutation();
  const [confirming, setConfirming] = useState<number | null>(null);

  return (
    <section aria-labelledby="mtn-attachments-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="mtn-attachments-heading" className="text-sm font-semibold text-gray-900">
          Attachments
        </h3>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void attachImage.pickAndAttach()}
          loading={attachImage.busy}
        >
          From Computer
        </Button>
      </div>
      <p className="text-xs text-gray-500" aria-live="polite">
        {attachImage.uploading ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-3" /> Uploading your image…
          </span>
        ) : (
          'Images only: PNG, JPEG, GIF or WebP, up to 5 MB.'
        )}
      </p>
      {attachImage.problem && (
        <p role="alert" className="text-xs text-red-600">
          {attachImage.problem}
        </p>
      )}
      {card.Attachments.length > 0 && (
        <ul className="flex flex-col gap-2">
          {card.Attachments.map((a) => {
            const isCover = card.coverPhotoUrl === a.fileUrl;
            return (
              <li key={a.id} className="flex flex-wrap items-center gap-3 rounded-lg p-1 hover:bg-gray-50">
                <img src={assetUrl(a.fileUrl)} alt="" className="h-14 w-20 rounded object-cover ring-1 ring-gray-200" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-gray-900">{a.fileName}</p>
                  <p className="text-xs text-gray-500">
                    Added {new Date(a.createdAt).toLocaleString()}
                    {isCover && <span className="ml-2 rounded bg-brand-50 px-1.5 text-brand-700">Cover</span>}
                  </p>
                </div>
                {confirming === a.id ? (
                  <span className="flex items-center gap-2" role="group" aria-label={`Delete ${a.fileName}?`}>
                    <span className="text-xs text-gray-700">Delete this attachment?</span>
                    <Button
                      size="sm"
                      variant="danger"
                      loading={removing}
                      onClick={() => void remove({ id: a.id, CardId: card.id }).finally(() => setConfirming(null))}
                    >
                      Yes
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                      Cancel
                    </Button>
                  </span>
                ) : (
                  <span className="flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={covering}
                      onClick={() => void setCover({ id: card.id, coverPhotoUrl: isCover ? null : a.fileUrl })}
                      aria-label={`${isCover ? 'Remove Cover' : 'Make Cover'}: ${a.fileName}`}
                    >
                      {isCover ? 'Remove Cover' : 'Make Cover'}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setConfirming(a.id)}
                      aria-label={`Delete ${a.fileName}`}
                    >
                      Delete
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { useId, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { inputClasses } from '../../components/FormFields';
import { Loading } from '../../components/Spinner';
import { copyToClipboard } from '../../lib/clipboard';
import { toApiError } from '../../lib/apiErrors';
import { useGetCalendarFeedQuery, useRotateCalendarFeedMutation } from './calendarApi';

/** Subscribe: the private feed address, Copy, and Reset address (after a confirmation). */
export function FeedDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const { data, error, isLoading, refetch } = useGetCalendarFeedQuery();
  const [rotate, rotating] = useRotateCalendarFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async () => {
    if (!data) return;
    setCopied((await copyToClipboard(data.url)) ? MESSAGES.calendarFeedCopied : MESSAGES.calendarFeedCopyFailed);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Subscribe to your calendar"
      description={MESSAGES.calendarFeedIntro}
      footer={
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      }
    >
      {isLoading ? (
        <Loading label="Loading your address…" />
      ) : !data ? (
        <LoadError onRetry={() => void refetch()}>{toApiError(error).message || MESSAGES.calendarError}</LoadError>
      ) : (
        <div className="space-y-4">
          <div>
            <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">
              Calendar address
            </label>
            <div className="flex gap-2">
              <input
                id={id}
                readOnly
                value={data.url}
                onFocus={(e) => e.currentTarget.select()}
                className={inputClasses(false)}
              />
              <Button variant="secondary" onClick={() => void copy()}>
                Copy
              </Button>
            </div>
            <p className="mt-1 min-h-5 text-xs text-gray-600" role="status">
              {copied}
            </p>
          </div>
          {confirming ? (
            <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="alert">
              <p>{MESSAGES.calendarFeedRotateWarning}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  variant="danger"
                  size="sm"
                  disabled={rotating.isLoading}
                  onClick={() =>
                    void rotate()
                      .unwrap()
                      .then(
                        () => setCopied(null),
                        () => undefined,
                      )
                      .finally(() => setConfirming(false))
                  }
                >
                  Reset address
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
                  Keep this address
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Reset address…
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}

import { Link } from 'react-router-dom';
import type { CalendarEvent } from '@shared/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ExternalIcon } from '../../components/icons';
import { longDay, timeOf } from './dates';
import { RsvpButtons } from './RsvpButtons';

/** One event: when, the join link and the answer of a call, or the link to a card; admins edit a call from here. */
export function EventDialog({
  event,
  admin,
  onClose,
  onEdit,
}: {
  event: CalendarEvent;
  admin: boolean;
  onClose: () => void;
  onEdit: () => void;
}) {
  const call = event.kind === 'call';
  const start = new Date(event.startsAt);
  return (
    <Dialog
      open
      onClose={onClose}
      title={event.title}
      description={`${longDay(start)}, ${timeOf(event.startsAt)}${event.endsAt ? ` – ${timeOf(event.endsAt)}` : ''}`}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          {call && admin && (
            <Button variant="secondary" onClick={onEdit}>
              Edit call
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      }
    >
      {call ? (
        <div className="space-y-4">
          <a
            href={event.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
          >
            Join the call <ExternalIcon />
          </a>
          <RsvpButtons event={event} />
        </div>
      ) : (
        <Link to={event.url} onClick={onClose} className="font-medium text-brand-700 hover:underline">
          Open the card
        </Link>
      )}
    </Dialog>
  );
}

import type { CalendarEvent } from '@shared/types';
import { Button } from '../../components/Button';
import { useRsvpCallMutation } from './calendarApi';

/** Going / Not going for a call (all its occurrences); the current answer is pressed. */
export function RsvpButtons({ event }: { event: CalendarEvent }) {
  const [rsvp, { isLoading }] = useRsvpCallMutation();
  const answer = (going: boolean) => void rsvp({ id: event.id, going });
  return (
    <div role="group" aria-label={`Will you attend ${event.title}?`} className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant={event.going === true ? 'primary' : 'secondary'}
        aria-pressed={event.going === true}
        disabled={isLoading}
        onClick={() => answer(true)}
      >
        Going
      </Button>
      <Button
        size="sm"
        variant={event.going === false ? 'primary' : 'secondary'}
        aria-pressed={event.going === false}
        disabled={isLoading}
        onClick={() => answer(false)}
      >
        Not going
      </Button>
    </div>
  );
}

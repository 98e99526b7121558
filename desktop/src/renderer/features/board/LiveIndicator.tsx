import { MESSAGES } from '@shared/messages';
import type { StreamState } from '../../lib/eventStream';

const LOOK: Record<StreamState, { text: string; dot: string }> = {
  connecting: { text: MESSAGES.liveConnecting, dot: 'bg-gray-400' },
  connected: { text: MESSAGES.liveConnected, dot: 'bg-green-500' },
  reconnecting: { text: MESSAGES.liveReconnecting, dot: 'bg-amber-500' },
};

/** The board's live state (docs/areas/live.md): a dot and a word, announced politely when it changes. */
export function LiveIndicator({ state }: { state: StreamState }) {
  const look = LOOK[state];
  return (
    <span
      role="status"
      data-testid="live-state"
      data-state={state}
      className="inline-flex items-center gap-1.5 rounded-full border border-gray-200 px-2 py-0.5 text-xs font-medium text-gray-600"
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${look.dot}`} />
      {look.text}
    </span>
  );
}

import { MESSAGES } from '@shared/messages';
import type { CurrentUser } from '@shared/types';
import type { BoardInfo } from '@shared/types/board';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { usePortalSettings } from '../settings/usePortalSettings';

/**
 * Whether the board opens with the welcome video: on the member's own board (never the Master
 * Template, never someone else's board) until they first close it, once per account wherever
 * they sign in (docs/areas/board.md, "Welcome video").
 */
export function welcomeOnOpen(user: CurrentUser | null, board: BoardInfo): boolean {
  return user !== null && board.userId === user.id && !board.isTemplate && user.welcomeSeenAt === null;
}

/**
 * 'Welcome To The New MTN Tool 2.0' with the intro video. The board opens it once per account and
 * the board's "Welcome video" button again at any time; closing it is what counts as seen.
 */
export function WelcomeDialog({ onClose }: { onClose: () => void }) {
  const { settings } = usePortalSettings();
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={MESSAGES.mtnWelcomeTitle}
      description="Turn your goals into cards, move them across the lists as you go, and let your coach review them."
      footer={
        <Button onClick={onClose} data-autofocus>
          Get started
        </Button>
      }
    >
      {/* An empty welcome video (Portal settings) hides the frame. */}
      {settings.boardWelcomeVideo && (
        <div className="aspect-video w-full overflow-hidden rounded-lg bg-gray-900">
          <iframe
            className="size-full"
            src={settings.boardWelcomeVideo}
            title="Move the Needle introduction video"
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
          />
        </div>
      )}
    </Dialog>
  );
}

import { useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Checkbox } from '../../components/TextField';
import { WELCOME_DISMISSED_KEY } from './config';
import { usePortalSettings } from '../settings/usePortalSettings';

function dismissed(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * 'Welcome To The New MTN Tool 2.0' with the intro video. Shown each time the board opens until
 * 'Don't show again' is ticked (remembered in this browser).
 */
export function WelcomeDialog() {
  const { settings } = usePortalSettings();
  const [open, setOpen] = useState(() => !dismissed());
  const [dontShow, setDontShow] = useState(false);
  const close = () => {
    if (dontShow) {
      try {
        window.localStorage.setItem(WELCOME_DISMISSED_KEY, '1');
      } catch {
        // Storage unavailable (private mode): the dialog shows again next time.
      }
    }
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={MESSAGES.mtnWelcomeTitle}
      description="Turn your goals into cards, move them across the lists as you go, and let your coach review them."
      footer={
        <>
          <Checkbox
            className="mr-auto"
            label="Don't show again"
            checked={dontShow}
            onChange={(e) => setDontShow(e.target.checked)}
          />
          <Button onClick={close} data-autofocus>
            Get started
          </Button>
        </>
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

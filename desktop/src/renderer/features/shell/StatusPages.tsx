import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { isSubscriptionBlocked } from '@shared/policies/principal';
import { buttonClasses } from '../../components/Button';
import { ExternalLink, openOutside } from '../../components/ExternalLink';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { isDesktop } from '../../platform/files';
import { AppShell } from './AppShell';
import { Logo } from './Logo';
import { usePortalSettings } from '../settings/usePortalSettings';

function StatusPage({
  eyebrow,
  title,
  text,
  children,
}: {
  eyebrow?: string;
  title: string;
  text?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center px-4 py-16 text-center sm:py-24">
      {eyebrow && <p className="text-sm font-semibold text-brand-600">{eyebrow}</p>}
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      {text && <p className="mt-3 max-w-md text-sm text-gray-500">{text}</p>}
      {children && <div className="mt-8 flex flex-col gap-3 sm:flex-row">{children}</div>}
    </div>
  );
}

const homeLink = (
  <Link to="/" className={buttonClasses('secondary')}>
    Go back home
  </Link>
);

/** The 404 page (docs/screens.md). */
export function NotFound() {
  return (
    <StatusPage eyebrow="404" title={MESSAGES.pageNotFound} text={MESSAGES.pageNotFoundHint}>
      <Link to="/" className={buttonClasses('primary')}>
        Go back home
      </Link>
    </StatusPage>
  );
}

/** 404 inside the app shell for a signed-in member, on a plain page otherwise. */
export function NotFoundScreen() {
  const user = useAppSelector(selectCurrentUser);
  if (user && !isSubscriptionBlocked(user)) {
    return (
      <AppShell>
        <NotFound />
      </AppShell>
    );
  }
  return (
    <div className="flex min-h-full flex-col items-center justify-center px-4">
      <Logo />
      <NotFound />
    </div>
  );
}

/** A wrong role (docs/screens.md access guard). */
export function MembersOnly() {
  const { settings } = usePortalSettings();
  return (
    <StatusPage
      title={MESSAGES.membersOnly}
      text="Your membership doesn't include this area yet. Apply to upgrade to unlock it."
    >
      <ExternalLink href={settings.applyUrl} className={buttonClasses('primary')}>
        Apply Now
      </ExternalLink>
      {homeLink}
    </StatusPage>
  );
}

/**
 * A route hidden for this member (Move the Needle cutoff): the calendar site takes over. The web
 * build leaves for it; the desktop app opens it in the browser and stays here.
 */
export function ExternalRedirect({ to }: { to: string }) {
  const opened = useRef<string | null>(null);
  const desktop = isDesktop();
  useEffect(() => {
    if (opened.current === to) return;
    opened.current = to;
    openOutside(to);
  }, [to]);
  return (
    <StatusPage
      title="Book your next step on our calendar"
      text={
        desktop
          ? 'This area is not part of your membership. We opened the booking calendar in your browser.'
          : 'This area is not part of your membership. Taking you to the booking calendar…'
      }
    >
      <ExternalLink href={to} className={buttonClasses('primary')}>
        Open the calendar
      </ExternalLink>
      {homeLink}
    </StatusPage>
  );
}

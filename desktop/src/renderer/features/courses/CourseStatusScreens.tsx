import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { buttonClasses } from '../../components/Button';
import { ExternalLink } from '../../components/ExternalLink';
import { LockIcon } from '../../components/icons';
import { usePortalSettings } from '../settings/usePortalSettings';

function Screen({
  eyebrow,
  title,
  text,
  children,
}: {
  eyebrow?: string;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center px-4 py-16 text-center sm:py-24">
      {eyebrow && <p className="text-sm font-semibold text-brand-600">{eyebrow}</p>}
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-md text-sm text-gray-500">{text}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">{children}</div>
    </div>
  );
}

/** docs/errors.md: 'Course not found' is a 404 screen with 'Go back to courses'. */
export function CourseNotFound() {
  return (
    <Screen
      eyebrow="404"
      title={MESSAGES.courseNotFound}
      text="This course does not exist, or it is not available to you."
    >
      <Link to="/courses" className={buttonClasses('primary')}>
        Go back to courses
      </Link>
    </Screen>
  );
}

/** A course the member's membership does not include (a required tag is missing). */
export function CourseNoAccess({ title }: { title?: string }) {
  const { settings } = usePortalSettings();
  return (
    <Screen
      eyebrow="Members only"
      title={title ? `${title} is not part of your membership yet` : 'This course is not part of your membership yet'}
      text="Upgrade your membership to unlock this course, or ask support if you think you should have access."
    >
      <ExternalLink href={settings.applyUrl} className={buttonClasses('primary')}>
        <LockIcon /> Apply Now
      </ExternalLink>
      <Link to="/courses" className={buttonClasses('secondary')}>
        Back to courses
      </Link>
    </Screen>
  );
}

import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { buttonClasses } from '../../components/Button';
import { ExternalLink } from '../../components/ExternalLink';
import { LockIcon } from '../../components/icons';
import { usePortalSettings } from '../settings/usePortalSettings';
import { useGetCourseOutlineQuery } from './coursesApi';

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

/**
 * A course the member's membership does not include (a required tag is missing): how to get access,
 * and the course's outline (module and lesson titles) so the member sees what it would open.
 */
export function CourseNoAccess({ title, slug }: { title?: string; slug?: string }) {
  const { settings } = usePortalSettings();
  const outline = useGetCourseOutlineQuery({ slug: slug ?? '' }, { skip: !slug });
  const name = title ?? outline.data?.title;
  const modules = outline.data?.modules ?? [];
  const lessons = modules.reduce((n, m) => n + m.lessons.length, 0);
  return (
    <div>
      <Screen
        eyebrow="Members only"
        title={name ? `${name} is not part of your membership yet` : 'This course is not part of your membership yet'}
        text="Upgrade your membership to unlock this course: apply for the membership that includes it, and it opens here as soon as your access is granted. Ask support if you think you should have access already."
      >
        <ExternalLink href={settings.applyUrl} className={buttonClasses('primary')}>
          <LockIcon /> Apply Now
        </ExternalLink>
        <Link to="/courses" className={buttonClasses('secondary')}>
          Back to courses
        </Link>
      </Screen>
      {modules.length > 0 && (
        <section aria-labelledby="locked-outline" className="mx-auto mb-12 max-w-2xl px-4">
          <h2 id="locked-outline" className="text-base font-semibold text-gray-900">
            What this course holds
          </h2>
          <p className="mt-1 text-sm text-gray-500">
            {modules.length === 1 ? '1 module' : `${modules.length} modules`} ·{' '}
            {lessons === 1 ? '1 lesson' : `${lessons} lessons`}
          </p>
          <ol className="mt-4 flex flex-col gap-4">
            {modules.map((m) => (
              <li key={m.id} className="rounded-lg border border-gray-200 bg-white px-4 py-3">
                <h3 className="text-sm font-semibold text-gray-900">{m.title}</h3>
                {m.lessons.length > 0 && (
                  <ul className="mt-2 flex flex-col gap-1.5">
                    {m.lessons.map((l) => (
                      <li key={l.id} className="flex items-center gap-2 text-sm text-gray-600">
                        <LockIcon className="size-3.5 shrink-0 text-gray-400" aria-hidden="true" />
                        {l.title}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

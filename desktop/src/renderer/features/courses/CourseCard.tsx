import { Link } from 'react-router-dom';
import type { Course } from '@shared/types';
import { assetUrl } from '../../lib/assetUrl';
import { cn } from '../../lib/cn';
import { coursePath, isCompleted } from './courseNav';
import { EditIcon, LockIcon } from '../../components/icons';
import { ProgressBar } from '../../components/ProgressBar';

export function Badge({ tone, children }: { tone: 'green' | 'amber' | 'gray'; children: React.ReactNode }) {
  const tones = {
    green: 'bg-green-50 text-green-700 ring-green-600/20',
    amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
    gray: 'bg-gray-100 text-gray-700 ring-gray-500/20',
  };
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A course's cover, or a calm placeholder with its initials. */
export function CourseCover({
  course,
  className,
}: {
  course: Pick<Course, 'title' | 'coverPhotoUrl'>;
  className?: string;
}) {
  if (course.coverPhotoUrl) {
    return <img src={assetUrl(course.coverPhotoUrl)} alt="" className={cn('object-cover', className)} />;
  }
  const initials = course.title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex items-center justify-center bg-gradient-to-br from-brand-500 to-brand-800 text-2xl font-semibold text-white/90',
        className,
      )}
    >
      {initials}
    </div>
  );
}

/**
 * A course card (SPEC §2): cover, title, description, progress bar, 'Completed' at 100, DRAFT
 * for admins, a lock when a required tag is missing. The whole card opens the course; the admin's
 * edit button sits above the link.
 */
export function CourseCard({ course, onEdit }: { course: Course; onEdit?: (course: Course) => void }) {
  const done = isCompleted(course.totalProgress);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xs transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500">
      <CourseCover course={course} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          {course.status === 'DRAFT' && <Badge tone="amber">DRAFT</Badge>}
          {done && course.hasAccess && <Badge tone="green">Completed</Badge>}
          {!course.hasAccess && (
            <Badge tone="gray">
              <LockIcon className="size-3" /> Members only
            </Badge>
          )}
        </div>
        <h2 className="text-base font-semibold text-gray-900">
          <Link to={coursePath(course.slug)} className="after:absolute after:inset-0 focus:outline-none">
            {course.title}
          </Link>
        </h2>
        {course.description && <p className="line-clamp-3 text-sm text-gray-600">{course.description}</p>}
        <div className="mt-auto pt-1">
          <ProgressBar value={course.totalProgress} label={`${course.title} progress`} />
        </div>
      </div>
      {onEdit && (
        <button
          type="button"
          onClick={() => onEdit(course)}
          aria-label={`Edit ${course.title}`}
          className="absolute top-2 right-2 z-10 rounded-lg bg-white/90 p-2 text-gray-700 shadow-sm ring-1 ring-gray-200 hover:bg-white hover:text-brand-700"
        >
          <EditIcon />
        </button>
      )}
    </article>
  );
}

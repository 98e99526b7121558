import { useState } from 'react';
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

/** Fallback cover colours (dark enough for white initials); a course keeps its own by its title. */
const PALETTES = [
  'from-brand-600 to-brand-900',
  'from-teal-600 to-emerald-900',
  'from-sky-600 to-indigo-900',
  'from-rose-600 to-fuchsia-900',
  'from-amber-600 to-orange-900',
  'from-slate-600 to-slate-900',
] as const;

export function paletteOf(title: string): number {
  let hash = 0;
  for (const ch of title) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % PALETTES.length;
}

/**
 * A course's cover image, or (no cover, or it fails to load) a designed fallback: the course's
 * own colour by its title, a quiet pattern and its initials.
 */
export function CourseCover({
  course,
  className,
}: {
  course: Pick<Course, 'title' | 'coverPhotoUrl'>;
  className?: string;
}) {
  const src = assetUrl(course.coverPhotoUrl);
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img src={src} alt="" loading="lazy" onError={() => setFailed(src)} className={cn('object-cover', className)} />
    );
  }
  const initials = course.title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  const palette = paletteOf(course.title);
  return (
    <div
      aria-hidden="true"
      data-testid="course-cover-fallback"
      data-palette={palette}
      className={cn(
        'relative overflow-hidden bg-linear-to-br',
        PALETTES[palette],
        !className?.includes('text-') && 'text-3xl',
        className,
      )}
    >
      <svg viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 size-full">
        <circle cx={palette % 2 ? 40 : 280} cy="20" r="90" fill="white" fillOpacity="0.08" />
        <circle cx={palette % 2 ? 290 : 30} cy="170" r="70" fill="white" fillOpacity="0.06" />
        <path d="M0 140 C80 110 160 170 320 120 V180 H0 Z" fill="black" fillOpacity="0.12" />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center font-semibold tracking-wider text-white">
        {initials}
      </span>
    </div>
  );
}

/**
 * A course card (docs/areas/courses.md#screens): cover, title, description, progress bar, 'Completed' at 100, DRAFT
 * for admins, a lock when a required tag is missing. The whole card opens the course; the admin's
 * edit button sits above the link.
 */
export function CourseCard({ course, onEdit }: { course: Course; onEdit?: (course: Course) => void }) {
  const done = isCompleted(course.totalProgress);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xs transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500">
      <CourseCover course={course} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        {(course.status === 'DRAFT' || done || !course.hasAccess) && (
          <div className="flex flex-wrap items-center gap-2">
            {course.status === 'DRAFT' && <Badge tone="amber">DRAFT</Badge>}
            {done && course.hasAccess && <Badge tone="green">Completed</Badge>}
            {!course.hasAccess && (
              <Badge tone="gray">
                <LockIcon className="size-3" /> Members only
              </Badge>
            )}
          </div>
        )}
        <h2 className="text-base font-semibold text-gray-900">
          <Link to={coursePath(course.slug)} className="after:absolute after:inset-0 focus:outline-none">
            {course.title}
          </Link>
        </h2>
        {course.description && <p className="line-clamp-3 text-sm text-gray-600">{course.description}</p>}
        <div className="mt-auto pt-1">
          {course.hasAccess ? (
            <ProgressBar value={course.totalProgress} label={`${course.title} progress`} />
          ) : (
            // Nothing started can be shown for a course the member cannot open: what it holds instead.
            <p className="text-xs text-gray-500" data-testid="locked-course-size">
              {course.moduleCount === 1 ? '1 module' : `${course.moduleCount} modules`} ·{' '}
              {course.lessonCount === 1 ? '1 lesson' : `${course.lessonCount} lessons`} · open it to see the outline
            </p>
          )}
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

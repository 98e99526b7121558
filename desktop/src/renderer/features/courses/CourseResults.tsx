import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ALL_TAB_ITEMS } from '@shared/limits';
import type { Course, CourseCatalog, CourseTab, LessonSummary, ModuleSummary } from '@shared/types';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Spinner';
import { cn } from '../../lib/cn';
import { CourseCard } from './CourseCard';
import { coursePath } from './courseNav';
import { CompletionCircle } from '../../components/icons';
import { Highlight } from './Highlight';

const TABS: ReadonlyArray<{ key: CourseTab; label: string }> = [
  { key: 'all', label: 'All' },
  { key: 'courses', label: 'Courses' },
  { key: 'modules', label: 'Modules' },
  { key: 'lessonsTitles', label: 'Lessons titles' },
  { key: 'lessonsContent', label: 'Lessons content' },
];

type Kind = Exclude<CourseTab, 'all'>;

function ModuleItem({ module, search }: { module: ModuleSummary; search: string }) {
  return (
    <li>
      <Link
        to={coursePath(module.courseSlug ?? '', module.id)}
        className="block rounded-lg border border-gray-200 bg-white px-4 py-3 hover:border-brand-300 hover:bg-brand-50/40"
      >
        <span className="block font-medium text-gray-900">
          <Highlight text={module.title} search={search} />
        </span>
        <span className="text-sm text-gray-500">{module.courseTitle}</span>
      </Link>
    </li>
  );
}

function LessonItem({ lesson, search }: { lesson: LessonSummary; search: string }) {
  return (
    <li>
      <Link
        to={coursePath(lesson.courseSlug ?? '', lesson.ModuleId, lesson.id)}
        className="flex items-start gap-3 rounded-lg border border-gray-200 bg-white px-4 py-3 hover:border-brand-300 hover:bg-brand-50/40"
      >
        <CompletionCircle completed={lesson.completed === 'true'} />
        <span className="min-w-0">
          <span className="block font-medium text-gray-900">
            <Highlight text={lesson.title} search={search} />
          </span>
          <span className="block text-sm text-gray-500">
            {lesson.courseTitle} · {lesson.moduleTitle}
          </span>
          {lesson.snippet && (
            <span className="mt-1 block text-sm text-gray-600" data-testid="lesson-snippet">
              <Highlight text={lesson.snippet} search={search} />
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function Items({
  kind,
  catalog,
  search,
  limit,
  onEdit,
}: {
  kind: Kind;
  catalog: CourseCatalog;
  search: string;
  limit?: number;
  onEdit?: (c: Course) => void;
}) {
  const cut = <T,>(xs: T[]) => (limit ? xs.slice(0, limit) : xs);
  if (kind === 'courses') {
    return (
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="course-grid">
        {cut(catalog.courses).map((c) => (
          <CourseCard key={c.id} course={c} onEdit={onEdit} />
        ))}
      </div>
    );
  }
  if (kind === 'modules') {
    return (
      <ul className="grid gap-2 sm:grid-cols-2">
        {cut(catalog.modules).map((m) => (
          <ModuleItem key={m.id} module={m} search={search} />
        ))}
      </ul>
    );
  }
  return (
    <ul className="grid gap-2">
      {cut(catalog[kind]).map((l) => (
        <LessonItem key={l.id} lesson={l} search={search} />
      ))}
    </ul>
  );
}

function Section({
  title,
  count,
  onViewAll,
  children,
}: {
  title: string;
  count: number;
  onViewAll: () => void;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-gray-900">
          {title} <span className="font-normal text-gray-500">({count})</span>
        </h2>
        {count > ALL_TAB_ITEMS && (
          <Button size="sm" variant="ghost" onClick={onViewAll}>
            View all
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

/** What a tab shows before anything is searched: it lists matches, so it needs a search. */
const BEFORE_SEARCH: Record<Exclude<Kind, 'courses'>, string> = {
  modules: 'Type in the search box to find modules by their title.',
  lessonsTitles: 'Type in the search box to find lessons by their title.',
  lessonsContent: 'Type in the search box to find lessons by what they teach.',
};

/**
 * The Courses screen's tabs (docs/areas/courses.md#screens), shown from the start. Without a search, All and Courses
 * show every course and the other tabs say what searching finds; with one, each tab has its
 * count and All shows the first 3 of each kind with View all.
 */
export function CourseResults({
  catalog,
  search,
  tab,
  onTab,
  onEdit,
  noCourses,
}: {
  /** Undefined while a search's answer is on its way: the tabs stay, the panel says so. */
  catalog: CourseCatalog | undefined;
  search: string;
  tab: CourseTab;
  onTab: (tab: CourseTab) => void;
  onEdit?: (c: Course) => void;
  /** The empty state's text when there are no courses at all (no search). */
  noCourses: string;
}) {
  const counts = catalog?.counts ?? { courses: 0, modules: 0, lessonsTitles: 0, lessonsContent: 0 };
  const total = counts.courses + counts.modules + counts.lessonsTitles + counts.lessonsContent;
  const countOf = (key: CourseTab): number | null => {
    if (!catalog) return null;
    if (key === 'all') return search ? total : counts.courses;
    if (key === 'courses' || search) return counts[key];
    return null;
  };
  let body: ReactNode;
  if (!catalog) {
    body = <Loading label="Searching…" />;
  } else if (!search && tab !== 'all' && tab !== 'courses') {
    body = <EmptyState title="Search to see results here" description={BEFORE_SEARCH[tab]} />;
  } else if (!search && counts.courses === 0) {
    body = <EmptyState title="No courses yet" description={noCourses} />;
  } else if (!search) {
    body = <Items kind="courses" catalog={catalog} search="" onEdit={onEdit} />;
  } else if (countOf(tab) === 0) {
    body = <EmptyState title={`No results for “${search}”`} description="Try another word, or fewer words." />;
  } else if (tab === 'all') {
    body = (
      <div className="flex flex-col gap-8">
        {TABS.slice(1).map(({ key, label }) =>
          counts[key as Kind] > 0 ? (
            <Section key={key} title={label} count={counts[key as Kind]} onViewAll={() => onTab(key)}>
              <Items kind={key as Kind} catalog={catalog} search={search} limit={ALL_TAB_ITEMS} onEdit={onEdit} />
            </Section>
          ) : null,
        )}
      </div>
    );
  } else {
    body = <Items kind={tab} catalog={catalog} search={search} onEdit={onEdit} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <div
        role="tablist"
        aria-label="Course results"
        className="-mb-px flex gap-1 overflow-x-auto border-b border-gray-200"
      >
        {TABS.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`courses-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="courses-tabpanel"
            onClick={() => onTab(key)}
            className={cn(
              'shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
              tab === key ? 'border-brand-600 text-brand-700' : 'border-transparent text-gray-600 hover:text-gray-900',
            )}
          >
            {label}
            {countOf(key) !== null && (
              <>
                {' '}
                <span className="text-gray-500">({countOf(key)})</span>
              </>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="courses-tabpanel" aria-labelledby={`courses-tab-${tab}`}>
        {body}
      </div>
    </div>
  );
}

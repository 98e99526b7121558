import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '@shared/limits';
import { can } from '@shared/policies';
import type { Lesson, Module } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Spinner';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { Badge } from './CourseCard';
import { currentLesson, nextLesson, resumeLesson } from './courseNav';
import { CourseOutline } from './CourseOutline';
import { CourseOverview } from './CourseOverview';
import { useGetCourseQuery, useReorderCourseMutation } from './coursesApi';
import { CourseNoAccess, CourseNotFound } from './CourseStatusScreens';
import { SearchIcon } from '../../components/icons';
import { LessonFormDialog } from './LessonFormDialog';
import { LessonPane } from './LessonPane';
import { ModuleFormDialog } from './ModuleFormDialog';
import { OutlineReorder, orderBody, orderDraft, type OrderModule } from './OutlineReorder';
import { ProgressBar } from '../../components/ProgressBar';
import { useQueryParams } from '../../lib/useQueryParams';
import { usePageTitle } from '../shell/pageTitles';

const positiveInt = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/**
 * Course detail (docs/areas/courses.md#screens) at /courses/{slug}[/{moduleId}[/{lessonId}]]: back link, 'Search Lessons',
 * course progress, the module accordion and the lesson. Admins add and edit modules and lessons
 * and Manage Order (drag and drop, Save, Cancel; search and collapse are disabled meanwhile).
 */
export function CourseDetail() {
  const params = useParams();
  const slug = params.slug ?? '';
  const moduleId = positiveInt(params.moduleId);
  const lessonId = positiveInt(params.lessonId);
  const user = useAppSelector(selectCurrentUser);
  const admin = can(user, 'course:manage');
  // The search lives in ?search= too, so it survives opening a lesson (each address remounts the page).
  const [query, updateQuery] = useQueryParams();
  const [term, setTerm] = useState(query.get('search') ?? '');
  const search = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if ((query.get('search') ?? '') === search) return;
    updateQuery({ search }, { replace: true });
  }, [search, query, updateQuery]);
  const full = useGetCourseQuery({ slug });
  usePageTitle(full.data?.title);
  const filtered = useGetCourseQuery({ slug, search }, { skip: !search });
  const [draft, setDraft] = useState<OrderModule[] | null>(null);
  const [saveOrder, { isLoading: savingOrder }] = useReorderCourseMutation();
  const [moduleDialog, setModuleDialog] = useState<Module | 'new' | null>(null);
  const [lessonDialog, setLessonDialog] = useState<{ lesson: Lesson | null; moduleId: number } | null>(null);

  if (full.isLoading) return <Loading label="Loading the course…" />;
  if (full.error && !full.data) {
    const err = toApiError(full.error);
    if (err.status === 404 || err.status === 400) return <CourseNotFound />;
    if (err.status === 403 && err.code === 'no_access') return <CourseNoAccess slug={slug} />;
    return <LoadError onRetry={() => void full.refetch()}>{err.message}</LoadError>;
  }
  const course = full.data;
  if (!course) return null;

  const modules = course.Modules;
  const current = currentLesson(modules, moduleId, lessonId);
  const shown = search ? (filtered.data?.Modules ?? null) : modules;
  const reordering = draft !== null;
  const moduleNumber = current ? modules.findIndex((m) => m.id === current.module.id) + 1 : 0;

  const startReorder = () => {
    setTerm('');
    setDraft(orderDraft(modules));
  };
  const save = async () => {
    if (!draft) return;
    try {
      await saveOrder(orderBody(course.id, draft)).unwrap();
      setDraft(null);
    } catch {
      // 'Something went wrong.' toast from the listener; the draft stays for another try.
    }
  };

  const adminActions = admin && (
    <div className="flex flex-wrap gap-2">
      {reordering ? (
        <>
          <Button variant="secondary" onClick={() => setDraft(null)} disabled={savingOrder}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={savingOrder}>
            Save
          </Button>
        </>
      ) : (
        <>
          <Button variant="secondary" onClick={startReorder} disabled={modules.length === 0}>
            Manage Order
          </Button>
          <Button
            variant="secondary"
            onClick={() => setLessonDialog({ lesson: null, moduleId: current?.module.id ?? modules[0]!.id })}
            disabled={modules.length === 0}
          >
            Add Lesson
          </Button>
          <Button onClick={() => setModuleDialog('new')}>Add New Module</Button>
        </>
      )}
    </div>
  );

  let main;
  if (reordering) {
    main = (
      <Card className="p-4 sm:p-5">
        <p className="mb-3 text-sm text-gray-600">
          Drag modules and lessons by their handles (lessons can move to another module), or use the arrows, then Save.
        </p>
        <OutlineReorder draft={draft} onChange={(update) => setDraft((d) => (d ? update(d) : d))} />
      </Card>
    );
  } else if (current) {
    main = (
      <LessonPane
        key={current.lesson.id}
        slug={course.slug}
        current={current}
        next={nextLesson(modules, current.lesson.id)}
        moduleNumber={moduleNumber}
        onEdit={admin ? () => setLessonDialog({ lesson: current.lesson, moduleId: current.module.id }) : undefined}
      />
    );
  } else {
    main = <CourseOverview course={course} resume={resumeLesson(modules)} missingLesson={Boolean(lessonId)} />;
  }

  let outline;
  if (modules.length === 0)
    outline = <EmptyState title="No modules yet" description={admin ? 'Add one with “Add New Module”.' : undefined} />;
  else if (shown === null) outline = <Loading label="Searching lessons…" />;
  else if (shown.length === 0) outline = <EmptyState title={`No lessons match “${search}”`} />;
  else
    outline = (
      <CourseOutline
        slug={course.slug}
        linkSearch={search ? `?search=${encodeURIComponent(search)}` : ''}
        modules={shown}
        currentLessonId={current?.lesson.id}
        currentModuleId={current?.module.id ?? moduleId}
        searching={Boolean(search)}
        admin={
          admin && !reordering
            ? {
                onEditModule: (m) => setModuleDialog(modules.find((x) => x.id === m.id) ?? m),
                onAddLesson: (m) => setLessonDialog({ lesson: null, moduleId: m.id }),
              }
            : undefined
        }
      />
    );

  return (
    <div>
      <Link to="/courses" className="text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden="true">←</span> Back to courses
      </Link>
      <div className="mt-3 mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{course.title}</h1>
          {course.status === 'DRAFT' && <Badge tone="amber">DRAFT</Badge>}
        </div>
        {adminActions}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <aside className="order-2 flex flex-col gap-4 lg:order-1" aria-label="Course content">
          <Card className="p-4">
            <p className="mb-2 text-sm font-medium text-gray-700">Course progress</p>
            <ProgressBar value={course.totalProgress} label="Course progress" />
          </Card>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
            <input
              type="search"
              aria-label="Search Lessons"
              placeholder="Search Lessons"
              value={term}
              disabled={reordering}
              onChange={(e) => setTerm(e.target.value)}
              className="block w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm shadow-xs placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-gray-50"
            />
          </div>
          {reordering ? <p className="text-sm text-gray-500">Reordering: the outline is in the editor.</p> : outline}
        </aside>
        <section className="order-1 min-w-0 lg:order-2">{main}</section>
      </div>
      {moduleDialog && (
        <ModuleFormDialog
          key={moduleDialog === 'new' ? 'new' : moduleDialog.id}
          module={moduleDialog === 'new' ? null : moduleDialog}
          course={course}
          onClose={() => setModuleDialog(null)}
        />
      )}
      {lessonDialog && (
        <LessonFormDialog
          key={lessonDialog.lesson?.id ?? `new-${lessonDialog.moduleId}`}
          lesson={lessonDialog.lesson}
          modules={modules}
          moduleId={lessonDialog.moduleId}
          onClose={() => setLessonDialog(null)}
        />
      )}
    </div>
  );
}

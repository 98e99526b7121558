import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@shared/limits';
import { can } from '@shared/policies';
import { COURSE_TABS, type Course, type CourseTab } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { CourseFormDialog } from './CourseFormDialog';
import { CourseReorderList, type OrderedCourse } from './CourseReorderList';
import { CourseResults } from './CourseResults';
import { useGetCoursesQuery, useReorderCoursesMutation } from './coursesApi';
import { SearchIcon } from '../../components/icons';
import { useQueryParams } from '../../lib/useQueryParams';
import { Refreshing } from '../../components/Refreshing';

const isTab = (v: string | null): v is CourseTab => (COURSE_TABS as readonly string[]).includes(v ?? '');

/**
 * /courses (docs/areas/courses.md#screens): title, search (debounced, kept in ?search=), the result tabs (?activeTab=,
 * shown from the start) over the course grid; admins add, edit and reorder courses (search is
 * disabled while reordering).
 */
export function Courses() {
  const user = useAppSelector(selectCurrentUser);
  const admin = can(user, 'course:manage');
  const [params, updateParams] = useQueryParams();
  const [term, setTerm] = useState(params.get('search') ?? '');
  const search = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const tab: CourseTab = isTab(params.get('activeTab')) ? (params.get('activeTab') as CourseTab) : 'all';
  const courses = useGetCoursesQuery(search ? { search } : undefined);
  const { error, isLoading, isFetching, refetch } = courses;
  // Results of another search must not show under this one's tabs: wait for this search's answer.
  const data = search ? courses.currentData : courses.data;
  const [editing, setEditing] = useState<Course | 'new' | null>(null);
  const [order, setOrder] = useState<OrderedCourse[] | null>(null);
  const [saveOrder, { isLoading: savingOrder }] = useReorderCoursesMutation();

  useEffect(() => {
    if ((params.get('search') ?? '') === search) return;
    updateParams({ search }, { replace: true });
  }, [search, params, updateParams]);

  const setTab = (next: CourseTab) => updateParams({ activeTab: next });

  const startReorder = () => {
    setTerm('');
    setOrder(
      (data?.courses ?? []).map((c) => ({
        id: c.id,
        title: c.title,
        status: c.status,
        coverPhotoUrl: c.coverPhotoUrl,
      })),
    );
  };
  const save = async () => {
    if (!order) return;
    try {
      await saveOrder(order.map((c, i) => ({ id: c.id, position: i + 1 }))).unwrap();
      setOrder(null);
    } catch {
      // 'Something went wrong.' toast from the listener; the order stays for another try.
    }
  };
  const reordering = order !== null;

  const actions = admin ? (
    reordering ? (
      <>
        <Button variant="secondary" onClick={() => setOrder(null)} disabled={savingOrder}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={savingOrder}>
          Save
        </Button>
      </>
    ) : (
      <>
        <Button
          variant="secondary"
          onClick={startReorder}
          disabled={!data || data.courses.length < 2 || Boolean(search)}
        >
          Reorder Courses
        </Button>
        <Button onClick={() => setEditing('new')}>Add New Course</Button>
      </>
    )
  ) : null;

  let body;
  if (isLoading) body = <Skeleton shape="cards" label="Loading courses…" />;
  else if (error && !data) body = <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>;
  else if (reordering)
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-gray-600">Drag the courses by their handle, or use the arrows, then Save.</p>
        <CourseReorderList items={order} onChange={setOrder} />
      </div>
    );
  else
    body = (
      <CourseResults
        catalog={data}
        search={search}
        tab={tab}
        onTab={setTab}
        onEdit={admin ? setEditing : undefined}
        noCourses={admin ? 'Add the first course with “Add New Course”.' : 'New courses will appear here.'}
      />
    );

  return (
    <div>
      <PageHeader title="Courses" actions={actions} />
      <div className="relative mb-6 max-w-md">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
        <input
          type="search"
          aria-label="Search courses"
          placeholder="Search courses, modules and lessons"
          value={term}
          disabled={reordering}
          onChange={(e) => setTerm(e.target.value)}
          className="block w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm shadow-xs placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-gray-50"
        />
      </div>
      <Refreshing busy={isFetching && !isLoading}>{body}</Refreshing>
      {editing && (
        <CourseFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          course={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

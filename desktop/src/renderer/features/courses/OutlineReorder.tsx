import type { Module } from '@shared/types';
import type { CourseOrderBody } from './coursesApi';
import { ChevronIcon, DragIcon } from '../../components/icons';
import { moveItem } from './CourseReorderList';
import { SORTABLE_OPTIONS, SortableList, sameOrder, type SortableItem } from './SortableList';

export type OrderLesson = SortableItem<{ title: string }>;
export type OrderModule = SortableItem<{ title: string; lessons: OrderLesson[] }>;

/** The editable copy of a course's order (react-sortablejs marks items in place, so copies). */
export function orderDraft(modules: readonly Module[]): OrderModule[] {
  return modules.map((m) => ({
    id: m.id,
    title: m.title,
    lessons: m.Lessons.map((l) => ({ id: l.id, title: l.title })),
  }));
}

/** POST /api/course/reorder's body: positions renumbered from 1 for modules and their lessons. */
export function orderBody(courseId: number, draft: readonly OrderModule[]): CourseOrderBody {
  return {
    courseId,
    modules: draft.map((m, i) => ({
      id: m.id,
      position: i + 1,
      Lessons: m.lessons.map((l, j) => ({ id: l.id, position: j + 1 })),
    })),
  };
}

/**
 * Moves a lesson one step up or down in reading order: within its module, or across into the
 * end of the previous module / the start of the next one (the keyboard path for Manage Order).
 */
export function stepLesson(
  draft: readonly OrderModule[],
  moduleIndex: number,
  lessonIndex: number,
  step: -1 | 1,
): OrderModule[] {
  const next = draft.map((m) => ({ ...m, lessons: [...m.lessons] }));
  const from = next[moduleIndex];
  if (!from) return next;
  const target = lessonIndex + step;
  if (target >= 0 && target < from.lessons.length) {
    from.lessons = moveItem(from.lessons, lessonIndex, target);
    return next;
  }
  const neighbour = next[moduleIndex + step];
  if (!neighbour) return next;
  const [lesson] = from.lessons.splice(lessonIndex, 1);
  if (!lesson) return next;
  if (step < 0) neighbour.lessons.push(lesson);
  else neighbour.lessons.unshift(lesson);
  return next;
}

const arrow = 'rounded-md p-1 text-gray-500 hover:bg-gray-100 disabled:opacity-30';
const handle =
  'cursor-grab touch-none rounded-md p-1.5 text-gray-400 hover:bg-gray-100 hover:text-gray-700 active:cursor-grabbing';

/**
 * Manage Order (docs/areas/courses.md#screens, docs/areas/courses.md#behaviour): drag modules by their handle, and lessons by theirs — also into
 * another module (its ModuleId then changes on Save). Arrow buttons do the same by keyboard.
 */
export function OutlineReorder({
  draft,
  onChange,
}: {
  draft: OrderModule[];
  /**
   * Takes an updater, not a value: a drag between modules changes two lists in one tick (the
   * source's onRemove and the target's onAdd), and each must apply to the other's result.
   */
  onChange: (update: (draft: OrderModule[]) => OrderModule[]) => void;
}) {
  const setLessons = (moduleId: number, lessons: OrderLesson[]) =>
    onChange((current) => current.map((m) => (m.id === moduleId ? { ...m, lessons } : m)));
  return (
    <SortableList<OrderModule>
      {...SORTABLE_OPTIONS}
      handle="[data-module-handle]"
      list={draft}
      setList={(next) => {
        if (!sameOrder(next, draft)) onChange((current) => next.map((m) => current.find((c) => c.id === m.id) ?? m));
      }}
      tag="ol"
      className="flex flex-col gap-2"
      id="module-order"
    >
      {draft.map((module, mi) => (
        <li
          key={module.id}
          data-testid="order-module"
          data-module-id={module.id}
          className="rounded-xl border border-brand-200 bg-white"
        >
          <div className="flex items-center gap-2 border-b border-gray-100 p-2">
            <span data-module-handle aria-hidden="true" title="Drag to reorder modules" className={handle}>
              <DragIcon className="size-5" />
            </span>
            <span className="min-w-0 flex-1 truncate font-medium text-gray-900">{module.title}</span>
            <button
              type="button"
              className={arrow}
              aria-label={`Move module ${module.title} up`}
              disabled={mi === 0}
              onClick={() => onChange((current) => moveItem(current, mi, mi - 1))}
            >
              <ChevronIcon className="-rotate-90" />
            </button>
            <button
              type="button"
              className={arrow}
              aria-label={`Move module ${module.title} down`}
              disabled={mi === draft.length - 1}
              onClick={() => onChange((current) => moveItem(current, mi, mi + 1))}
            >
              <ChevronIcon className="rotate-90" />
            </button>
          </div>
          <SortableList<OrderLesson>
            {...SORTABLE_OPTIONS}
            handle="[data-lesson-handle]"
            group="lessons"
            list={module.lessons}
            setList={(next) => {
              if (!sameOrder(next, module.lessons)) setLessons(module.id, next);
            }}
            tag="ul"
            className="flex min-h-12 flex-col gap-1 p-2"
            id={`lesson-order-${module.id}`}
          >
            {module.lessons.map((lesson, li) => (
              <li
                key={lesson.id}
                data-testid="order-lesson"
                data-lesson-id={lesson.id}
                className="flex items-center gap-2 rounded-lg bg-gray-50 px-1 py-1 text-sm"
              >
                <span data-lesson-handle aria-hidden="true" title="Drag to reorder lessons" className={handle}>
                  <DragIcon />
                </span>
                <span className="min-w-0 flex-1 truncate text-gray-800">{lesson.title}</span>
                <button
                  type="button"
                  className={arrow}
                  aria-label={`Move lesson ${lesson.title} up`}
                  disabled={mi === 0 && li === 0}
                  onClick={() => onChange((current) => stepLesson(current, mi, li, -1))}
                >
                  <ChevronIcon className="size-3.5 -rotate-90" />
                </button>
                <button
                  type="button"
                  className={arrow}
                  aria-label={`Move lesson ${lesson.title} down`}
                  disabled={mi === draft.length - 1 && li === module.lessons.length - 1}
                  onClick={() => onChange((current) => stepLesson(current, mi, li, 1))}
                >
                  <ChevronIcon className="size-3.5 rotate-90" />
                </button>
              </li>
            ))}
          </SortableList>
        </li>
      ))}
    </SortableList>
  );
}

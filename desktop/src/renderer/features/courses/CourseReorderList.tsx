import type { Course } from '@shared/types';
import { Badge, CourseCover } from './CourseCard';
import { ChevronIcon, DragIcon } from '../../components/icons';
import { SORTABLE_OPTIONS, SortableList, sameOrder, type SortableItem } from './SortableList';

export type OrderedCourse = SortableItem<Pick<Course, 'id' | 'title' | 'status' | 'coverPhotoUrl'>>;

/** Moves the item at `from` to `to` (both in range), returning a new list. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Reorder Courses: drag a course by its handle, or move it with its up and down buttons (keyboard).
 */
export function CourseReorderList({
  items,
  onChange,
}: {
  items: OrderedCourse[];
  onChange: (items: OrderedCourse[]) => void;
}) {
  return (
    <SortableList<OrderedCourse>
      {...SORTABLE_OPTIONS}
      list={items}
      setList={(next) => {
        if (!sameOrder(next, items)) onChange(next);
      }}
      tag="ol"
      className="flex flex-col gap-2"
      id="course-order"
    >
      {items.map((course, index) => (
        <li
          key={course.id}
          data-testid="course-order-item"
          className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-2 pr-3 shadow-xs"
        >
          <span
            data-drag-handle
            aria-hidden="true"
            title="Drag to reorder"
            className="cursor-grab touch-none rounded-md p-2 text-gray-400 hover:bg-gray-100 hover:text-gray-700 active:cursor-grabbing"
          >
            <DragIcon className="size-5" />
          </span>
          <CourseCover course={course} className="hidden h-12 w-20 shrink-0 rounded-md text-sm sm:flex" />
          <span className="w-6 text-sm tabular-nums text-gray-500">{index + 1}</span>
          <span className="min-w-0 flex-1 truncate font-medium text-gray-900" data-testid="order-title">
            {course.title}
          </span>
          {course.status === 'DRAFT' && <Badge tone="amber">DRAFT</Badge>}
          <span className="flex gap-1">
            <button
              type="button"
              aria-label={`Move ${course.title} up`}
              disabled={index === 0}
              onClick={() => onChange(moveItem(items, index, index - 1))}
              className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100 disabled:opacity-30"
            >
              <ChevronIcon className="size-4 -rotate-90" />
            </button>
            <button
              type="button"
              aria-label={`Move ${course.title} down`}
              disabled={index === items.length - 1}
              onClick={() => onChange(moveItem(items, index, index + 1))}
              className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100 disabled:opacity-30"
            >
              <ChevronIcon className="size-4 rotate-90" />
            </button>
          </span>
        </li>
      ))}
    </SortableList>
  );
}

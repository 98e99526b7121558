import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Module } from '@shared/types';
import { cn } from '../../lib/cn';
import { coursePath } from './courseNav';
import { ChevronIcon, CompletionCircle, EditIcon, PlusIcon } from '../../components/icons';
import { ProgressBar } from '../../components/ProgressBar';

export interface OutlineAdmin {
  onEditModule: (module: Module) => void;
  onAddLesson: (module: Module) => void;
}

/**
 * The accordion of modules and lessons (docs/areas/courses.md#screens course detail): each module with its progress bar,
 * each lesson with its completion circle; the current lesson is marked. Admins get edit and add
 * buttons per module.
 */
export function CourseOutline({
  slug,
  linkSearch,
  modules,
  currentLessonId,
  currentModuleId,
  searching,
  admin,
}: {
  slug: string;
  /** Appended to lesson links (keeps the lesson search when opening a lesson). */
  linkSearch: string;
  modules: readonly Module[];
  currentLessonId?: number;
  currentModuleId?: number;
  searching: boolean;
  admin?: OutlineAdmin;
}) {
  const initial = currentModuleId ?? modules[0]?.id;
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(initial ? [initial] : []));
  const [lastCurrent, setLastCurrent] = useState(currentModuleId);
  if (currentModuleId !== lastCurrent) {
    // Opening another lesson opens its module too.
    setLastCurrent(currentModuleId);
    if (currentModuleId && !open.has(currentModuleId)) setOpen(new Set([...open, currentModuleId]));
  }
  const toggle = (id: number) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpen(next);
  };

  return (
    <ol className="flex flex-col gap-2" aria-label="Modules">
      {modules.map((module, index) => {
        const expanded = searching || open.has(module.id);
        const panelId = `module-panel-${module.id}`;
        return (
          <li key={module.id} className="rounded-xl border border-gray-200 bg-white" data-testid="outline-module">
            <div className="flex items-start gap-1 p-2">
              <div className="min-w-0 flex-1">
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(module.id)}
                  disabled={searching}
                  className="flex w-full min-w-0 items-start gap-2 rounded-lg p-1.5 text-left hover:bg-gray-50 disabled:cursor-default"
                >
                  <ChevronIcon
                    className={cn('mt-0.5 size-4 shrink-0 text-gray-400 transition-transform', expanded && 'rotate-90')}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block text-xs font-medium tracking-wide text-gray-500 uppercase">
                      Module {index + 1}
                    </span>
                    <span className="block font-medium text-gray-900">{module.title}</span>
                  </span>
                </button>
                <ProgressBar
                  value={module.totalProgress}
                  label={`${module.title} progress`}
                  size="sm"
                  className="mt-1 pr-1 pl-8"
                />
              </div>
              {admin && (
                <span className="flex shrink-0 flex-col gap-1">
                  <button
                    type="button"
                    aria-label={`Edit module ${module.title}`}
                    onClick={() => admin.onEditModule(module)}
                    className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-brand-700"
                  >
                    <EditIcon />
                  </button>
                  <button
                    type="button"
                    aria-label={`Add lesson to ${module.title}`}
                    onClick={() => admin.onAddLesson(module)}
                    className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-brand-700"
                  >
                    <PlusIcon />
                  </button>
                </span>
              )}
            </div>
            {expanded && (
              <ul id={panelId} className="border-t border-gray-100 px-2 py-2" aria-label={`Lessons of ${module.title}`}>
                {module.Lessons.length === 0 && <li className="px-2 py-1.5 text-sm text-gray-500">No lessons yet.</li>}
                {module.Lessons.map((lesson) => {
                  const current = lesson.id === currentLessonId;
                  return (
                    <li key={lesson.id}>
                      <Link
                        to={coursePath(slug, module.id, lesson.id) + linkSearch}
                        aria-current={current ? 'page' : undefined}
                        className={cn(
                          'flex items-start gap-2.5 rounded-lg px-2 py-1.5 text-sm',
                          current ? 'bg-brand-50 font-medium text-brand-800' : 'text-gray-700 hover:bg-gray-50',
                        )}
                      >
                        <CompletionCircle completed={lesson.completed === 'true'} />
                        <span className="min-w-0">{lesson.title}</span>
                        <span className="sr-only">
                          {lesson.completed === 'true' ? '(completed)' : '(not completed)'}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../components/Button';
import { Card } from '../../components/Card';
import { Badge } from './CourseCard';
import { coursePath, type LessonRef } from './courseNav';
import { useMarkCompletedMutation, useMarkUncompletedMutation } from './coursesApi';
import { EditIcon } from '../../components/icons';
import { LessonMarkdown } from './LessonMarkdown';

/**
 * The lesson being read (docs/areas/courses.md#screens): its markdown with any allowlisted embed, 'Mark as done' /
 * 'Mark as not done' (disabled while the request runs; results and failures are toasts), and
 * 'Next Lesson'.
 */
export function LessonPane({
  slug,
  current,
  next,
  moduleNumber,
  onEdit,
}: {
  slug: string;
  current: LessonRef;
  next: LessonRef | null;
  moduleNumber: number;
  onEdit?: () => void;
}) {
  const { lesson, module } = current;
  const [markCompleted, completing] = useMarkCompletedMutation();
  const [markUncompleted, uncompleting] = useMarkUncompletedMutation();
  const completed = lesson.completed === 'true';
  const busy = completing.isLoading || uncompleting.isLoading;
  const toggle = () => {
    // Failures become the spec's toasts in the listener; nothing else to do here.
    if (completed) void markUncompleted(lesson.id);
    else void markCompleted(lesson.id);
  };
  return (
    <Card className="overflow-hidden">
      <article aria-labelledby="lesson-title">
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-200 px-5 py-4 sm:px-8">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-gray-500 uppercase">
              Module {moduleNumber} · {module.title}
            </p>
            <h2 id="lesson-title" className="mt-1 text-xl font-semibold text-gray-900">
              {lesson.title}
            </h2>
          </div>
          <div className="flex items-center gap-2">
            {completed && <Badge tone="green">Completed</Badge>}
            {onEdit && (
              <Button size="sm" variant="secondary" onClick={onEdit}>
                <EditIcon /> Edit lesson
              </Button>
            )}
          </div>
        </header>
        <div className="px-5 py-6 sm:px-8">
          {lesson.content.trim() ? (
            <LessonMarkdown>{lesson.content}</LessonMarkdown>
          ) : (
            <p className="text-sm text-gray-500">This lesson has no content yet.</p>
          )}
        </div>
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 bg-gray-50 px-5 py-4 sm:px-8">
          <Button variant={completed ? 'secondary' : 'primary'} onClick={toggle} loading={busy} disabled={busy}>
            {completed ? 'Mark as not done' : 'Mark as done'}
          </Button>
          {next ? (
            <Link to={coursePath(slug, next.module.id, next.lesson.id)} className={buttonClasses('secondary')}>
              Next Lesson <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <Link to={coursePath(slug)} className={buttonClasses('ghost')}>
              Back to the course overview
            </Link>
          )}
        </footer>
      </article>
    </Card>
  );
}

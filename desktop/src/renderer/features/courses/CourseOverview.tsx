import { Link } from 'react-router-dom';
import type { Course } from '@shared/types';
import { buttonClasses } from '../../components/Button';
import { Card } from '../../components/Card';
import { CourseCover } from './CourseCard';
import { coursePath, isCompleted, type LessonRef } from './courseNav';
import { plural } from '../../lib/plural';

/** The course page without a lesson chosen: cover, description and Start / Continue. */
export function CourseOverview({
  course,
  resume,
  missingLesson,
}: {
  course: Course;
  resume: LessonRef | null;
  missingLesson: boolean;
}) {
  const started = course.completedCount > 0;
  return (
    <Card className="overflow-hidden">
      <CourseCover course={course} className="aspect-[21/9] w-full text-4xl" />
      <div className="flex flex-col gap-4 px-5 py-6 sm:px-8">
        {missingLesson && (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            That lesson is not available in this course.
          </p>
        )}
        {course.description && <p className="text-gray-700">{course.description}</p>}
        <p className="text-sm text-gray-500">
          {plural(course.moduleCount, 'module')} · {plural(course.lessonCount, 'lesson')}
          {started && ` · ${course.completedCount} completed`}
        </p>
        {resume ? (
          <div>
            <Link to={coursePath(course.slug, resume.module.id, resume.lesson.id)} className={buttonClasses('primary')}>
              {isCompleted(course.totalProgress)
                ? 'Review the course'
                : started
                  ? 'Continue where you left off'
                  : 'Start the course'}
            </Link>
          </div>
        ) : (
          <p className="text-sm text-gray-500">This course has no lessons yet.</p>
        )}
      </div>
    </Card>
  );
}

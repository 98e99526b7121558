import { Link } from 'react-router-dom';
import { Card } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { overallProgress } from './courseNav';
import { useGetCoursesQuery } from './coursesApi';
import { ProgressBar } from '../../components/ProgressBar';

/**
 * Dashboard card 'Course progress' (docs/areas/courses.md#screens): the member's completed share of the lessons they can
 * see in their courses, whole percent, linking to /courses.
 */
export function CourseProgressCard({ className }: { className?: string }) {
  const { data, isLoading, isError } = useGetCoursesQuery();
  const value = data ? overallProgress(data.courses) : 0;
  return (
    <Card className={cn('p-0', className)}>
      <Link
        to="/courses"
        className="flex h-full flex-col gap-2 rounded-xl px-5 py-4 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span className="text-sm font-medium text-gray-500">Course progress</span>
        <span className="text-3xl font-semibold tabular-nums text-gray-900" data-testid="course-progress">
          {isLoading ? <Skeleton shape="stat" label="Loading" /> : isError ? '—' : `${value}%`}
        </span>
        {data && <ProgressBar value={value} label="Overall course progress" showValue={false} size="sm" />}
        <span className="text-sm text-brand-700">Go to your courses →</span>
      </Link>
    </Card>
  );
}

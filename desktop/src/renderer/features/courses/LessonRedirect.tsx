import { Navigate, useParams } from 'react-router-dom';
import { Loading } from '../../components/Spinner';
import { useLessonRedirectQuery } from './coursesApi';

const positiveInt = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** Only in-app course addresses are followed (never another site, never a script URL). */
const isCourseUrl = (url: string) => /^\/courses\/[a-z0-9-]+\/\d+\/\d+$/.test(url);

/**
 * The lesson-redirect screen (/lesson-redirect/{lessonId}) and the resources' course links
 * (/course/{courseId or moduleId}/{lessonId}): asks the API where the lesson lives and goes there;
 * without a URL, to /not-found (docs/errors.md).
 */
export function LessonRedirect() {
  const lessonId = positiveInt(useParams().lessonId);
  const { data, isError, isLoading } = useLessonRedirectQuery(lessonId ?? 0, { skip: lessonId === null });
  if (lessonId === null || isError || (data && !isCourseUrl(data.url))) return <Navigate to="/not-found" replace />;
  if (isLoading || !data) return <Loading label="Opening the lesson…" />;
  return <Navigate to={data.url} replace />;
}

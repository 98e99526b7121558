import { useId } from 'react';
import { Link } from 'react-router-dom';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { CommunityReport } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Refreshing } from '../../components/Refreshing';
import { Loading } from '../../components/Spinner';
import { toApiError } from '../../lib/apiErrors';
import {
  useGetCommunityReportsQuery,
  useHideCommunityCommentMutation,
  useResolveCommunityReportMutation,
  useSetCommunityPostFlagMutation,
} from './communityApi';
import { fullDate, postLink, timeAgo } from './communityView';
import { Badge } from './PostParts';

/** How much of the reported text the card shows, as it was written (never rendered). */
const EXCERPT_CHARS = 600;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One open report: what was reported (its words), who wrote it, who reported it and why; Hide and Close. */
function ReportCard({ report }: { report: CommunityReport }) {
  const titleId = useId();
  const [hidePost, hidingPost] = useSetCommunityPostFlagMutation();
  const [hideComment, hidingComment] = useHideCommunityCommentMutation();
  const [resolve, resolving] = useResolveCommunityReportMutation();
  const hiding = hidingPost.isLoading || hidingComment.isLoading;
  const toggleHidden = () => {
    const hidden = !report.hidden;
    if (report.kind === 'post') void hidePost({ id: report.postId, flag: 'hide', value: hidden });
    else if (report.commentId !== null) void hideComment({ id: report.commentId, postId: report.postId, hidden });
  };
  const kind = report.kind === 'post' ? MESSAGES.communityReportKindPost : MESSAGES.communityReportKindComment;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-1.5 text-xs font-medium text-gray-500">
            <Badge tone="gray">{kind}</Badge>
            {report.hidden && <Badge tone="amber">{MESSAGES.communityHidden}</Badge>}
          </p>
          <h2 id={titleId} className="mt-1 font-semibold break-words text-gray-900">
            {kind}: {report.postTitle}
          </h2>
          <p className="text-sm text-gray-600">
            {fillMessage(MESSAGES.communityWrittenBy, { name: report.author.fullName })}
          </p>
        </div>
        <Link
          to={postLink(report.postId)}
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {MESSAGES.communityOpenPost}
        </Link>
      </header>
      <blockquote className="border-l-2 border-gray-200 pl-3 text-sm break-words whitespace-pre-wrap text-gray-700">
        {clip(report.excerpt.trim(), EXCERPT_CHARS)}
      </blockquote>
      <div className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700">
        <p className="font-medium text-gray-900">
          {fillMessage(MESSAGES.communityReportedBy, { name: report.reporter.fullName })} ·{' '}
          <time dateTime={report.createdAt} title={fullDate(report.createdAt)} className="font-normal text-gray-600">
            {timeAgo(report.createdAt)}
          </time>
        </p>
        <p className="mt-0.5 break-words whitespace-pre-wrap">{report.reason}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={report.hidden ? 'secondary' : 'danger'}
          loading={hiding}
          disabled={resolving.isLoading}
          aria-label={`${report.hidden ? MESSAGES.communityUnhide : MESSAGES.communityHide}: ${report.postTitle}`}
          onClick={toggleHidden}
        >
          {report.hidden ? MESSAGES.communityUnhide : MESSAGES.communityHide}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={resolving.isLoading}
          disabled={hiding}
          aria-label={`${MESSAGES.communityCloseReport}: ${report.postTitle}`}
          onClick={() => void resolve(report.id)}
        >
          {MESSAGES.communityCloseReport}
        </Button>
      </div>
    </article>
  );
}

/** /community/moderation (coaches and admins): the open reports, each with Hide and Close report. */
export function Moderation() {
  const { data, error, isLoading, isFetching, refetch } = useGetCommunityReportsQuery();

  let body;
  if (isLoading) body = <Loading label="Loading reports…" />;
  else if (error && !data)
    body = (
      <LoadError title={MESSAGES.communityReportsLoadFailed} onRetry={() => void refetch()}>
        {toApiError(error).message}
      </LoadError>
    );
  else if (!data || data.length === 0)
    body = <EmptyState title={MESSAGES.communityReportsEmpty} description={MESSAGES.communityReportsEmptyHint} />;
  else
    body = (
      <Refreshing busy={isFetching}>
        <ul aria-label={MESSAGES.communityReportsLabel} className="flex flex-col gap-3">
          {data.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} />
            </li>
          ))}
        </ul>
      </Refreshing>
    );

  return (
    <div className="mx-auto max-w-4xl">
      <Link
        to="/community"
        className="mb-3 inline-flex rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        ← {MESSAGES.communityBack}
      </Link>
      <PageHeader
        title={MESSAGES.communityModerationTitle}
        description={
          data && data.length > 0
            ? `${data.length} open · ${MESSAGES.communityModerationDescription}`
            : MESSAGES.communityModerationDescription
        }
      />
      {body}
    </div>
  );
}

import { useId, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { COMMUNITY_LIMITS } from '@shared/schemas/community';
import type { CommunityComment, CommunityPost } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { describedBy, FieldShell, inputClasses } from '../../components/FormFields';
import { Loading } from '../../components/Spinner';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { ConfirmDialog } from '../board/ConfirmDialog';
import {
  useDeleteCommunityCommentMutation,
  useGetCommunityCommentsQuery,
  useHideCommunityCommentMutation,
  useUpsertCommunityCommentMutation,
} from './communityApi';
import { CommunityMarkdown } from './CommunityMarkdown';
import { mentionedIds, MentionTextarea, useMentions } from './MentionTextarea';
import { Badge, Byline } from './PostParts';
import { ReportDialog } from './ReportDialog';

/**
 * A comment's text box with its submit: a new comment, or a change to one. Empty is refused here, the
 * rest (too long, locked, too fast) by the server, whose field message shows under the box.
 */
function CommentForm({
  postId,
  spaceId,
  comment,
  label,
  submitLabel,
  onDone,
  onCancel,
}: {
  postId: number;
  /** The post's space: who may be mentioned. */
  spaceId: number;
  comment?: CommunityComment;
  label: string;
  submitLabel: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(comment?.body ?? '');
  const [empty, setEmpty] = useState(false);
  const [save, { isLoading, error, reset }] = useUpsertCommunityCommentMutation();
  const mentions = useMentions();
  const id = useId();
  const fieldError = empty ? MESSAGES.fieldRequired : error ? toApiError(error).fields.body : undefined;
  const hint = comment
    ? MESSAGES.communityMentionHint
    : `${MESSAGES.communityBodyHint} ${MESSAGES.communityMentionHint}`;

  const submit = async () => {
    const text = body.trim();
    if (!text) return setEmpty(true);
    const result = await save({
      ...(comment ? { id: comment.id } : {}),
      postId,
      body: text,
      mentionedUserIds: mentionedIds(text, mentions.picked),
    });
    if ('error' in result) return;
    if (!comment) {
      setBody('');
      mentions.reset();
    }
    onDone?.();
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FieldShell id={id} label={label} error={fieldError} hint={hint}>
        <MentionTextarea
          id={id}
          rows={3}
          maxLength={COMMUNITY_LIMITS.commentMax}
          value={body}
          spaceId={spaceId}
          picked={mentions.picked}
          onPick={mentions.onPick}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy(id, fieldError, hint)}
          className={inputClasses(Boolean(fieldError))}
          onChange={(text) => {
            setBody(text);
            setEmpty(false);
            if (error) reset();
          }}
          autoFocus={Boolean(comment)}
        />
      </FieldShell>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button size="sm" variant="secondary" onClick={onCancel} disabled={isLoading}>
            Cancel
          </Button>
        )}
        <Button size="sm" type="submit" loading={isLoading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({ comment, post }: { comment: CommunityComment; post: CommunityPost }) {
  const user = useAppSelector(selectCurrentUser);
  const moderator = can(user, 'community:moderate');
  const own = user?.id === comment.author.id;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [remove, { isLoading: removing }] = useDeleteCommunityCommentMutation();
  const [hide, { isLoading: hiding }] = useHideCommunityCommentMutation();
  const labelId = useId();

  return (
    <li
      aria-labelledby={labelId}
      className={cn('flex flex-col gap-2 py-4', comment.hidden && 'rounded-lg bg-amber-50/50 px-3')}
    >
      <div id={labelId} className="flex flex-wrap items-center justify-between gap-2">
        <Byline author={comment.author} createdAt={comment.createdAt} editedAt={comment.editedAt} />
        {comment.hidden && <Badge tone="amber">{MESSAGES.communityHidden}</Badge>}
      </div>
      {comment.hidden && <p className="text-xs text-amber-900">{MESSAGES.communityCommentHiddenNotice}</p>}
      {editing ? (
        <CommentForm
          postId={post.id}
          spaceId={post.spaceId}
          comment={comment}
          label={MESSAGES.communityEditCommentLabel}
          submitLabel="Save"
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <CommunityMarkdown size="sm" className="sm:pl-10.5">
          {comment.body}
        </CommunityMarkdown>
      )}
      {!editing && (
        <div className="-ml-3 flex flex-wrap gap-1 sm:ml-0 sm:pl-7.5">
          {comment.canEdit && (
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              {MESSAGES.communityEdit}
            </Button>
          )}
          {comment.canDelete && (
            <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
              {MESSAGES.communityDelete}
            </Button>
          )}
          {!own && (
            <Button size="sm" variant="ghost" onClick={() => setReporting(true)}>
              {MESSAGES.communityReport}
            </Button>
          )}
          {moderator && (
            <Button
              size="sm"
              variant="ghost"
              loading={hiding}
              onClick={() => void hide({ id: comment.id, postId: post.id, hidden: !comment.hidden })}
            >
              {comment.hidden ? MESSAGES.communityUnhide : MESSAGES.communityHide}
            </Button>
          )}
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={MESSAGES.communityDeleteCommentTitle}
          confirmLabel={MESSAGES.communityDelete}
          busy={removing}
          onConfirm={() => void remove({ id: comment.id, postId: post.id }).then(() => setDeleting(false))}
          onCancel={() => setDeleting(false)}
        >
          {MESSAGES.communityDeleteCommentText}
        </ConfirmDialog>
      )}
      {reporting && <ReportDialog target={{ commentId: comment.id }} onClose={() => setReporting(false)} />}
    </li>
  );
}

/** The post's comments, oldest first, and the box for a new one (unless the post is locked or hidden). */
export function Comments({ post }: { post: CommunityPost }) {
  const { data, error, isLoading, refetch } = useGetCommunityCommentsQuery(post.id);
  const count = data?.length ?? post.commentCount;

  let list;
  if (isLoading) list = <Loading label="Loading comments…" className="py-6" />;
  else if (error && !data)
    list = (
      <LoadError title={MESSAGES.communityCommentsLoadFailed} onRetry={() => void refetch()}>
        {toApiError(error).message}
      </LoadError>
    );
  else if (!data || data.length === 0)
    list = <p className="py-4 text-sm text-gray-500">{MESSAGES.communityNoComments}</p>;
  else
    list = (
      <ol aria-label={MESSAGES.communityComments} className="divide-y divide-gray-100">
        {data.map((c) => (
          <CommentItem key={c.id} comment={c} post={post} />
        ))}
      </ol>
    );

  return (
    <section
      id="comments"
      aria-labelledby="comments-title"
      className="scroll-mt-4 rounded-xl border border-gray-200 bg-white p-4 shadow-xs sm:p-6"
    >
      <h2 id="comments-title" className="text-lg font-semibold text-gray-900">
        {MESSAGES.communityComments} <span className="text-gray-500 tabular-nums">({count})</span>
      </h2>
      {list}
      <div className="mt-2 border-t border-gray-100 pt-4">
        {post.canComment ? (
          <CommentForm
            postId={post.id}
            spaceId={post.spaceId}
            label={MESSAGES.communityCommentLabel}
            submitLabel={MESSAGES.communityCommentSubmit}
          />
        ) : (
          <p className="text-sm text-gray-600">
            {post.locked ? MESSAGES.communityPostLocked : MESSAGES.communityHiddenNoComments}
          </p>
        )}
      </div>
    </section>
  );
}

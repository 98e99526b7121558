import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { COMMUNITY_LIMITS, communityPostUpsertSchema } from '@shared/schemas/community';
import type { CommunityPost, CommunitySpace } from '@shared/types';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { SelectField } from '../../components/FormFields';
import { TextField } from '../../components/TextField';
import { useEntityForm } from '../../lib/useEntityForm';
import { useUpsertCommunityPostMutation } from './communityApi';
import { postLink } from './communityView';
import { MarkdownField } from './MarkdownField';
import { mentionedIds, useMentions } from './MentionTextarea';

interface PostForm {
  spaceId: string;
  title: string;
  body: string;
}

const FIELDS = ['spaceId', 'title', 'body'] as const;

/**
 * "New post" (a title and a markdown body in one of the spaces the member may post in; `spaceId` picks
 * the one open on the feed) and "Edit post". A new post opens once published; the schema is the API's.
 */
export function PostFormDialog({
  spaces,
  post,
  spaceId,
  initialTitle,
  onClose,
}: {
  /** The spaces the member may post in (canPost). */
  spaces: readonly CommunitySpace[];
  /** The post being edited; absent for a new one. */
  post?: CommunityPost;
  spaceId?: number;
  /** A new post's title to start from ("Share as a win" from a completed card). */
  initialTitle?: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [upsert] = useUpsertCommunityPostMutation();
  const mentions = useMentions();
  // An edited post stays in its space even if the member may no longer start posts there.
  const choices = post && !spaces.some((s) => s.id === post.spaceId) ? [] : spaces;
  const first = post?.spaceId ?? (spaces.some((s) => s.id === spaceId) ? spaceId : spaces[0]?.id);
  const { form, dialog } = useEntityForm<PostForm>({
    schema: communityPostUpsertSchema,
    defaultValues: {
      spaceId: first ? String(first) : '',
      title: post?.title ?? initialTitle ?? '',
      body: post?.body ?? '',
    },
    serverFields: FIELDS,
    save: async (values) => {
      const res = await upsert({
        ...(post ? { id: post.id } : {}),
        spaceId: Number(values.spaceId),
        title: values.title,
        body: values.body,
        mentionedUserIds: mentionedIds(values.body, mentions.picked),
      }).unwrap();
      if (res.isNew) void navigate(postLink(res.post.id));
    },
    onClose,
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;

  return (
    <EntityFormDialog
      state={dialog}
      size="lg"
      title={post ? MESSAGES.communityEditPost : MESSAGES.communityNewPost}
      submitLabel={post ? 'Save' : MESSAGES.communityPublish}
    >
      {choices.length > 0 && (
        <SelectField label={MESSAGES.communityFieldSpace} error={errors.spaceId?.message} {...register('spaceId')}>
          {choices.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label={MESSAGES.communityFieldTitle}
        autoComplete="off"
        maxLength={COMMUNITY_LIMITS.titleMax}
        data-autofocus
        error={errors.title?.message}
        {...register('title')}
      />
      <Controller
        control={control}
        name="body"
        render={({ field, fieldState }) => (
          <MarkdownField
            label={MESSAGES.communityFieldBody}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            hint={`${MESSAGES.communityBodyHint} ${MESSAGES.communityMentionHint}`}
            maxLength={COMMUNITY_LIMITS.bodyMax}
            mention={{
              spaceId: Number(watch('spaceId')) || undefined,
              picked: mentions.picked,
              onPick: mentions.onPick,
            }}
          />
        )}
      />
    </EntityFormDialog>
  );
}

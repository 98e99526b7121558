import { useState } from 'react';
import { lessonUpsertSchema } from '@shared/schemas/courses';
import type { Lesson, Module } from '@shared/types';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../components/Button';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { TextField } from '../../components/TextField';
import { assetUrl } from '../../lib/assetUrl';
import { cn } from '../../lib/cn';
import { useEntityForm } from '../../lib/useEntityForm';
import { useGetTagsQuery } from '../tags/tagsApi';
import { lessonImageUrlCopied, useDeleteLessonMutation, useUpsertLessonMutation } from './coursesApi';
import { ChecklistField, SelectField, TextArea } from '../../components/FormFields';
import { ImageIcon } from '../../components/icons';
import { LessonMarkdown } from './LessonMarkdown';
import { useImageUpload } from '../uploads/useImageUpload';
import { copyToClipboard } from '../../lib/clipboard';

interface LessonForm {
  title: string;
  content: string;
  ModuleId: string;
}

const formSchema = lessonUpsertSchema.pick(['title', 'content']);

export const lessonFormTitle = (lesson: Lesson | null) =>
  lesson ? `Edit lesson: ${lesson.title}` : 'Add a new lesson';

/**
 * Add or edit a lesson (docs/areas/courses.md#screens, docs/areas/courses.md#validation): title, module (the selector is disabled when creating: a new
 * lesson goes to the module it was added from, or the first), markdown content with a preview,
 * image upload (the image's URL is copied to the clipboard) and required tags.
 */
export function LessonFormDialog({
  lesson,
  modules,
  moduleId,
  onClose,
}: {
  lesson: Lesson | null;
  modules: readonly Module[];
  moduleId: number;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [upsert] = useUpsertLessonMutation();
  const [remove] = useDeleteLessonMutation();
  const { data: tags = [] } = useGetTagsQuery();
  const [tagIds, setTagIds] = useState<number[]>(lesson?.Tags.map((t) => t.id) ?? []);
  const [preview, setPreview] = useState(false);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const image = useImageUpload();
  const { form, dialog } = useEntityForm<LessonForm>({
    schema: formSchema,
    defaultValues: {
      title: lesson?.title ?? '',
      content: lesson?.content ?? '',
      ModuleId: String(lesson?.ModuleId ?? moduleId),
    },
    serverFields: ['title', 'content', 'ModuleId'],
    save: (values) =>
      upsert({
        ...(lesson ? { id: lesson.id } : {}),
        title: values.title,
        content: values.content,
        // The selector is disabled when creating: the lesson goes to the module it was added from.
        ModuleId: lesson ? Number(values.ModuleId) : moduleId,
        Tags: tagIds.map((id) => ({ id })),
      }).unwrap(),
    remove: lesson ? () => remove(lesson.id).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;

  const uploadImage = async () => {
    const uploaded = await image.choose();
    if (!uploaded) return;
    const absolute = new URL(assetUrl(uploaded.url) ?? uploaded.url, window.location.href).href;
    setImageUrl(absolute);
    if (await copyToClipboard(absolute)) dispatch(lessonImageUrlCopied());
  };

  return (
    <EntityFormDialog
      state={dialog}
      size="lg"
      title={lessonFormTitle(lesson)}
      what="lesson"
      deleteWarning="Delete this lesson? Members' progress in it is deleted with it."
    >
      <TextField label="Title" autoComplete="off" data-autofocus error={errors.title?.message} {...register('title')} />
      <SelectField
        label="Module"
        disabled={!lesson}
        hint={lesson ? undefined : 'A new lesson is added to this module; move it later with Manage Order.'}
        error={errors.ModuleId?.message}
        {...register('ModuleId')}
      >
        {modules.map((m) => (
          <option key={m.id} value={m.id}>
            {m.title}
          </option>
        ))}
      </SelectField>
      <div>
        <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2">
          <div role="group" aria-label="Content view" className="inline-flex rounded-lg bg-gray-100 p-0.5 text-sm">
            {(['Write', 'Preview'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={preview === (mode === 'Preview')}
                onClick={() => setPreview(mode === 'Preview')}
                className={cn(
                  'rounded-md px-3 py-1',
                  preview === (mode === 'Preview') ? 'bg-white shadow-sm' : 'text-gray-600',
                )}
              >
                {mode}
              </button>
            ))}
          </div>
          <Button size="sm" variant="secondary" loading={image.uploading} onClick={() => void uploadImage()}>
            <ImageIcon /> {image.uploading ? 'Uploading…' : 'Upload image'}
          </Button>
        </div>
        {preview ? (
          <div className="min-h-64 rounded-lg border border-gray-200 p-4">
            <LessonMarkdown>{watch('content') || '_Nothing to preview yet._'}</LessonMarkdown>
          </div>
        ) : (
          <TextArea
            label="Content (markdown)"
            rows={14}
            className="font-mono text-[13px]"
            hint="Markdown with tables and task lists. Embed a form with a ```form block holding its https address."
            error={errors.content?.message}
            {...register('content')}
          />
        )}
        {image.problem && (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {image.problem}
          </p>
        )}
        {imageUrl && (
          <TextField
            className="mt-3"
            label="Image URL"
            readOnly
            value={imageUrl}
            hint={`Paste it into the content as ![description](${imageUrl})`}
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </div>
      <ChecklistField
        legend="Required tags"
        choices={tags.map((t) => ({ id: t.id, label: t.name }))}
        value={tagIds}
        onChange={setTagIds}
        empty="No tags yet."
      />
    </EntityFormDialog>
  );
}

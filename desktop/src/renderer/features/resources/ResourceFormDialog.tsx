import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { RESOURCE_TYPES, RESOURCE_VISIBILITIES, type Resource } from '@shared/types';
import { Button } from '../../components/Button';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { Checkbox, TextField } from '../../components/TextField';
import { useEntityForm } from '../../lib/useEntityForm';
import { useGetTagsQuery } from '../tags/tagsApi';
import { ContentEditor } from './ContentEditor';
import { ResourceCover } from './DefaultCover';
import { ChecklistField, SelectField, TextArea } from '../../components/FormFields';
import {
  FORM_FIELDS,
  formDefaults,
  isForSale,
  resourceFormTitle,
  resourceResolver,
  toBody,
  type ResourceForm,
} from './resourceForm';
import {
  useDeleteResourceMutation,
  useGetResourceCategoriesQuery,
  useGetResourceCourseOptionsQuery,
  useUpsertResourceMutation,
} from './resourcesApi';
import { useImageUpload } from '../uploads/useImageUpload';

/**
 * The admin add/edit resource modal (docs/areas/resources.md#screens, docs/areas/resources.md#validation): type Link (default), Article (content editor) or
 * Course (a course, no URL field); For Sale items need a Price or a Purchase URL, and a Purchase URL
 * at least one Required Tag. Save, Cancel, Delete (with a confirmation). Toasts from the listener.
 */
export function ResourceFormDialog({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const [upsert] = useUpsertResourceMutation();
  const [remove] = useDeleteResourceMutation();
  const { data: tags = [] } = useGetTagsQuery();
  const { data: categories = [] } = useGetResourceCategoriesQuery();
  const { data: courses = [] } = useGetResourceCourseOptionsQuery();
  const [cover, setCover] = useState<string | null>(resource?.coverPhotoUrl ?? null);
  const image = useImageUpload();
  const { form, dialog } = useEntityForm<ResourceForm>({
    resolver: resourceResolver,
    defaultValues: formDefaults(resource),
    serverFields: FORM_FIELDS,
    save: (values) => upsert(toBody(values, resource?.id, cover)).unwrap(),
    remove: resource ? () => remove(resource.id).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    watch,
    control,
    formState: { errors },
  } = form;
  const type = watch('type');
  const visibility = watch('visibility');

  return (
    <EntityFormDialog
      state={dialog}
      size="lg"
      title={resourceFormTitle(resource)}
      what="resource"
      deleteWarning="Delete this resource? Members who bought it lose it too. This cannot be undone."
    >
      <TextField label="Title" autoComplete="off" data-autofocus error={errors.title?.message} {...register('title')} />
      <TextArea
        label="Description (optional)"
        rows={2}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Type" error={errors.type?.message} {...register('type')}>
          {RESOURCE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <SelectField label="Visibility" error={errors.visibility?.message} {...register('visibility')}>
          {RESOURCE_VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </SelectField>
      </div>
      {type === 'Link' && (
        <TextField
          label="URL"
          type="url"
          placeholder="https://"
          autoComplete="off"
          error={errors.url?.message}
          {...register('url')}
        />
      )}
      {type === 'Article' && (
        <Controller
          control={control}
          name="content"
          render={({ field }) => (
            <ContentEditor value={field.value} onChange={field.onChange} error={errors.content?.message} />
          )}
        />
      )}
      {type === 'Course' && (
        <SelectField
          label="Course"
          hint="Opens the course's first lesson the member can see."
          error={errors.CourseId?.message}
          {...register('CourseId')}
        >
          <option value="">Choose a course…</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
              {c.status === 'DRAFT' ? ' (draft)' : ''}
            </option>
          ))}
        </SelectField>
      )}
      {isForSale(visibility) && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Price (USD)"
            inputMode="decimal"
            placeholder="19.00"
            autoComplete="off"
            hint="Bought in the portal by card."
            error={errors.price?.message}
            {...register('price')}
          />
          <TextField
            label="Purchase URL"
            type="url"
            placeholder="https://"
            autoComplete="off"
            hint="Or sold on an external store page."
            error={errors.purchaseUrl?.message}
            {...register('purchaseUrl')}
          />
        </div>
      )}
      <Controller
        control={control}
        name="Tags"
        render={({ field }) => (
          <ChecklistField
            legend="Required Tags (members holding one get access)"
            choices={tags.map((t) => ({ id: t.id, label: t.name }))}
            value={field.value}
            onChange={field.onChange}
            empty="No tags yet."
            error={errors.Tags?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="ResourceCategories"
        render={({ field }) => (
          <ChecklistField
            legend="Categories"
            choices={categories.map((c) => ({ id: c.id, label: c.name }))}
            value={field.value}
            onChange={field.onChange}
            empty="No categories yet: add them with Categories."
            error={errors.ResourceCategories?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Published on (optional)"
          type="date"
          error={errors.publishedAt?.message}
          {...register('publishedAt')}
        />
        <Checkbox
          className="sm:mt-7"
          label="Hidden"
          description="Only admins see hidden resources."
          {...register('hidden')}
        />
      </div>
      <div>
        <p className="mb-1.5 text-sm font-medium text-gray-700">Cover photo</p>
        <div className="flex flex-wrap items-center gap-3">
          <ResourceCover resource={{ coverPhotoUrl: cover, type }} className="h-16 w-28 rounded-md" />
          <Button
            size="sm"
            variant="secondary"
            loading={image.uploading}
            onClick={() => void image.choose().then((up) => up && setCover(up.url))}
          >
            {image.uploading ? 'Uploading…' : 'Upload cover'}
          </Button>
          {cover && !image.uploading && (
            <Button size="sm" variant="ghost" onClick={() => setCover(null)}>
              Remove
            </Button>
          )}
        </div>
        {image.problem && (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {image.problem}
          </p>
        )}
      </div>
    </EntityFormDialog>
  );
}

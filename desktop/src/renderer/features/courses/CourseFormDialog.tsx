import { useState } from 'react';
import { courseUpsertSchema, slugify } from '@shared/schemas/courses';
import type { Course } from '@shared/types';
import { Button } from '../../components/Button';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { Checkbox, TextField } from '../../components/TextField';
import { useEntityForm } from '../../lib/useEntityForm';
import { useGetTagsQuery } from '../tags/tagsApi';
import { CourseCover } from './CourseCard';
import { useDeleteCourseMutation, useGetModulesQuery, useUpsertCourseMutation } from './coursesApi';
import { ChecklistField, SelectField, TextArea } from '../../components/FormFields';
import { plural } from '../../lib/plural';
import { useImageUpload } from '../uploads/useImageUpload';

interface CourseForm {
  title: string;
  slug: string;
  description: string;
  status: 'DRAFT' | 'PUBLISHED';
  visibleToBasic: boolean;
  visibleToPremium: boolean;
}

const formSchema = courseUpsertSchema.pick([
  'title',
  'slug',
  'description',
  'status',
  'visibleToBasic',
  'visibleToPremium',
]);

export const courseFormTitle = (course: Course | null) =>
  course ? `Edit course: ${course.title}` : 'Add a new course';

/**
 * The course form (docs/areas/courses.md#screens, docs/areas/courses.md#validation): title and slug required, description optional, status, cover,
 * visibility flags, required tags, and the course's modules (modules with no course or this one).
 */
export function CourseFormDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const [upsert] = useUpsertCourseMutation();
  const [remove] = useDeleteCourseMutation();
  const { data: tags = [] } = useGetTagsQuery();
  const { data: modules = [] } = useGetModulesQuery();
  const [tagIds, setTagIds] = useState<number[]>(course?.Tags.map((t) => t.id) ?? []);
  const [moduleIds, setModuleIds] = useState<number[] | null>(null);
  const [cover, setCover] = useState<string | null>(course?.coverPhotoUrl ?? null);
  const [slugEdited, setSlugEdited] = useState(Boolean(course));
  const image = useImageUpload();
  const { form, dialog, serverErrors } = useEntityForm<CourseForm>({
    schema: formSchema,
    defaultValues: {
      title: course?.title ?? '',
      slug: course?.slug ?? '',
      description: course?.description ?? '',
      status: course?.status ?? 'DRAFT',
      visibleToBasic: course?.visibleToBasic ?? true,
      visibleToPremium: course?.visibleToPremium ?? true,
    },
    serverFields: ['title', 'slug', 'description', 'status'],
    shownApart: ['Modules'],
    save: (values) =>
      upsert({
        ...(course ? { id: course.id } : {}),
        title: values.title,
        slug: values.slug,
        description: values.description || null,
        status: values.status,
        coverPhotoUrl: cover,
        visibleToBasic: values.visibleToBasic,
        visibleToPremium: values.visibleToPremium,
        Tags: tagIds.map((id) => ({ id })),
        ...(moduleIds !== null ? { Modules: moduleIds.map((id) => ({ id })) } : {}),
      }).unwrap(),
    remove: course ? () => remove(course.id).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    setValue,
    formState: { errors },
  } = form;

  const moduleChoices = modules.filter((m) => m.CourseId === null || (course && m.CourseId === course.id));
  const chosenModules = moduleIds ?? modules.filter((m) => course && m.CourseId === course.id).map((m) => m.id);

  const titleField = register('title', {
    onChange: (e: { target: { value: string } }) => {
      if (!slugEdited) setValue('slug', slugify(e.target.value));
    },
  });

  return (
    <EntityFormDialog
      state={dialog}
      size="lg"
      title={courseFormTitle(course)}
      what="course"
      deleteWarning={`Delete this course? Its ${plural(course?.moduleCount ?? 0, 'module')} and ${plural(course?.lessonCount ?? 0, 'lesson')}, and members' progress in them, are deleted with it.`}
    >
      <TextField label="Title" autoComplete="off" data-autofocus error={errors.title?.message} {...titleField} />
      <TextField
        label="Slug"
        autoComplete="off"
        hint="The course's address: /courses/your-slug"
        error={errors.slug?.message}
        {...register('slug', { onChange: () => setSlugEdited(true) })}
      />
      <TextArea
        label="Description (optional)"
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <SelectField label="Status" error={errors.status?.message} {...register('status')}>
        <option value="DRAFT">Draft (admins only)</option>
        <option value="PUBLISHED">Published</option>
      </SelectField>
      <div>
        <p className="mb-1.5 text-sm font-medium text-gray-700">Cover photo</p>
        <div className="flex flex-wrap items-center gap-3">
          <CourseCover
            course={{ title: course?.title ?? 'New', coverPhotoUrl: cover }}
            className="h-16 w-28 rounded-md text-sm"
          />
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
      <div className="grid gap-3 sm:grid-cols-2">
        <Checkbox
          label="Visible to basic"
          description="Basic and course only members"
          {...register('visibleToBasic')}
        />
        <Checkbox
          label="Visible to premium"
          description="Premium members and coaches"
          {...register('visibleToPremium')}
        />
      </div>
      <ChecklistField
        legend="Required tags (members holding one get access)"
        choices={tags.map((t) => ({ id: t.id, label: t.name }))}
        value={tagIds}
        onChange={setTagIds}
        empty="No tags yet."
      />
      <ChecklistField
        legend="Modules"
        choices={moduleChoices.map((m) => ({
          id: m.id,
          label: m.title,
          detail: m.CourseId === null ? '(no course)' : `(${plural(m.lessonCount, 'lesson')})`,
        }))}
        value={chosenModules}
        onChange={setModuleIds}
        empty="No modules without a course. Add modules from the course page."
        error={serverErrors.Modules}
      />
    </EntityFormDialog>
  );
}

import { useState } from 'react';
import { moduleUpsertSchema } from '@shared/schemas/courses';
import type { Course, Module } from '@shared/types';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { Checkbox, TextField } from '../../components/TextField';
import { useEntityForm } from '../../lib/useEntityForm';
import { useGetTagsQuery } from '../tags/tagsApi';
import { useDeleteModuleMutation, useGetCoursesQuery, useUpsertModuleMutation } from './coursesApi';
import { ChecklistField, SelectField } from '../../components/FormFields';
import { plural } from '../../lib/plural';

interface ModuleForm {
  title: string;
  CourseId: string;
  visibleToBasic: boolean;
  visibleToPremium: boolean;
}

const formSchema = moduleUpsertSchema.pick(['title']);

export const moduleFormTitle = (module: Module | null) =>
  module ? `Edit module: ${module.title}` : 'Add a new module';

/**
 * Add or edit a module. A new module starts with its course's visibility flags (docs/areas/courses.md#limits); the
 * course selector moves a module to another course.
 */
export function ModuleFormDialog({
  module,
  course,
  onClose,
}: {
  module: Module | null;
  course: Course;
  onClose: () => void;
}) {
  const [upsert] = useUpsertModuleMutation();
  const [remove] = useDeleteModuleMutation();
  const { data: tags = [] } = useGetTagsQuery();
  const { data: catalog } = useGetCoursesQuery();
  const [tagIds, setTagIds] = useState<number[]>(module?.Tags.map((t) => t.id) ?? []);
  const { form, dialog } = useEntityForm<ModuleForm>({
    schema: formSchema,
    defaultValues: {
      title: module?.title ?? '',
      CourseId: String(module?.CourseId ?? course.id),
      visibleToBasic: module?.visibleToBasic ?? course.visibleToBasic,
      visibleToPremium: module?.visibleToPremium ?? course.visibleToPremium,
    },
    serverFields: ['title', 'CourseId'],
    save: (values) =>
      upsert({
        ...(module ? { id: module.id } : {}),
        title: values.title,
        CourseId: Number(values.CourseId),
        visibleToBasic: values.visibleToBasic,
        visibleToPremium: values.visibleToPremium,
        Tags: tagIds.map((id) => ({ id })),
      }).unwrap(),
    remove: module ? () => remove(module.id).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const courses = catalog?.courses ?? [course];

  return (
    <EntityFormDialog
      state={dialog}
      title={moduleFormTitle(module)}
      what="module"
      deleteWarning={`Delete this module? Its ${plural(module?.Lessons.length ?? 0, 'lesson')}, and members' progress in them, are deleted with it.`}
    >
      <TextField label="Title" autoComplete="off" data-autofocus error={errors.title?.message} {...register('title')} />
      <SelectField label="Course" error={errors.CourseId?.message} {...register('CourseId')}>
        {courses.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-3 sm:grid-cols-2">
        <Checkbox label="Visible to basic" {...register('visibleToBasic')} />
        <Checkbox label="Visible to premium" {...register('visibleToPremium')} />
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

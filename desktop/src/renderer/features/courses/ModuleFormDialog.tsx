import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { moduleUpsertSchema } from '@shared/schemas/courses';
import type { Course, Module } from '@shared/types';
import { Dialog } from '../../components/Dialog';
import { Checkbox, TextField } from '../../components/TextField';
import { applyServerFieldErrors } from '../../lib/serverErrors';
import { yupResolver } from '../../lib/yupResolver';
import { useGetTagsQuery } from '../tags/tagsApi';
import { useDeleteModuleMutation, useGetCoursesQuery, useUpsertModuleMutation } from './coursesApi';
import { ChecklistField, SelectField } from '../../components/FormFields';
import { FormFooter } from '../../components/FormFooter';
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
 * Add or edit a module. A new module starts with its course's visibility flags (SPEC §9); the
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
  const formId = useId();
  const [upsert, { isLoading: saving }] = useUpsertModuleMutation();
  const [remove, { isLoading: deleting }] = useDeleteModuleMutation();
  const { data: tags = [] } = useGetTagsQuery();
  const { data: catalog } = useGetCoursesQuery();
  const [tagIds, setTagIds] = useState<number[]>(module?.Tags.map((t) => t.id) ?? []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ModuleForm>({
    resolver: yupResolver(formSchema),
    defaultValues: {
      title: module?.title ?? '',
      CourseId: String(module?.CourseId ?? course.id),
      visibleToBasic: module?.visibleToBasic ?? course.visibleToBasic,
      visibleToPremium: module?.visibleToPremium ?? course.visibleToPremium,
    },
  });
  const courses = catalog?.courses ?? [course];

  const onSubmit = handleSubmit(async (values) => {
    try {
      await upsert({
        ...(module ? { id: module.id } : {}),
        title: values.title,
        CourseId: Number(values.CourseId),
        visibleToBasic: values.visibleToBasic,
        visibleToPremium: values.visibleToPremium,
        Tags: tagIds.map((id) => ({ id })),
      }).unwrap();
      onClose();
    } catch (err) {
      applyServerFieldErrors(err, setError, ['title', 'CourseId']);
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={moduleFormTitle(module)}
      footer={
        <FormFooter
          formId={formId}
          saving={saving}
          deleting={deleting}
          onCancel={onClose}
          what="module"
          deleteWarning={`Delete this module? Its ${plural(module?.Lessons.length ?? 0, 'lesson')}, and members' progress in them, are deleted with it.`}
          onDelete={
            module
              ? async () => {
                  await remove(module.id).unwrap();
                  onClose();
                }
              : undefined
          }
        />
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Title"
          autoComplete="off"
          data-autofocus
          error={errors.title?.message}
          {...register('title')}
        />
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
      </form>
    </Dialog>
  );
}

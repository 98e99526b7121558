import { Controller } from 'react-hook-form';
import { ROLES, type Role } from '@shared/limits';
import { fillMessage, MESSAGES } from '@shared/messages';
import { COMMUNITY_LIMITS, communitySpaceUpsertSchema } from '@shared/schemas/community';
import type { CommunitySpace } from '@shared/types';
import { ChipMultiSelect } from '../../components/ChipMultiSelect';
import { EntityFormDialog } from '../../components/EntityFormDialog';
import { CheckboxRow, TextArea } from '../../components/FormFields';
import { TextField } from '../../components/TextField';
import { useEntityForm } from '../../lib/useEntityForm';
import { roleLabel } from '../shell/SwitchRolesDialog';
import { useGetTagsQuery } from '../tags/tagsApi';
import { useDeleteCommunitySpaceMutation, useUpsertCommunitySpaceMutation } from './communityApi';
import { postCount } from './communityView';

interface SpaceForm {
  name: string;
  description: string;
  roles: Role[];
  tagIds: number[];
  postingRoles: Role[];
}

const FIELDS = ['name', 'description', 'roles', 'tagIds', 'postingRoles'] as const;

/** A labelled group of role checkboxes; none ticked means "no limit" (the hint says which). */
function RolesField({
  legend,
  hint,
  value,
  onChange,
  error,
}: {
  legend: string;
  hint: string;
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  error?: string;
}) {
  const toggle = (role: Role) =>
    onChange(
      value.includes(role) ? value.filter((r) => r !== role) : ROLES.filter((r) => r === role || value.includes(r)),
    );
  return (
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className="mb-0.5 text-sm font-medium text-gray-700">{legend}</legend>
      <p className="mb-1.5 text-xs text-gray-500">{hint}</p>
      <div className="grid grid-cols-1 gap-0.5 rounded-lg border border-gray-200 p-2 sm:grid-cols-3">
        {ROLES.map((role) => (
          <CheckboxRow key={role} checked={value.includes(role)} onChange={() => toggle(role)}>
            {roleLabel(role)}
          </CheckboxRow>
        ))}
      </div>
      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
    </fieldset>
  );
}

/** New space / Edit space (admins): name, description, who sees it (roles, tags), who may start posts; Delete asks first. */
export function SpaceFormDialog({ space, onClose }: { space: CommunitySpace | null; onClose: () => void }) {
  const [upsert] = useUpsertCommunitySpaceMutation();
  const [remove] = useDeleteCommunitySpaceMutation();
  const tags = useGetTagsQuery();
  const { form, dialog } = useEntityForm<SpaceForm>({
    schema: communitySpaceUpsertSchema,
    defaultValues: {
      name: space?.name ?? '',
      description: space?.description ?? '',
      roles: space?.roles ?? [],
      tagIds: space?.tagIds ?? [],
      postingRoles: space?.postingRoles ?? [],
    },
    serverFields: FIELDS,
    save: (values) => upsert({ ...(space ? { id: space.id } : {}), ...values }).unwrap(),
    remove: space ? () => remove(space.id).unwrap() : undefined,
    onClose,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <EntityFormDialog
      state={dialog}
      size="lg"
      title={space ? MESSAGES.communityEditSpace : MESSAGES.communityNewSpace}
      what="space"
      deleteWarning={
        space
          ? fillMessage(MESSAGES.communitySpaceDeleteWarning, { name: space.name, posts: postCount(space.postCount) })
          : ''
      }
    >
      <TextField
        label={MESSAGES.communitySpaceName}
        autoComplete="off"
        maxLength={COMMUNITY_LIMITS.spaceNameMax}
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <TextArea
        label={`${MESSAGES.communitySpaceDescription} (optional)`}
        rows={2}
        maxLength={COMMUNITY_LIMITS.spaceDescriptionMax}
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="roles"
        render={({ field, fieldState }) => (
          <RolesField
            legend={MESSAGES.communitySpaceRoles}
            hint={MESSAGES.communitySpaceRolesHint}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="tagIds"
        render={({ field, fieldState }) => (
          <div>
            <ChipMultiSelect
              label={MESSAGES.communitySpaceTags}
              description={MESSAGES.communitySpaceTagsHint}
              selected={field.value}
              onChange={field.onChange}
              items={tags.data}
              isLoading={tags.isLoading}
              error={tags.error}
              noun={{ one: 'tag', many: 'tags', title: 'Tag' }}
              empty="No tags yet."
            />
            {fieldState.error?.message && <p className="mt-1 text-xs text-red-600">{fieldState.error.message}</p>}
          </div>
        )}
      />
      <Controller
        control={control}
        name="postingRoles"
        render={({ field, fieldState }) => (
          <RolesField
            legend={MESSAGES.communitySpacePostingRoles}
            hint={MESSAGES.communitySpacePostingRolesHint}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </EntityFormDialog>
  );
}

import { useMemo } from 'react';
import type { ResourceRef } from '@shared/types';
import { ChipMultiSelect } from '../../components/ChipMultiSelect';
import { useGetResourcesQuery } from './resourcesApi';

const RESOURCE = { one: 'resource', many: 'resources', title: 'Resource' };

/**
 * The user form's admin-only 'Owned Resources' multi-select (docs/areas/resources.md#screens). `known` names chosen
 * resources the list has not loaded (the user's current Resources).
 */
export function OwnedResourcesPicker({
  selected,
  onChange,
  known = [],
}: {
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  known?: readonly ResourceRef[];
}) {
  const { data: resources, isLoading, error } = useGetResourcesQuery({});
  const items = useMemo(() => resources?.map((r) => ({ id: r.id, name: r.title })), [resources]);
  const names = useMemo(() => new Map(known.map((r) => [r.id, r.title])), [known]);
  return (
    <ChipMultiSelect
      label="Owned Resources"
      description="The member can open these whatever their visibility (bought or given)."
      selected={selected}
      onChange={onChange}
      items={items}
      isLoading={isLoading}
      error={error}
      noun={RESOURCE}
      empty="No resources yet."
      groupLabel="All resources"
      names={names}
      tone="green"
    />
  );
}

import { ChipMultiSelect } from '../../components/ChipMultiSelect';
import { useGetTagsQuery } from '../tags/tagsApi';

const TAG = { one: 'tag', many: 'tags', title: 'Tag' };

/** A multi-select of tags (chips for the chosen ones, a checkbox per tag, a filter when long). */
export function TagPicker({
  label,
  selected,
  onChange,
  disabled = false,
  description,
}: {
  label: string;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  description?: string;
}) {
  const { data: tags, isLoading, error } = useGetTagsQuery();
  return (
    <ChipMultiSelect
      label={label}
      description={description}
      selected={selected}
      onChange={onChange}
      disabled={disabled}
      items={tags}
      isLoading={isLoading}
      error={error}
      noun={TAG}
      empty="No tags yet. Add them in Tag Management."
    />
  );
}

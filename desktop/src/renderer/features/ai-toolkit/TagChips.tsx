import { aiToolTagCounts } from '@shared/schemas/ai-tools';
import type { AiTool } from '@shared/types';
import { cn } from '../../lib/cn';

/** Tag filter chips with counts: 'All Tools' plus every tag, sorted (docs/areas/ai-toolkit.md#screens). */
export function TagChips({
  tools,
  selected,
  onSelect,
}: {
  tools: readonly AiTool[];
  selected: string | null;
  onSelect: (tag: string | null) => void;
}) {
  return (
    <div role="group" aria-label="Filter tools by tag" className="flex flex-wrap gap-2">
      {aiToolTagCounts(tools).map(({ tag, label, count }) => {
        const active = tag === selected;
        return (
          <button
            key={tag ?? '*'}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(tag)}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              active
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
            )}
          >
            {label}
            <span
              className={cn(
                'rounded-full px-1.5 text-xs tabular-nums',
                active ? 'bg-white text-brand-800' : 'bg-gray-100 text-gray-700',
              )}
            >
              {count}
            </span>
          </button>
        );
      })}
    </div>
  );
}

import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { TABS, type ProductTab } from './metrics';

/** The five tabs of the Power Profit Tool (WAI-ARIA tabs: arrow keys, Home and End move). */
export function ProductTabs({
  tab,
  onChange,
  children,
}: {
  tab: ProductTab;
  onChange: (tab: ProductTab) => void;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const index = TABS.indexOf(tab);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + TABS.length) % TABS.length;
    onChange(TABS[next]!);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Product views"
        onKeyDown={onKeyDown}
        className="-mx-1 mb-4 flex gap-1 overflow-x-auto border-b border-gray-200 px-1"
      >
        {TABS.map((t, i) => (
          <button
            key={t}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={t === tab}
            aria-controls={`${id}-panel`}
            tabIndex={t === tab ? 0 : -1}
            onClick={() => onChange(t)}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500',
              t === tab ? 'border-brand-600 text-brand-700' : 'border-transparent text-gray-500 hover:text-gray-800',
            )}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${index}`}>
        {children}
      </div>
    </div>
  );
}

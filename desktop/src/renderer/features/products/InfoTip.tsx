import { useId } from 'react';

/**
 * A small "i" that shows guidance on hover or keyboard focus (docs/areas/seller-tools.md#limits tooltips). The text is the
 * button's description, so screen readers announce it too.
 */
export function InfoTip({ text, label = 'More information' }: { text: string; label?: string }) {
  const id = useId();
  return (
    <span className="group relative inline-flex align-middle">
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        className="inline-flex size-4 items-center justify-center rounded-full bg-gray-200 text-[10px] font-bold text-gray-600 hover:bg-brand-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        i
      </button>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-2 w-56 -translate-x-1/2 rounded-md bg-gray-900 px-3 py-2 text-xs font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}

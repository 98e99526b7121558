import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const base = (props: IconProps) => ({
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  className: 'size-4 shrink-0',
  ...props,
});

export const EditIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />
  </svg>
);
export const PlusIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export const DragIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" strokeWidth={3} />
  </svg>
);
export const ChevronIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="m9 6 6 6-6 6" />
  </svg>
);
export const LockIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3" />
  </svg>
);
export const SearchIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" />
  </svg>
);
export const ImageIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9h.01" />
  </svg>
);

/** A lesson's completion circle: filled with a check when completed. */
export function CompletionCircle({ completed, className }: { completed: boolean; className?: string }) {
  return completed ? (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={className ?? 'size-5 shrink-0 text-green-600'}>
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="m6 10.5 2.5 2.5L14 7.5" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  ) : (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={className ?? 'size-5 shrink-0 text-gray-300'}>
      <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

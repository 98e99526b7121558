import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** The portal's one icon set: 24x24 outline paths, drawn in currentColor. */
function svgProps(props: IconProps, size = 'size-4') {
  return {
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    className: `${size} shrink-0`,
    ...props,
  };
}

/** An icon component of one path; `size` is its default size class. */
function icon(d: string, size?: string, pathProps: SVGProps<SVGPathElement> = {}) {
  const Icon = (p: IconProps) => (
    <svg {...svgProps(p, size)}>
      <path d={d} {...pathProps} />
    </svg>
  );
  return Icon;
}

export const EditIcon = icon('M4 20h4L19 9l-4-4L4 16zM14 6l4 4');
export const PlusIcon = icon('M12 5v14M5 12h14');
export const DragIcon = icon('M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01', undefined, { strokeWidth: 3 });
export const ChevronIcon = icon('m9 6 6 6-6 6');
export const LockIcon = icon('M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3');
export const SearchIcon = icon('M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4');
export const ImageIcon = icon('M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9h.01');
export const ExternalIcon = icon('M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5');
export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16', 'size-5');
export const CloseIcon = icon('M6 6l12 12M18 6 6 18', 'size-5');
export const LogoutIcon = icon('M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11', 'size-5');
export const SwitchIcon = icon('M7 7h13l-4-4M17 17H4l4 4', 'size-5');
export const BellIcon = icon('M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20a2 2 0 0 0 4 0', 'size-5');
export const HelpIcon = icon(
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.6 9.2a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.5M12 16.8h.01',
  'size-5',
);

/** One icon per in-app sidebar item key (external items get ExternalIcon). */
const NAV_ICON_PATHS: Record<string, string> = {
  dashboard: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-4H4zM14 4v4h6V4z',
  'ai-toolkit':
    'M12 3l1.9 4.6L18.5 9.5l-4.6 1.9L12 16l-1.9-4.6L5.5 9.5l4.6-1.9zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z',
  courses: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 19V5M8 7h7',
  resources: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  'portal-community': 'M4 5h12v8H9l-4 3v-3H4zM16 9h4v8h-1v3l-4-3h-4v-1',
  'profit-calculator':
    'M6 3h12a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM8 7h8M8 12h.01M12 12h.01M16 12h.01M8 16h.01M12 16h.01M16 16h.01',
  'move-the-needle': 'M4 4h5v16H4zM10.5 4h5v10h-5zM17 4h3v7h-3z',
  'move-the-needle-coach': 'M4 4h5v16H4zM10.5 4h5v10h-5zM17 4h3v7h-3z',
  'master-template': 'M4 4h5v16H4zM10.5 4h5v10h-5zM17 4h3v7h-3z',
  'product-qualifier': 'M9 12l2 2 4-4M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6z',
  users:
    'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM21 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8',
  'tag-management': 'M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9zM7.5 7.5h.01',
  review: 'M4 4h16v16H4zM4 14h4l2 3h4l2-3h4M9 8.5l2 2 4-4',
  'audit-log': 'M9 4h6v3H9zM8 5H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1h-2M9 12h6M9 16h4',
  insights: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  jobs: 'M4 6h16M4 12h16M4 18h10M18 16l2 2 3-3',
  'portal-settings': 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  'fee-rate-cards': 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  plans: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  calendar:
    'M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM4 10h16M8 3v4M16 3v4M8 14h.01M12 14h.01M16 14h.01',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 14H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 10 3V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1A1.7 1.7 0 0 0 21 10h0a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
};

/** Whether an in-app sidebar item has its own icon (every one must: docs/screens.md). */
export const hasNavIcon = (itemKey: string): boolean => itemKey in NAV_ICON_PATHS;

export function NavIcon({ itemKey }: { itemKey: string }) {
  const d = NAV_ICON_PATHS[itemKey];
  if (!d) return <span className="size-5 shrink-0" aria-hidden="true" />;
  return (
    <svg {...svgProps({}, 'size-5')}>
      <path d={d} />
    </svg>
  );
}

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

import { cn } from '../../lib/cn';

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-base font-semibold whitespace-nowrap text-gray-900',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white"
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M7 18a4 4 0 0 1-.6-7.96A5.5 5.5 0 0 1 17 8.5a3.75 3.75 0 0 1 .5 7.47" strokeLinecap="round" />
          <path d="M9 20l1-2M13 20l1-2" strokeLinecap="round" />
        </svg>
      </span>
      Rainmakers Portal
    </span>
  );
}

import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

/**
 * A bordered, horizontally scrollable table (narrow screens scroll instead of squashing). `focusable`:
 * the scroll area is a named region that takes keyboard focus, so a table wider than a phone can be
 * scrolled with the arrow keys (axe's scrollable-region-focusable).
 */
export function Table({
  caption,
  children,
  className,
  focusable = false,
}: {
  caption?: string;
  children: ReactNode;
  className?: string;
  focusable?: boolean;
}) {
  return (
    <div
      className={cn('overflow-x-auto rounded-xl border border-gray-200 bg-white', className)}
      {...(focusable ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-gray-50">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className, children, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn('px-4 py-3 text-xs font-semibold tracking-wide text-gray-600 uppercase', className)}
      {...rest}
    >
      {children}
    </th>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-gray-100">{children}</tbody>;
}

export function Td({ className, children, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td className={cn('px-4 py-3 align-middle text-gray-700', className)} {...rest}>
      {children}
    </td>
  );
}

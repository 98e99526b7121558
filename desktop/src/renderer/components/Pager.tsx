import { Button } from './Button';

export interface PagerState {
  previousDisabled: boolean;
  nextDisabled: boolean;
  /** 1-based index of the first and last item shown, 0 when there are none. */
  from: number;
  to: number;
}

/**
 * docs/errors.md: Previous is disabled on page 1; Next is disabled when page × perPage is not
 * below the count.
 */
export function pagerState(page: number, perPage: number, totalCount: number): PagerState {
  const from = totalCount === 0 ? 0 : Math.min((page - 1) * perPage + 1, totalCount);
  const to = Math.min(page * perPage, totalCount);
  return { previousDisabled: page <= 1, nextDisabled: page * perPage >= totalCount, from, to };
}

export interface PagerProps {
  page: number;
  perPage: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  /** Disable both buttons, e.g. while a page is loading. */
  disabled?: boolean;
  label?: string;
}

export function Pager({ page, perPage, totalCount, onPageChange, disabled = false, label = 'Pagination' }: PagerProps) {
  const s = pagerState(page, perPage, totalCount);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-4">
      <p className="text-sm text-gray-500" aria-live="polite">
        {totalCount === 0 ? 'No results' : `Showing ${s.from}–${s.to} of ${totalCount}`}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || s.previousDisabled}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || s.nextDisabled}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

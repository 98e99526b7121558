import { Link } from 'react-router-dom';
import { Card } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { useGetProductCountQuery } from './productsApi';

/** Dashboard card 'Total Products' (docs/areas/seller-tools.md#screens): the member's product count, linking to the tool. */
export function TotalProductsCard({ className }: { className?: string }) {
  const { data: total, isLoading, isError } = useGetProductCountQuery();
  return (
    <Card className={cn('p-0', className)}>
      <Link
        to="/profit-calculator"
        className="flex h-full flex-col gap-2 rounded-xl px-5 py-4 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span className="text-sm font-medium text-gray-500">Total Products</span>
        <span className="text-3xl font-semibold tabular-nums text-gray-900" data-testid="total-products">
          {isLoading ? <Skeleton shape="stat" label="Loading" /> : isError ? '—' : (total ?? 0)}
        </span>
        <span className="text-sm text-brand-700">Open the Power Profit Tool →</span>
      </Link>
    </Card>
  );
}

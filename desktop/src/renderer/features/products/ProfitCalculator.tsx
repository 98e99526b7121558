import { useState } from 'react';
import { MESSAGES } from '@shared/messages';
import type { Product } from '@shared/types';
import { Banner, LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';
import { toApiError } from '../../lib/apiErrors';
import { useQueryParams } from '../../lib/useQueryParams';
import { ProductCard } from './ProductCard';
import { ProductDetail } from './ProductDetail';
import { ProductFormDialog } from './ProductFormDialog';
import { ProductTabs } from './ProductTabs';
import { SectionDialog } from './SectionDialog';
import type { ProductTab, SectionTab } from './metrics';
import { useGetProductsQuery } from './productsApi';
import { useProductsCsv } from './exportProducts';
import { Refreshing } from '../../components/Refreshing';

type Editing = { section: SectionTab; product: Product | null } | null;

/** /profit-calculator (docs/areas/seller-tools.md#screens Power Profit Tool). */
export function ProfitCalculator() {
  const { data: products, error, isLoading, isFetching, refetch } = useGetProductsQuery();
  const [tab, setTab] = useState<ProductTab>('Product');
  // The product whose metrics are open is in the address (?product=ID), so it can be linked to.
  const [params, updateParams] = useQueryParams();
  const viewingId = Number(params.get('product')) || null;
  const setViewingId = (id: number | null) => updateParams({ product: id === null ? null : String(id) });
  const csv = useProductsCsv();
  const [editing, setEditing] = useState<Editing>(null);
  const addProduct = () => setEditing({ section: 'Product', product: null });
  const viewing = viewingId === null ? undefined : products?.find((p) => p.id === viewingId);

  let body;
  if (isLoading) body = <Skeleton shape="stack" label="Loading products…" />;
  else if (error && !products) body = <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>;
  else if (!products || products.length === 0)
    body = (
      <EmptyState
        title={MESSAGES.noProducts}
        description="Add a product to see its costs, fees, profit and launch plan."
        action={<Button onClick={addProduct}>Add my first Product</Button>}
      />
    );
  else if (viewing)
    body = (
      <ProductDetail
        key={viewing.id}
        product={viewing}
        onBack={() => setViewingId(null)}
        onEdit={(section) => setEditing({ section, product: viewing })}
      />
    );
  else
    body = (
      <ProductTabs tab={tab} onChange={setTab}>
        <Refreshing busy={isFetching}>
          <ul aria-label="Products" className="flex flex-col gap-4">
            {products.map((p) => (
              <li key={p.id}>
                <ProductCard
                  product={p}
                  tab={tab}
                  onEdit={(section) => setEditing({ section, product: p })}
                  onViewMetrics={() => setViewingId(p.id)}
                />
              </li>
            ))}
          </ul>
        </Refreshing>
      </ProductTabs>
    );

  return (
    <div className="max-w-5xl">
      <PageHeader
        title="Power Profit Tool"
        description="Work out your landed cost, Amazon fees, profit, launch promotion and monthly plan for each product."
        actions={
          <>
            {products && products.length > 0 && (
              <Button variant="secondary" loading={csv.running} onClick={() => void csv.start()}>
                Download CSV
              </Button>
            )}
            <Button onClick={addProduct}>Add a Product</Button>
          </>
        }
      />
      <Banner kind="info" className="mb-6">
        {MESSAGES.earningsDisclaimer}
      </Banner>
      {body}
      {editing?.section === 'Product' && (
        <ProductFormDialog
          key={editing.product?.id ?? 'new'}
          product={editing.product}
          onClose={() => setEditing(null)}
        />
      )}
      {editing && editing.section !== 'Product' && editing.product && (
        <SectionDialog
          key={`${editing.section}-${editing.product.id}`}
          section={editing.section}
          product={editing.product}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

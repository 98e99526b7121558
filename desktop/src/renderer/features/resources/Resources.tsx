import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { RESOURCE_LIST_TYPES, type Resource, type ResourceListType } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { ExternalLink } from '../../components/ExternalLink';
import { Skeleton } from '../../components/Skeleton';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { openExternal } from '../../platform/files';
import { PurchaseDialog } from '../payments/PurchaseDialog';
import { CategoriesDialog } from './CategoriesDialog';
import { ResourceCard } from './ResourceCard';
import { ResourceFilters } from './ResourceFilters';
import { ResourceFormDialog } from './ResourceFormDialog';
import { ResourceReader } from './ResourceReader';
import { courseLink, openingOf } from './resourceView';
import { useGetResourceCategoriesQuery, useGetResourcesQuery } from './resourcesApi';
import { useQueryParams } from '../../lib/useQueryParams';
import { usePortalSettings } from '../settings/usePortalSettings';
import { Refreshing } from '../../components/Refreshing';

const isListType = (v: string | null): v is ResourceListType =>
  (RESOURCE_LIST_TYPES as readonly string[]).includes(v ?? '');
const positiveIds = (values: string[]) =>
  [...new Set(values.filter((v) => /^\d{1,10}$/.test(v)).map(Number))].filter((n) => n > 0);

/**
 * /resources (docs/areas/resources.md#screens): search, type radios (?type=), category checkboxes (?categories=, repeated),
 * the card grid, the reader (?id=), and for admins the resource and category dialogs. Opening a
 * resource follows docs/areas/resources.md#who-may-do-what; a locked For Sale resource opens its store page or the purchase modal.
 */
export function Resources() {
  const { settings } = usePortalSettings();
  const user = useAppSelector(selectCurrentUser);
  const admin = can(user, 'resource:manage');
  const navigate = useNavigate();
  const [params, updateParams] = useQueryParams();
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const type: ResourceListType = isListType(params.get('type')) ? (params.get('type') as ResourceListType) : 'all';
  const categoryParam = params.getAll('categories').join(',');
  const selected = useMemo(() => positiveIds(categoryParam.split(',')), [categoryParam]);
  const readerId = positiveIds([params.get('id') ?? ''])[0] ?? null;

  const list = useGetResourcesQuery({ search, type, categories: selected }, { skip: readerId !== null });
  const categories = useGetResourceCategoriesQuery();
  const [editing, setEditing] = useState<Resource | 'new' | null>(null);
  const [buying, setBuying] = useState<Resource | null>(null);
  const [managingCategories, setManagingCategories] = useState(false);

  const setType = (value: ResourceListType) =>
    updateParams({ type: value === 'all' ? null : value }, { replace: true });
  const setCategories = (ids: number[]) => updateParams({ categories: ids.map(String) }, { replace: true });
  const toggleCategory = (id: number) =>
    setCategories(selected.includes(id) ? selected.filter((c) => c !== id) : [...selected, id]);

  const open = (resource: Resource) => {
    switch (openingOf(resource)) {
      case 'article':
        updateParams({ id: String(resource.id) });
        break;
      case 'link':
        void openExternal(resource.url!);
        break;
      case 'course':
        void navigate(courseLink(resource)!);
        break;
      case 'purchase-url':
        void openExternal(resource.purchaseUrl!);
        break;
      case 'purchase-modal':
        setBuying(resource);
        break;
      case 'upgrade':
        void openExternal(settings.applyUrl);
        break;
      default:
        break;
    }
  };

  const actions = admin ? (
    <>
      <Button variant="secondary" onClick={() => setManagingCategories(true)}>
        Categories
      </Button>
      <Button onClick={() => setEditing('new')}>Add Resource</Button>
    </>
  ) : undefined;

  let body;
  if (readerId !== null) {
    body = <ResourceReader id={readerId} onBack={() => updateParams({ id: null })} onAction={open} />;
  } else if (list.isLoading) body = <Skeleton shape="stack" label="Loading resources…" />;
  else if (list.error && !list.data) {
    body = <LoadError onRetry={() => void list.refetch()}>{toApiError(list.error).message}</LoadError>;
  } else if (!list.data || list.data.length === 0) {
    body = <EmptyState title={MESSAGES.noResources} description="Try another search, type or category." />;
  } else {
    body = (
      <Refreshing busy={list.isFetching}>
        <ul className="grid grid-cols-1 gap-3 2xl:grid-cols-2" aria-label="Resources">
          {list.data.map((r) => (
            <li key={r.id} className="flex">
              <ResourceCard resource={r} onOpen={open} onEdit={admin ? setEditing : undefined} />
            </li>
          ))}
        </ul>
      </Refreshing>
    );
  }

  // The reader is the page's own view: the article title is its heading.
  if (readerId !== null) {
    return (
      <div>
        {body}
        {buying && <PurchaseDialog resource={buying} onClose={() => setBuying(null)} />}
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title="Resources"
        description={
          <>
            Guides, tools and courses for your business.{' '}
            <ExternalLink href={settings.recommendResourceUrl} className="font-medium text-brand-700 hover:underline">
              Recommend a resource
            </ExternalLink>
          </>
        }
        actions={actions}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <ResourceFilters
          search={term}
          onSearch={setTerm}
          type={type}
          onType={setType}
          categories={categories.data}
          categoriesError={Boolean(categories.error)}
          selected={selected}
          onToggleCategory={toggleCategory}
          onClearCategories={() => setCategories([])}
          manageCategories={admin ? () => setManagingCategories(true) : undefined}
        />
        <div className="min-w-0">{body}</div>
      </div>
      {editing && (
        <ResourceFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          resource={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {managingCategories && <CategoriesDialog onClose={() => setManagingCategories(false)} />}
      {buying && <PurchaseDialog resource={buying} onClose={() => setBuying(null)} />}
    </div>
  );
}

import { resourceUpsertSchema } from '@shared/schemas/resources';
import type { Resource, ResourceType, ResourceVisibility } from '@shared/types';
import { yupResolver } from '../../lib/yupResolver';
import type { ResourceUpsertBody } from './resourcesApi';

/** The admin resource modal's values (strings as the inputs hold them). */
export interface ResourceForm {
  title: string;
  description: string;
  type: ResourceType;
  visibility: ResourceVisibility;
  content: string;
  url: string;
  price: string;
  purchaseUrl: string;
  CourseId: string;
  publishedAt: string;
  hidden: boolean;
  Tags: number[];
  ResourceCategories: number[];
}

/** The fields whose server errors show beside them. */
export const FORM_FIELDS = [
  'title',
  'description',
  'type',
  'visibility',
  'content',
  'url',
  'price',
  'purchaseUrl',
  'CourseId',
  'publishedAt',
  'Tags',
  'ResourceCategories',
] as const;

export const resourceFormTitle = (resource: Resource | null) =>
  resource ? `Edit resource: ${resource.title}` : 'Add a new resource';

export function formDefaults(r: Resource | null): ResourceForm {
  return {
    title: r?.title ?? '',
    description: r?.description ?? '',
    type: r?.type ?? 'Link',
    visibility: r?.visibility ?? 'Free',
    content: r?.content ?? '',
    url: r?.url ?? '',
    price: r?.price !== null && r?.price !== undefined ? r.price.toFixed(2) : '',
    purchaseUrl: r?.purchaseUrl ?? '',
    CourseId: r?.CourseId ? String(r.CourseId) : '',
    publishedAt: r?.publishedAt ? r.publishedAt.slice(0, 10) : '',
    hidden: r?.hidden ?? false,
    Tags: r?.Tags.map((t) => t.id) ?? [],
    ResourceCategories: r?.ResourceCategories.map((c) => c.id) ?? [],
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export const isForSale = (v: ResourceVisibility) => v === 'For Sale' || v === 'For Sale Premium';

/** The upsert body for the form's values: fields of other types and visibilities are not sent. */
export function toBody(values: ResourceForm, id: number | undefined, coverPhotoUrl: string | null): ResourceUpsertBody {
  const forSale = isForSale(values.visibility);
  return {
    ...(id ? { id } : {}),
    title: values.title.trim(),
    description: orNull(values.description),
    coverPhotoUrl,
    type: values.type,
    visibility: values.visibility,
    content: values.type === 'Article' ? values.content : null,
    url: values.type === 'Link' ? orNull(values.url) : null,
    price: forSale && values.price.trim() !== '' ? Number(values.price) : null,
    purchaseUrl: forSale ? orNull(values.purchaseUrl) : null,
    CourseId: values.type === 'Course' && values.CourseId ? Number(values.CourseId) : null,
    publishedAt: values.publishedAt ? new Date(`${values.publishedAt}T12:00:00Z`).toISOString() : null,
    hidden: values.hidden,
    ResourceCategories: values.ResourceCategories.map((c) => ({ id: c })),
    Tags: values.Tags.map((t) => ({ id: t })),
  };
}

/**
 * Validates the body the form would send with the shared schema (docs/areas/resources.md#validation: For Sale needs Price or
 * Purchase URL; a Purchase URL needs a Required Tag; a Link its URL; a Course its course) and puts
 * each message under its field.
 */
export const resourceResolver = yupResolver<ResourceForm>(resourceUpsertSchema, (values) => ({
  ...toBody(values, undefined, null),
  price: isForSale(values.visibility) ? values.price.trim() || null : null,
}));

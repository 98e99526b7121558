import { SETTING_FALLBACKS } from '@shared/schemas/settings';
import type { AreaSeed } from './seed-types';

/**
 * Portal settings of the demo: every link is a clearly marked sample (example.org/demo-sample/...,
 * reserved for examples) for an admin to replace on the Portal settings screen; the videos are the
 * built-in sample videos; the chat widget a sample chat page. Saved by the first demo admin.
 */
export const DEMO_SETTINGS = {
  communityUrl: 'https://example.org/demo-sample/community-group',
  productSearchUrl: 'https://example.org/demo-sample/product-search',
  supportUrl: 'mailto:support.demo-sample@example.org',
  applyUrl: 'https://example.org/demo-sample/apply-now',
  upgradesUrl: 'https://example.org/demo-sample/upgrades',
  calendarUrl: 'https://example.org/demo-sample/calendar',
  shippingRatesUrl: 'https://example.org/demo-sample/shipping-rates',
  recommendResourceUrl: 'https://example.org/demo-sample/recommend-a-resource',
  chatWidgetUrl: 'https://www.chatbase.co/chatbot-iframe/demo-sample',
  // The demo shows the community inside the portal (docs/areas/community.md).
  communityMode: 'portal',
} as const;

export const seedSettings: AreaSeed = async (trx, ctx) => {
  const admin = ctx.userIdByEmail.get('admin@demo.portal') ?? null;
  const values: Record<string, string> = { ...SETTING_FALLBACKS, ...DEMO_SETTINGS };
  await trx('portal_settings').insert(
    Object.entries(values).map(([key, value]) => ({ key, value, updated_by: admin })),
  );
};

import { bannerTypeForRole, showsShippingRateCard } from '@shared/policies/banners';
import { Card } from '../../components/Card';
import { ExternalLink } from '../../components/ExternalLink';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { cn } from '../../lib/cn';
import { useGetBannerQuery } from './bannersApi';
import { usePortalSettings } from '../settings/usePortalSettings';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Dashboard card 'Current Average Shipping Rate' (docs/areas/banners.md#screens): for premium members and coaches when
 * the premium banner carries an average shipping rate; it links out to the shipping rates site.
 */
export function ShippingRateCard({ className }: { className?: string }) {
  const { settings } = usePortalSettings();
  const user = useAppSelector(selectCurrentUser);
  const readsPremium = user !== null && bannerTypeForRole(user.role) === 'premium';
  const { data: banner } = useGetBannerQuery('premium', { skip: !readsPremium });
  if (!showsShippingRateCard(user, banner)) return null;
  const rate = dollars.format(banner!.average_shipping_rate!);
  return (
    <Card className={cn('p-0', className)}>
      <ExternalLink
        href={settings.shippingRatesUrl}
        className="flex h-full flex-col gap-2 rounded-xl px-5 py-4 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        data-testid="shipping-rate-card"
      >
        <span className="text-sm font-medium text-gray-500">Current Average Shipping Rate</span>
        <span className="text-3xl font-semibold tabular-nums text-gray-900">{rate}</span>
        <span className="text-sm text-brand-700">See shipping rates ↗</span>
      </ExternalLink>
    </Card>
  );
}

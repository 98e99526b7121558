import { MESSAGES } from '@shared/messages';
import { Button, buttonClasses } from '../../components/Button';
import { ExternalLink, openOutside } from '../../components/ExternalLink';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { useCreateCustomerPortalMutation } from './authApi';
import { useSignOut } from './useSignOut';
import { usePortalSettings } from '../settings/usePortalSettings';

/** /blocked: the subscription needs attention. Fix payment opens the Stripe customer portal. */
export function Blocked() {
  const { settings } = usePortalSettings();
  const user = useAppSelector(selectCurrentUser);
  const [createPortal, { isLoading }] = useCreateCustomerPortalMutation();
  const { signOut, signingOut } = useSignOut();
  const customerId = user?.stripeCustomerId ?? null;

  const fix = async () => {
    if (!customerId) return;
    try {
      const { url } = await createPortal({ customerId }).unwrap();
      openOutside(url);
    } catch {
      // The listener shows the error toast.
    }
  };

  return (
    <div className="text-center">
      <div
        className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700"
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path
            d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
            strokeLinecap="round"
          />
        </svg>
      </div>
      <h1 className="text-xl font-semibold tracking-tight text-gray-900">{MESSAGES.blocked}</h1>
      <p className="mt-2 text-sm text-gray-500">
        Your access is paused until your subscription is back in good standing.
        {customerId ? ' Update your payment details to restore it, or contact support.' : ' Please contact support.'}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {customerId && (
          <Button onClick={fix} loading={isLoading}>
            Fix payment
          </Button>
        )}
        <ExternalLink href={settings.supportUrl} className={buttonClasses('secondary')}>
          Contact support
        </ExternalLink>
      </div>
      {user && (
        <Button variant="ghost" size="sm" className="mt-6" loading={signingOut} onClick={() => void signOut()}>
          Sign out
        </Button>
      )}
    </div>
  );
}

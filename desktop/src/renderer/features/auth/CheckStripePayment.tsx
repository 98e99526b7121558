import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { buttonClasses } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useMeQuery } from './authApi';

/**
 * /check-stripe-payment: Stripe sends members back here after paying. We re-read the session
 * (which updates the auth slice); the rest of the Stripe flow comes with the Stripe area.
 */
export function CheckStripePayment() {
  const { isFetching } = useMeQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className="flex flex-col items-center justify-center py-16 text-center">
      <p role="status" className="flex items-center gap-3 text-base text-gray-700">
        {isFetching && <Spinner className="size-5 text-brand-600" />}
        {MESSAGES.checkingPayment}
      </p>
      {!isFetching && (
        <Link to="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
          Go back home
        </Link>
      )}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { Button, buttonClasses } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useCheckPaymentMutation } from '../payments/paymentsApi';
import { useMeQuery } from './authApi';

/** How often and how many times the page asks for the member's status (about a minute). */
export const CHECK_INTERVAL_MS = 3000;
export const CHECK_ATTEMPTS = 20;

/**
 * /check-stripe-payment: Stripe sends members back here after paying or fixing their payment.
 * The page asks the API to re-read the member's subscription from Stripe until it is no longer
 * blocked, refreshes the session's user, and moves on to the dashboard. After about a minute it
 * stops and offers to check again.
 */
export function CheckStripePayment() {
  const navigate = useNavigate();
  const [check] = useCheckPaymentMutation();
  const { refetch } = useMeQuery();
  // The polling loop reads the latest refetch through a ref, so a new function identity does not restart it.
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  const [round, setRound] = useState(0);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    const attempt = async (n: number) => {
      try {
        const status = await check().unwrap();
        if (cancelled) return;
        if (!status.blocked) {
          await refetchRef.current();
          if (!cancelled) void navigate('/', { replace: true });
          return;
        }
      } catch {
        // A failed check (network, rate limit) is retried like a still-blocked status.
      }
      if (cancelled) return;
      if (n + 1 >= CHECK_ATTEMPTS) setGaveUp(true);
      else timer = window.setTimeout(() => void attempt(n + 1), CHECK_INTERVAL_MS);
    };
    void attempt(0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [round, check, navigate]);

  if (gaveUp) {
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <p role="alert" className="text-base text-gray-700">
          We could not confirm your payment yet. It can take a few minutes.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button
            onClick={() => {
              setGaveUp(false);
              setRound((r) => r + 1);
            }}
          >
            Check again
          </Button>
          <Link to="/" className={buttonClasses('secondary')}>
            Go back home
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center justify-center py-10 text-center">
      <p role="status" className="flex items-center gap-3 text-base text-gray-700">
        <Spinner className="size-5 text-brand-600" />
        {MESSAGES.checkingPayment}
      </p>
    </div>
  );
}

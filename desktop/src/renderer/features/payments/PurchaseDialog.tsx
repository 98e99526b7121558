import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import type { PaymentIntentResult, Resource } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Loading, Spinner } from '../../components/Spinner';
import { useAppDispatch } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { isDesktop, openExternal } from '../../platform/files';
import { resourcesApi } from '../resources/resourcesApi';
import { formatPrice } from '../resources/resourceView';
import { CardField } from './CardField';
import { useConfirmPaymentMutation, useCreatePaymentIntentMutation, useGetStripeConfigQuery } from './paymentsApi';
import { loadStripeJs, type StripeCardChange, type StripeCardElement, type StripeJs } from './stripeJs';

type Phase = 'form' | 'pending' | 'success' | 'processing';

/**
 * The purchase modal (docs/areas/payments.md#behaviour): the card form, then 'pending' while paying, then 'Payment
 * successful' pointing to My Purchases. Closing it reloads the resource. The amount is the
 * server's; a double click is one payment (the button is disabled, and the server's idempotency
 * key makes one PaymentIntent anyway). The desktop app sends the member to the web portal.
 */
export function PurchaseDialog({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const config = useGetStripeConfigQuery();
  const [createIntent] = useCreatePaymentIntentMutation();
  const [confirmPayment] = useConfirmPaymentMutation();
  const [stripe, setStripe] = useState<StripeJs | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const card = useRef<StripeCardElement | null>(null);
  const [cardState, setCardState] = useState<StripeCardChange>({ empty: true, complete: false });
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('form');
  const desktop = isDesktop();
  const cfg = config.data;

  useEffect(() => {
    if (desktop || !cfg?.enabled || !cfg.jsUrl || !cfg.publishableKey) return;
    let live = true;
    loadStripeJs(cfg.jsUrl)
      .then((factory) => live && setStripe(factory(cfg.publishableKey!)))
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [desktop, cfg]);

  const close = () => {
    dispatch(
      resourcesApi.util.invalidateTags([
        { type: 'Resource', id: resource.id },
        { type: 'Resource', id: 'LIST' },
      ]),
    );
    onClose();
  };

  const pay = async () => {
    if (!stripe || !card.current || phase === 'pending') return;
    if (cardState.empty) {
      setError(MESSAGES.pleaseEnterCard);
      return;
    }
    setError(null);
    setPhase('pending');
    const fail = (message: string) => {
      setError(message);
      setPhase('form');
    };
    const created = await stripe.createPaymentMethod({ type: 'card', card: card.current });
    if (created.error || !created.paymentMethod) {
      console.warn('Stripe could not create the payment method', created.error);
      fail(created.error?.message ?? MESSAGES.paymentFailed);
      return;
    }
    let result: PaymentIntentResult;
    try {
      result = await createIntent({ resourceId: resource.id, paymentMethodId: created.paymentMethod.id }).unwrap();
      if (result.status === 'requires_action' && result.clientSecret) {
        const confirmed = await stripe.confirmCardPayment(result.clientSecret);
        if (confirmed.error) {
          fail(confirmed.error.message ?? MESSAGES.paymentFailed);
          return;
        }
        result = await confirmPayment({ paymentIntentId: result.paymentIntentId, resourceId: resource.id }).unwrap();
      }
    } catch (err) {
      fail(toApiError(err, MESSAGES.paymentFailed).message);
      return;
    }
    setPhase(result.status === 'succeeded' ? 'success' : 'processing');
  };

  let body;
  if (phase === 'success') {
    body = (
      <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
        <div
          className="flex size-12 items-center justify-center rounded-full bg-green-100 text-green-700"
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="m5 13 4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <p className="text-lg font-semibold text-gray-900">{MESSAGES.paymentSuccessful}</p>
        <p className="text-sm text-gray-600">
          “{resource.title}” is yours. You will find it in{' '}
          <Link to="/resources?type=my-purchases" onClick={close} className="font-medium text-brand-700 underline">
            My Purchases
          </Link>
          .
        </p>
      </div>
    );
  } else if (phase === 'processing') {
    body = (
      <Banner kind="info" title="Your payment is processing">
        “{resource.title}” appears in My Purchases as soon as your bank confirms the payment.
      </Banner>
    );
  } else if (config.isLoading) {
    body = <Loading label="Loading the payment form…" />;
  } else if (config.isError || !cfg?.enabled || loadFailed) {
    body = (
      <Banner kind="error">
        {loadFailed
          ? 'The payment form could not be loaded. Check your connection and try again.'
          : MESSAGES.paymentsUnavailable}
      </Banner>
    );
  } else if (desktop) {
    body = (
      <p className="text-sm text-gray-700">
        Card payments are made in your browser. Sign in there, then open this resource and choose Buy.
      </p>
    );
  } else if (!stripe) {
    body = <Loading label="Loading the payment form…" />;
  } else {
    body = (
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void pay();
        }}
        aria-busy={phase === 'pending' || undefined}
      >
        <p className="text-sm text-gray-700">
          Price: <span className="font-semibold text-gray-900">{formatPrice(resource.price ?? 0)}</span>
        </p>
        <CardField
          stripe={stripe}
          onReady={(el) => {
            card.current = el;
          }}
          onChange={(state) => {
            setCardState(state);
            setError(state.error?.message ?? null);
          }}
          error={error}
          disabled={phase === 'pending'}
        />
        {phase === 'pending' && (
          <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
            <Spinner className="size-4 text-brand-600" /> Processing your payment…
          </p>
        )}
        <Button type="submit" loading={phase === 'pending'} className="self-end">
          Pay {formatPrice(resource.price ?? 0)}
        </Button>
      </form>
    );
  }

  const footer =
    desktop && phase === 'form' && cfg?.enabled ? (
      <>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button onClick={() => void openExternal(`${cfg.webUrl}/resources?id=${resource.id}`)}>
          Continue in browser
        </Button>
      </>
    ) : (
      <Button variant="secondary" onClick={close} disabled={phase === 'pending'}>
        {phase === 'success' || phase === 'processing' ? 'Close' : 'Cancel'}
      </Button>
    );

  return (
    <Dialog
      open
      onClose={phase === 'pending' ? () => undefined : close}
      title={`Buy “${resource.title}”`}
      footer={footer}
    >
      {body}
    </Dialog>
  );
}

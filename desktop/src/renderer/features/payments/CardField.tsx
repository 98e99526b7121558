import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import type { StripeCardChange, StripeCardElement, StripeJs } from './stripeJs';

/**
 * Stripe's card element mounted in the page (an iframe from Stripe in production; the test
 * double mounts an input). Reports the element and its state; shows the provider's message.
 */
export function CardField({
  stripe,
  onReady,
  onChange,
  error,
  disabled,
}: {
  stripe: StripeJs;
  onReady: (card: StripeCardElement) => void;
  onChange: (state: StripeCardChange) => void;
  error: string | null;
  disabled?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  const handlers = useRef({ onReady, onChange });
  handlers.current = { onReady, onChange };

  useEffect(() => {
    if (!host.current) return;
    const card = stripe.elements().create('card', {
      style: { base: { fontSize: '15px', color: '#111827', '::placeholder': { color: '#9ca3af' } } },
      hidePostalCode: true,
    });
    card.mount(host.current);
    card.on('change', (e) => handlers.current.onChange(e));
    card.on('focus', () => setFocused(true));
    card.on('blur', () => setFocused(false));
    handlers.current.onReady(card);
    return () => card.destroy();
  }, [stripe]);

  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium text-gray-700" id="card-field-label">
        Card
      </span>
      <div
        ref={host}
        role="group"
        aria-labelledby="card-field-label"
        aria-describedby={error ? 'card-field-error' : undefined}
        className={cn(
          'rounded-lg border bg-white px-3 py-2.5 shadow-xs',
          error ? 'border-red-400' : focused ? 'border-brand-500 ring-2 ring-brand-200' : 'border-gray-300',
          disabled && 'pointer-events-none opacity-60',
        )}
      />
      {error && (
        <p id="card-field-error" role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The part of Stripe.js the card form uses (https://docs.stripe.com/js). */
export interface StripeCardChange {
  empty: boolean;
  complete: boolean;
  error?: { message: string };
}

export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(event: 'change', handler: (e: StripeCardChange) => void): void;
  on(event: 'ready' | 'focus' | 'blur', handler: () => void): void;
  focus(): void;
  destroy(): void;
}

export interface StripeError {
  message?: string;
  type?: string;
}

export interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(data: {
    type: 'card';
    card: StripeCardElement;
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  confirmCardPayment(
    clientSecret: string,
  ): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
}

type StripeFactory = (publishableKey: string) => StripeJs;

let loading: { url: string; promise: Promise<StripeFactory> } | null = null;

/**
 * Loads Stripe.js once from the configured address (the API's CSP allows it only when payments
 * are configured). Rejects when it cannot be loaded (offline, blocked); a later call tries again.
 */
export function loadStripeJs(url: string, timeoutMs = 15_000): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  if (loading?.url === url) return loading.promise;
  const promise = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const timer = window.setTimeout(() => fail(), timeoutMs);
    function fail() {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    }
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else fail();
    });
    script.addEventListener('error', fail);
    document.head.appendChild(script);
  });
  loading = { url, promise };
  return promise;
}

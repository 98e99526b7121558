// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp, type FetchCall, type MockResponse } from '../../test/render';
import { platform } from '../../test/platformMock';
import { fakeResourcesServer, makeResource } from '../../test/fake-resources';
import type { StripeCardChange } from './stripeJs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

/**
 * A stand-in for Stripe.js: the card element reports what the test tells it to. `change` waits until the
 * modal has mounted the card element and listens to it (that happens after the Pay button shows, later
 * on a busy machine); a change sent before would be lost.
 */
function stubStripe(opts: { paymentMethod?: { id: string } | null; methodError?: string; confirmError?: string } = {}) {
  let emit: ((e: StripeCardChange) => void) | null = null;
  const stripe = {
    elements: () => ({
      create: () => ({
        mount: (el: HTMLElement) => el.appendChild(document.createElement('input')),
        on: (event: string, handler: (e: StripeCardChange) => void) => {
          if (event === 'change') emit = handler;
        },
        focus: () => undefined,
        destroy: () => undefined,
      }),
    }),
    createPaymentMethod: vi.fn(async () =>
      opts.methodError
        ? { error: { message: opts.methodError } }
        : { paymentMethod: opts.paymentMethod ?? { id: 'pm_123' } },
    ),
    confirmCardPayment: vi.fn(async () =>
      opts.confirmError
        ? { error: { message: opts.confirmError } }
        : { paymentIntent: { id: 'pi_1', status: 'succeeded' } },
    ),
  };
  vi.stubGlobal('Stripe', () => stripe);
  const change = async (e: StripeCardChange) => {
    await waitFor(() => expect(emit).not.toBeNull());
    act(() => emit!(e));
  };
  return { stripe, change };
}

const locked = makeResource({
  id: 77,
  title: 'Playbook',
  visibility: 'For Sale',
  price: 19,
  hasAccess: false,
  url: null,
});
const owned = { ...locked, hasAccess: true, owned: true };

function server(intent: (call: FetchCall) => MockResponse | undefined) {
  return fakeResourcesServer({
    resources: [locked],
    override: (call) => {
      if (call.path === '/api/stripe/config') {
        return {
          body: {
            enabled: true,
            publishableKey: 'pk_test_1',
            jsUrl: 'https://js.stripe.com/v3/',
            webUrl: 'https://portal.example.com',
          },
        };
      }
      return intent(call);
    },
  });
}

async function openModal() {
  const user = userEvent.setup();
  renderApp('/resources', makeUser());
  await user.click(await screen.findByRole('button', { name: 'Buy for $19.00: Playbook' }));
  const dialog = screen.getByRole('dialog', { name: 'Buy “Playbook”' });
  await within(dialog).findByRole('button', { name: 'Pay $19.00' });
  return { user, dialog };
}

describe('purchase modal', () => {
  it("says 'Please enter a card' when the card is empty, and shows the provider's message", async () => {
    const { stripe, change } = stubStripe();
    server(() => undefined);
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $19.00' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGES.pleaseEnterCard);
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    await change({ empty: false, complete: false, error: { message: 'Your card number is invalid.' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Your card number is invalid.');
  });

  it("pays, shows 'Payment successful' pointing to My Purchases, and reloads the resource on close", async () => {
    const { change } = stubStripe();
    const { calls } = server(({ path }) =>
      path === '/api/stripe/create-payment-intent'
        ? { body: { status: 'succeeded', paymentIntentId: 'pi_1', clientSecret: null, resource: owned } }
        : undefined,
    );
    const { user, dialog } = await openModal();
    await change({ empty: false, complete: true });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $19.00' }));
    expect(await within(dialog).findByText(MESSAGES.paymentSuccessful)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'My Purchases' }).getAttribute('href')).toBe(
      '/resources?type=my-purchases',
    );
    const sent = calls.find((c) => c.path === '/api/stripe/create-payment-intent')!.body;
    expect(sent).toEqual({ resourceId: 77, paymentMethodId: 'pm_123' });
    const lists = calls.filter((c) => c.path === '/api/resource/read-many').length;
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/resource/read-many').length).toBeGreaterThan(lists),
    );
  });

  it('shows a declined card’s message and lets the member try again', async () => {
    const { change } = stubStripe();
    server(({ path }) =>
      path === '/api/stripe/create-payment-intent'
        ? { status: 400, body: { error: { code: 'payment_failed', message: 'Your card was declined.' } } }
        : undefined,
    );
    const { user, dialog } = await openModal();
    await change({ empty: false, complete: true });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $19.00' }));
    expect(await within(dialog).findByText('Your card was declined.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Pay $19.00' }).disabled).toBe(false);
  });

  it('confirms 3-D Secure in the browser, then asks the server to record the payment', async () => {
    const { stripe, change } = stubStripe();
    const { calls } = server(({ path }) => {
      if (path === '/api/stripe/create-payment-intent') {
        return {
          body: { status: 'requires_action', paymentIntentId: 'pi_9', clientSecret: 'pi_9_secret_x', resource: null },
        };
      }
      if (path === '/api/stripe/confirm-payment')
        return { body: { status: 'succeeded', paymentIntentId: 'pi_9', clientSecret: null, resource: owned } };
      return undefined;
    });
    const { user, dialog } = await openModal();
    await change({ empty: false, complete: true });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $19.00' }));
    expect(await within(dialog).findByText(MESSAGES.paymentSuccessful)).toBeTruthy();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_9_secret_x');
    expect(calls.find((c) => c.path === '/api/stripe/confirm-payment')!.body).toEqual({ paymentIntentId: 'pi_9' });
  });

  it('sends desktop members to the web portal to pay', async () => {
    platform.isDesktop.mockReturnValue(true);
    server(() => undefined);
    const user = userEvent.setup();
    renderApp('/resources', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Buy for $19.00: Playbook' }));
    await user.click(await screen.findByRole('button', { name: 'Continue in browser' }));
    expect(platform.openExternal).toHaveBeenCalledWith('https://portal.example.com/resources?id=77');
    platform.isDesktop.mockReturnValue(false);
  });
});

describe('/check-stripe-payment', () => {
  it('asks until the subscription is no longer blocked, then moves on to the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let checks = 0;
    const blocked = makeUser({ stripeStatus: 'past_due', stripeCustomerId: 'cus_1' });
    server(({ path }) => {
      if (path === '/api/auth/me') {
        return { body: { currentUser: { ...blocked, stripeStatus: checks < 2 ? 'past_due' : 'active' } } };
      }
      if (path !== '/api/stripe/check-payment') return undefined;
      checks += 1;
      return {
        body: checks < 2 ? { stripeStatus: 'past_due', blocked: true } : { stripeStatus: 'active', blocked: false },
      };
    });
    renderApp('/check-stripe-payment', blocked);
    expect(await screen.findByText(MESSAGES.checkingPayment)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    await waitFor(() => expect(checks).toBe(2));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});

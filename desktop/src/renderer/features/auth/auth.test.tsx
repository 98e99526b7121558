// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillMessage, formatWait, MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;
const errorBody = (message: string, fields?: Record<string, string>) => ({
  error: { code: 'error', message, ...(fields ? { fields } : {}) },
});

describe('SignIn', () => {
  it('shows the server error in a red alert banner', async () => {
    mockFetch(({ path }) =>
      path === '/api/auth/signin' ? { status: 401, body: errorBody(MESSAGES.invalidCredentials) } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/signin', null);
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MESSAGES.invalidCredentials);
    expect(alert.className).toContain('bg-red-50');
  });

  it('shows the rate-limit message of a 429', async () => {
    const message = fillMessage(MESSAGES.tooManySignIns, { wait: formatWait(840) });
    mockFetch(({ path }) => (path === '/api/auth/signin' ? { status: 429, body: errorBody(message) } : undefined));
    const user = userEvent.setup();
    renderApp('/signin', null);
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-in attempts. Please wait 14 minutes and try again.',
    );
  });

  it('requires both fields, has the links, and signs in to the page the guard came from', async () => {
    const member = makeUser();
    const calls = mockFetch(({ path }) =>
      path === '/api/auth/signin' ? { body: { currentUser: member } } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/profile', null);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findAllByText(MESSAGES.fieldRequired)).length).toBe(2);
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/signup');

    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(location()).toBe('/profile');
    expect(calls[0]?.body).toEqual({ email: 'dana@example.com', password: 'secret-password' });
  });
});

describe('SignUp', () => {
  it('sends ?signuptags= and shows the duplicate-email message', async () => {
    const calls = mockFetch(({ path }) =>
      path === '/api/auth/signup'
        ? { status: 409, body: errorBody(MESSAGES.emailInUseSignUp, { email: MESSAGES.emailInUseSignUp }) }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/signup?signuptags=3,7', null);
    await user.type(await screen.findByLabelText('Full name'), 'Dana Rivers');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.emailInUseSignUp);
    expect(calls[0]?.body).toEqual({
      fullName: 'Dana Rivers',
      email: 'dana@example.com',
      password: 'long-enough-password',
      signuptags: '3,7',
    });
    expect(screen.getByRole('link', { name: 'Have an account? Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeTruthy();
  });

  it('shows server field errors under the fields and signs the new user in', async () => {
    let attempt = 0;
    mockFetch(({ path }) => {
      if (path !== '/api/auth/signup') return undefined;
      attempt += 1;
      return attempt === 1
        ? { status: 400, body: errorBody('Invalid', { fullName: MESSAGES.fieldRequired }) }
        : { status: 201, body: { currentUser: makeUser() } };
    });
    const user = userEvent.setup();
    renderApp('/signup', null);
    await user.type(await screen.findByLabelText('Full name'), 'Dana');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MESSAGES.fieldRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Full name'), ' Rivers');
    await waitFor(() => expect(screen.queryByText(MESSAGES.fieldRequired)).toBeNull());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});

describe('ForgotPassword', () => {
  it("shows the server's message on success", async () => {
    const calls = mockFetch(({ path }) =>
      path === '/api/auth/forgot-password' ? { body: { message: MESSAGES.forgotPasswordSent } } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/forgot-password', null);
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.forgotPasswordSent)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'dana@example.com' });
    expect(screen.getByRole('link', { name: 'Create new account' }).getAttribute('href')).toBe('/signup');
  });
});

describe('ResetPassword', () => {
  it("shows 'Passwords do not match' under the confirm field and sends nothing", async () => {
    const calls = mockFetch();
    const user = userEvent.setup();
    renderApp('/reset-password/tok123', null);
    await user.type(await screen.findByLabelText('Password'), 'first-password');
    await user.type(screen.getByLabelText('Confirm password'), 'other-password');
    await user.keyboard('{Enter}');
    const message = await screen.findByText(MESSAGES.passwordsDoNotMatch);
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-describedby')).toBe(message.id);
    // docs/errors.md: the toast, with its period.
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatchBanner)).toBeTruthy();
    expect(MESSAGES.passwordsDoNotMatchBanner).toBe('Passwords do not match.');
    expect(calls).toHaveLength(0);
  });

  it('signs the user in and lands on / on success; shows a bad-token error in the banner', async () => {
    let ok = false;
    const calls = mockFetch(({ path }) => {
      if (path !== '/api/auth/reset-password/tok123') return undefined;
      return ok
        ? { body: { user: makeUser({ fullName: 'Reset Person' }) } }
        : { status: 400, body: errorBody(MESSAGES.resetTokenInvalid) };
    });
    const user = userEvent.setup();
    renderApp('/reset-password/tok123', null);
    await user.type(await screen.findByLabelText('Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.resetTokenInvalid);
    ok = true;
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(location()).toBe('/');
    expect(calls.filter((c) => c.path.startsWith('/api/auth/reset-password')).at(-1)?.body).toEqual({
      password: 'new-password-1',
    });
    expect(await screen.findByText(MESSAGES.passwordReset)).toBeTruthy();
  });
});

describe('Blocked', () => {
  it('signs a blocked member out to /signin', async () => {
    mockFetch(({ path }) => (path === '/api/auth/signout' ? { status: 204 } : undefined));
    const user = userEvent.setup();
    renderApp('/blocked', makeUser({ stripeStatus: 'past_due', stripeCustomerId: 'cus_1' }));
    expect(await screen.findByRole('button', { name: 'Fix payment' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/signin');
  });

  it('opens the Stripe customer portal from Fix payment, and toasts the error when it fails', async () => {
    const calls = mockFetch(({ path }) =>
      path === '/api/stripe/create-customer-portal/cus_1'
        ? { status: 502, body: errorBody('Stripe is not available right now.') }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/blocked', makeUser({ stripeStatus: 'past_due', stripeCustomerId: 'cus_1' }));
    await user.click(await screen.findByRole('button', { name: 'Fix payment' }));
    expect(await screen.findByText('Stripe is not available right now.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/stripe/create-customer-portal/cus_1')).toBe(true);
  });
});

describe('CheckStripePayment', () => {
  it("shows 'Checking payment status...'", async () => {
    mockFetch(({ path }) => (path === '/api/auth/me' ? { body: { currentUser: makeUser() } } : undefined));
    renderApp('/check-stripe-payment', makeUser());
    expect(await screen.findByText(MESSAGES.checkingPayment)).toBeTruthy();
  });
});

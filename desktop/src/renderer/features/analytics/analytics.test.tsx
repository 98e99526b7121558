// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import type { AnalyticsClient } from '../../lib/analytics';
import { makeStore } from '../../app/store';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { boardApi } from '../board/boardApi';
import { coursesApi } from '../courses/coursesApi';
import { paymentsApi } from '../payments/paymentsApi';
import { productsApi } from '../products/productsApi';
import { qualifierApi } from '../qualifier/qualifierApi';
import { PageViews } from './PageViews';
import { setAnalyticsClient } from './tracker';

/** The renderer records page views and the key actions (docs/areas/insights.md). */
let tracked: Array<[string, Record<string, unknown> | undefined]>;
beforeEach(() => {
  tracked = [];
  const fake: AnalyticsClient = {
    track: (name, props) => void tracked.push([name, props]),
    flush: () => Promise.resolve(),
    flushOnHide: () => undefined,
    size: () => tracked.length,
    stop: () => undefined,
  };
  setAnalyticsClient(fake);
});
afterEach(() => {
  cleanup();
  setAnalyticsClient(null);
  vi.unstubAllGlobals();
});

function GoTo({ path }: { path: string }) {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(`${path}?email=a@b.test#x`)}>go</button>;
}

describe('page views', () => {
  it('one per path a signed-in user opens, the path only', () => {
    mockFetch();
    renderApp(
      '/dashboard',
      makeUser({ role: 'premium' }),
      <>
        <PageViews />
        <GoTo path="/courses" />
      </>,
    );
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'go' }));
    });
    expect(tracked).toEqual([
      ['page_view', { path: '/dashboard' }],
      ['page_view', { path: '/courses' }],
    ]);
  });

  it('none while nobody is signed in', () => {
    mockFetch();
    renderApp('/signin', null, <PageViews />);
    expect(tracked).toEqual([]);
  });
});

describe('key actions, once the server confirmed them', () => {
  it('card moved, lesson completed, product saved, qualifier rated, resource bought', async () => {
    mockFetch(({ path, body }) => {
      if (path === '/api/move-the-needle/card/move') return { body: { success: true } };
      if (path.startsWith('/api/lesson/')) return { body: { success: true } };
      if (path === '/api/product/upsert') return { body: { product: { id: 12 }, isNew: true } };
      if (path === '/api/product-qualifier/save') {
        return {
          body: { progress: { score: 8, result: 'two thumbs up', rated: (body as { rated?: boolean }).rated } },
        };
      }
      if (path === '/api/stripe/create-payment-intent') {
        return { body: { status: 'succeeded', paymentIntentId: 'pi_1', clientSecret: null, resource: null } };
      }
      return undefined;
    });
    const store = makeStore();
    await store.dispatch(
      boardApi.endpoints.moveCard.initiate({
        board: undefined,
        cardId: 5,
        sourceListId: 1,
        destListId: 2,
        positionOnSourceList: 0,
        positionOnDestList: 0,
      }),
    );
    await store.dispatch(coursesApi.endpoints.markCompleted.initiate(9));
    await store.dispatch(productsApi.endpoints.upsertProduct.initiate({ title: 'Mug' } as never));
    await store.dispatch(qualifierApi.endpoints.saveQualifierProgress.initiate({ answers: {}, rated: false } as never));
    await store.dispatch(qualifierApi.endpoints.saveQualifierProgress.initiate({ answers: {}, rated: true } as never));
    await store.dispatch(
      paymentsApi.endpoints.createPaymentIntent.initiate({ resourceId: 4, paymentMethodId: 'pm_1' }),
    );
    expect(tracked).toEqual([
      ['card_moved', { cardId: 5, fromListId: 1, toListId: 2 }],
      ['lesson_completed', { lessonId: 9 }],
      ['product_saved', { productId: 12, kind: 'new' }],
      ['qualifier_rated', { score: 8, result: 'two thumbs up' }],
      ['resource_bought', { resourceId: 4 }],
    ]);
  });

  it('nothing when the server refused the action', async () => {
    mockFetch(() => ({ status: 400, body: { error: { code: 'validation_failed', message: 'no' } } }));
    const store = makeStore();
    await store.dispatch(coursesApi.endpoints.markCompleted.initiate(9));
    await store.dispatch(
      paymentsApi.endpoints.createPaymentIntent.initiate({ resourceId: 4, paymentMethodId: 'pm_1' }),
    );
    expect(tracked).toEqual([]);
  });
});

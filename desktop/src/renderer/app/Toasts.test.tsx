// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from './store';
import { Toasts } from './Toasts';
import { toastAdded } from './toastsSlice';

afterEach(cleanup);

describe('a toast that offers a next step', () => {
  it('shows its action as a link that opens the screen and dismisses the toast', async () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/move-the-needle']}>
          <Routes>
            <Route path="/move-the-needle" element={<h1>Board</h1>} />
            <Route path="/community" element={<h1>Community</h1>} />
          </Routes>
          <Toasts />
        </MemoryRouter>
      </Provider>,
    );
    act(() => {
      store.dispatch(
        toastAdded({
          kind: 'success',
          message: 'Card moved',
          action: { label: 'Share as a win', to: '/community?share=win&title=Launch' },
        }),
      );
    });
    const region = screen.getByRole('status', { name: 'Notifications' });
    const link = await screen.findByRole('link', { name: 'Share as a win' });
    expect(region.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('/community?share=win&title=Launch');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Community' })).toBeTruthy();
    expect(store.getState().toasts).toEqual([]);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyNamed } from './lazyNamed';
import { loadBoardScreen, loadedBoardScreen } from './firstScreen';

afterEach(cleanup);

const screenModule = { Screen: () => <h1>The screen</h1> };

/** Renders the route in one synchronous act: what shows before any promise could settle. */
function renderSync(Route: ReturnType<typeof lazyNamed>) {
  act(() => {
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Route />
      </Suspense>,
    );
  });
}

describe('lazyNamed', () => {
  it('renders a screen whose chunk is already loaded at once, without its fallback', () => {
    const Route = lazyNamed(
      () => Promise.resolve(screenModule),
      'Screen',
      () => screenModule,
    );
    renderSync(Route);
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('suspends on a chunk still loading (its fallback first), then renders it', async () => {
    const Route = lazyNamed(
      () => Promise.resolve(screenModule),
      'Screen',
      () => undefined,
    );
    renderSync(Route);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeTruthy();
  });

  it("knows the board screen's module once its chunk has loaded", async () => {
    const module = await loadBoardScreen();
    expect(loadedBoardScreen()).toBe(module);
    expect(typeof module.MoveTheNeedle).toBe('function');
  });
});

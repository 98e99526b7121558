// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Refreshing } from './Refreshing';
import { LoadError } from './Banner';

afterEach(cleanup);

describe('Refreshing', () => {
  it('keeps the content at full contrast while busy: a bar and aria-busy, never a dimmed opacity', () => {
    const { rerender, container } = render(
      <Refreshing busy>
        <p>Last answer</p>
      </Refreshing>,
    );
    const wrapper = container.firstElementChild as HTMLElement;
    expect(wrapper.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('refreshing').getAttribute('aria-hidden')).toBe('true');
    expect(container.innerHTML).not.toMatch(/opacity-/);
    expect(screen.getByText('Last answer')).toBeTruthy();
    rerender(
      <Refreshing busy={false}>
        <p>Last answer</p>
      </Refreshing>,
    );
    expect(wrapper.hasAttribute('aria-busy')).toBe(false);
    expect(screen.queryByTestId('refreshing')).toBeNull();
  });
});

describe('LoadError', () => {
  it('is an alert with the message, an optional title and Try again', () => {
    let retried = 0;
    render(
      <LoadError title="Settings could not be loaded" onRetry={() => (retried += 1)}>
        Network error
      </LoadError>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Settings could not be loaded');
    expect(alert.textContent).toContain('Network error');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(retried).toBe(1);
  });
});

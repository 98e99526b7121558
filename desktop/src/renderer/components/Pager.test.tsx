// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager, pagerState } from './Pager';

afterEach(cleanup);

describe('pagerState', () => {
  it('disables Previous on page 1 only', () => {
    expect(pagerState(1, 15, 100).previousDisabled).toBe(true);
    expect(pagerState(2, 15, 100).previousDisabled).toBe(false);
  });

  it('disables Next when page × perPage is not below the count', () => {
    expect(pagerState(1, 15, 16).nextDisabled).toBe(false);
    expect(pagerState(1, 15, 15).nextDisabled).toBe(true);
    expect(pagerState(2, 15, 30).nextDisabled).toBe(true);
    expect(pagerState(2, 15, 31).nextDisabled).toBe(false);
    expect(pagerState(1, 15, 0).nextDisabled).toBe(true);
  });

  it('reports the range shown', () => {
    expect(pagerState(2, 15, 31)).toMatchObject({ from: 16, to: 30 });
    expect(pagerState(3, 15, 31)).toMatchObject({ from: 31, to: 31 });
    expect(pagerState(1, 15, 0)).toMatchObject({ from: 0, to: 0 });
  });
});

describe('Pager', () => {
  it('renders the buttons disabled by the rules and pages on click', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pager page={1} perPage={10} totalCount={25} onPageChange={onPageChange} />);
    const prev = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' });
    const next = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
    expect(prev().disabled).toBe(true);
    expect(next().disabled).toBe(false);
    await userEvent.click(next());
    expect(onPageChange).toHaveBeenCalledWith(2);

    rerender(<Pager page={3} perPage={10} totalCount={25} onPageChange={onPageChange} />);
    expect(prev().disabled).toBe(false);
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Showing 21–25 of 25')).toBeTruthy();
  });
});

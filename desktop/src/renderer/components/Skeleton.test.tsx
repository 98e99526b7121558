// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Skeleton, type SkeletonShape } from './Skeleton';

afterEach(cleanup);

describe('Skeleton', () => {
  it('is a busy status named by a visually hidden label; the blocks are hidden from assistive technology', () => {
    render(<Skeleton shape="cards" label="Loading courses…" />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    const label = screen.getByText('Loading courses…');
    expect(label.className).toContain('sr-only');
    expect(status.textContent).toBe('Loading courses…');
    const blocks = status.querySelectorAll('[aria-hidden="true"]');
    expect(blocks.length).toBeGreaterThan(6);
    // Neutral and still for people who asked for less motion.
    expect(blocks[0]!.className).toContain('bg-gray-200');
    expect(blocks[0]!.className).toContain('motion-safe:animate-pulse');
  });

  it('says "Loading…" by default and draws the number of cards or rows asked for', () => {
    render(<Skeleton shape="list" count={4} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('status').querySelectorAll('.rounded-full.size-8')).toHaveLength(4);
    cleanup();
    render(<Skeleton shape="table" count={2} />);
    // A header row and two rows.
    expect(screen.getByRole('status').querySelectorAll('.border-b')).toHaveLength(3);
  });

  it('draws every shape, and the stat inline', () => {
    for (const shape of ['page', 'cards', 'stack', 'list', 'table', 'lines', 'stat'] as SkeletonShape[]) {
      render(<Skeleton shape={shape} label={`Loading ${shape}`} />);
      const status = screen.getByRole('status');
      expect(status.tagName, shape).toBe(shape === 'stat' ? 'SPAN' : 'DIV');
      expect(status.textContent, shape).toBe(`Loading ${shape}`);
      cleanup();
    }
  });
});

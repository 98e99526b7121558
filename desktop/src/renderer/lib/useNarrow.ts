import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is narrower than `minWidth` px, kept current as it resizes. Measured before
 * paint, so a narrow screen never flashes the wide layout. Without ResizeObserver (jsdom) the
 * answer is false: the wide layout.
 */
export function useNarrow(ref: RefObject<HTMLElement | null>, minWidth: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setNarrow(el.getBoundingClientRect().width < minWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, minWidth]);
  return narrow;
}

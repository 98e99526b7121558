import { describe, expect, it } from 'vitest';
import { withQueryChanges } from './useQueryParams';

describe('withQueryChanges', () => {
  it('sets, repeats and removes keys, and keeps the others', () => {
    const before = new URLSearchParams('search=fba&categories=1&categories=2&card=9&type=marketplace');
    const after = withQueryChanges(before, { search: 'ppc', categories: ['3'], card: null, type: '', tab: 'lessons' });
    expect(after.toString()).toBe('search=ppc&categories=3&tab=lessons');
    expect(before.toString()).toBe('search=fba&categories=1&categories=2&card=9&type=marketplace');
  });

  it('removes a repeated key given an empty list', () => {
    expect(withQueryChanges(new URLSearchParams('categories=1&categories=2&id=4'), { categories: [] }).toString()).toBe(
      'id=4',
    );
  });
});

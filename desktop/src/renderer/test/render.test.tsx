// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import './render';

afterEach(() => cleanup());

describe('Testing Library errors (test/render.tsx)', () => {
  it('a failed query outside waitFor prints the document', () => {
    render(<p>Present text</p>);
    expect(() => screen.getByText('Absent text')).toThrow(/Unable to find an element[\s\S]*Present text/);
  });

  it("a findBy that times out prints the document once, with the last attempt's message", async () => {
    render(<p>Present text</p>);
    const error = await screen.findByText('Absent text', {}, { timeout: 100 }).then(
      () => new Error('found the text'),
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TestingLibraryElementError');
    expect(error.message).toContain('Unable to find an element with the text: Absent text');
    expect(error.message).toContain('<p>');
    // The retries' errors carry no copy of the document: only the time-out adds it.
    expect(error.message.split('Ignored nodes:').length - 1).toBe(1);
  });

  it('waitFor around a getBy that keeps failing reports it with the document', async () => {
    render(<p>Present text</p>);
    const error = await waitFor(() => screen.getByRole('button'), { timeout: 100 }).then(
      () => new Error('found a button'),
      (e: unknown) => e as Error,
    );
    // Inside waitFor Testing Library words a missing role briefly (no list of the roles present).
    expect(error.message).toMatch(/Unable to find role="button"/);
    expect(error.message).toContain('Present text');
  });
});

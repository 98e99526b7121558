import { describe, expect, it } from 'vitest';
import { scenarioSaveInput, scenarioSaveSchema } from './products';

describe('scenarioSaveInput', () => {
  it('puts the known changes beside id and name, and drops every other key', () => {
    expect(
      scenarioSaveInput({
        id: 3,
        name: 'Cheaper',
        amazonRetail: 99,
        extra: 1,
        changes: { amazonRetail: 20, units: 2, id: 7, name: 'x', other: 1 },
      }),
    ).toEqual({
      id: 3,
      name: 'Cheaper',
      changes: { amazonRetail: 20, units: 2, id: 7, name: 'x', other: 1 },
      amazonRetail: 20,
      units: 2,
    });
  });

  it('keeps a changes value that is not an object for its type check, and reads nothing from it', () => {
    expect(scenarioSaveInput({ name: 'a', changes: 'abc' })).toEqual({ name: 'a', changes: 'abc' });
    expect(scenarioSaveInput({ name: 'a', changes: [1] })).toEqual({ name: 'a', changes: [1] });
    expect(scenarioSaveInput(null)).toEqual({});
    expect(scenarioSaveInput([{ name: 'a' }])).toEqual({});
  });

  it('reports each bad change under its own name, after the scenario fields', async () => {
    const err = await scenarioSaveSchema
      .validate(scenarioSaveInput({ name: '', changes: { units: 0, amazonRetail: -1 } }), { abortEarly: false })
      .catch((e: { inner: Array<{ path: string }> }) => e);
    expect((err as { inner: Array<{ path: string }> }).inner.map((e) => e.path)).toEqual([
      'name',
      'amazonRetail',
      'units',
    ]);
  });
});

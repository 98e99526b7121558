import { describe, expect, it } from 'vitest';
import {
  PRICE_THRESHOLDS,
  QUALIFIER_ANSWER_IDS,
  VOLUME_MAX,
  VOLUME_MIN,
  YES_NO_IDS,
  clampVolume,
  evaluateQualifier,
  isYes,
  meetsPriceThreshold,
  parseVolume,
  resultFor,
  scoreAnswers,
  searchPct,
  searchThreshold,
  sendSuccess,
  volumeFeedback,
  volumePoint,
  type QualifierAnswer,
  type YesNoId,
} from './qualifier';

function answers(volume: number | string, no: readonly YesNoId[] = []): QualifierAnswer[] {
  return [
    { id: 'keyword', answer: 'garlic press' },
    { id: 'volume', answer: volume },
    ...YES_NO_IDS.map((id) => ({ id, answer: no.includes(id) ? 'No' : 'Yes' })),
  ];
}

describe('qualifier ids', () => {
  it('has the 11 documented answer ids (docs/areas/seller-tools.md#qualifier-scoring), 9 of them Yes/No (keyword and volume are not)', () => {
    expect(QUALIFIER_ANSWER_IDS).toHaveLength(11);
    expect(YES_NO_IDS).toHaveLength(9);
    expect(YES_NO_IDS).not.toContain('keyword');
    expect(YES_NO_IDS).not.toContain('volume');
    for (const id of YES_NO_IDS) expect(QUALIFIER_ANSWER_IDS).toContain(id);
  });
});

describe('qualifier golden cases (docs/areas/seller-tools.md#qualifier-scoring)', () => {
  const cases = [
    {
      name: 'Q1',
      volume: 12000,
      no: [] as YesNoId[],
      score: 10,
      result: 'two thumbs up',
      send: true,
      feedback: 'sweet spot',
      threshold: 1200,
      pct: 10,
    },
    {
      name: 'Q2',
      volume: 4000,
      no: ['alibaba', 'improve'] as YesNoId[],
      score: 7,
      result: 'one thumb up',
      send: true,
      feedback: 'sweet spot',
      threshold: 600,
      pct: 15,
    },
    {
      name: 'Q3',
      volume: 3000,
      no: ['sellers', 'units', 'competitors'] as YesNoId[],
      score: 6,
      result: 'two thumbs down',
      send: false,
      feedback: 'not recommended',
      threshold: 1500,
      pct: 50,
    },
    {
      name: 'Q4',
      volume: 25000,
      no: ['standard', 'improve'] as YesNoId[],
      score: 7,
      result: 'one thumb up',
      send: true,
      feedback: 'may require a higher budget',
      threshold: 2500,
      pct: 10,
    },
  ] as const;

  for (const c of cases) {
    it(`${c.name}: volume ${c.volume} with ${9 - c.no.length} Yes scores ${c.score}, ${c.result}, feedback '${c.feedback}', Q3 threshold ${c.threshold}`, () => {
      const list = answers(c.volume, c.no);
      expect(scoreAnswers(list)).toBe(c.score);
      expect(resultFor(c.score)).toBe(c.result);
      expect(sendSuccess(c.score)).toBe(c.send);
      expect(evaluateQualifier(list)).toEqual({ score: c.score, result: c.result, success: c.send });
      expect(volumeFeedback(c.volume)).toBe(c.feedback);
      expect(searchPct(c.volume)).toBe(c.pct);
      expect(searchThreshold(c.volume)).toBe(c.threshold);
    });
  }
});

describe('volume boundary table (docs/areas/seller-tools.md#qualifier-scoring)', () => {
  const NR = 'not recommended';
  const SS = 'sweet spot';
  const HB = 'may require a higher budget';
  const table = [
    [0, 0, NR, 50, 0],
    [3000, 0, NR, 50, 1500],
    [4000, 0, SS, 15, 600],
    [4001, 1, SS, 15, 600],
    [10000, 1, SS, 15, 1500],
    [10001, 1, SS, 10, 1000],
    [19999, 1, SS, 10, 2000],
    [20000, 0, SS, 10, 2000],
    [24999, 0, SS, 10, 2500],
    [25000, 0, HB, 10, 2500],
    [50000, 0, HB, 10, 5000],
  ] as const;
  for (const [v, point, feedback, pct, threshold] of table) {
    it(`volume ${v}: point ${point}, '${feedback}', ${pct} %, threshold ${threshold}`, () => {
      expect(volumePoint(v)).toBe(point);
      expect(volumeFeedback(v)).toBe(feedback);
      expect(searchPct(v)).toBe(pct);
      expect(searchThreshold(v)).toBe(threshold);
    });
  }
});

describe('isYes', () => {
  it('accepts yes in any case with surrounding spaces', () => {
    for (const a of ['Yes', 'yes', 'YES', '  yEs \n']) expect(isYes(a)).toBe(true);
  });
  it('treats No, blanks, unanswered and non-strings as no', () => {
    for (const a of ['No', '', 'y', 'yes please', null, undefined, true, 1]) expect(isYes(a)).toBe(false);
  });
});

describe('volume answers', () => {
  it('parse numbers and numeric strings, clamped to 0..50000', () => {
    expect(VOLUME_MIN).toBe(0);
    expect(VOLUME_MAX).toBe(50000);
    expect(parseVolume('12000')).toBe(12000);
    expect(parseVolume(' 4001 ')).toBe(4001);
    expect(parseVolume(60000)).toBe(50000);
    expect(parseVolume('-5')).toBe(0);
    expect(clampVolume(Number.POSITIVE_INFINITY)).toBe(0);
  });
  it('count a non-numeric or missing volume as 0', () => {
    for (const v of ['abc', '', null, undefined, Number.NaN, {}]) expect(parseVolume(v)).toBe(0);
  });
});

describe('scoreAnswers', () => {
  it('does not score the keyword', () => {
    expect(scoreAnswers([{ id: 'keyword', answer: 'Yes' }])).toBe(0);
  });
  it('scores an empty or unanswered list as 0', () => {
    expect(scoreAnswers([])).toBe(0);
    expect(scoreAnswers(YES_NO_IDS.map((id) => ({ id })))).toBe(0);
  });
  it('ignores unknown ids and lets the last entry for an id win', () => {
    const list: QualifierAnswer[] = [
      { id: 'bogus', answer: 'Yes' },
      { id: 'sellers', answer: 'Yes' },
      { id: 'sellers', answer: 'No' },
      { id: 'units', answer: 'No' },
      { id: 'units', answer: 'yes' },
    ];
    expect(scoreAnswers(list)).toBe(1);
  });
  it('gives the volume point from a numeric string and none for an out-of-range volume', () => {
    expect(scoreAnswers([{ id: 'volume', answer: '12000' }])).toBe(1);
    expect(scoreAnswers([{ id: 'volume', answer: 'lots' }])).toBe(0);
    expect(scoreAnswers([{ id: 'volume', answer: 1e9 }])).toBe(0);
  });
});

describe('result bands', () => {
  it('6 or less is two thumbs down, 7 one thumb up, 8 or more two thumbs up', () => {
    const expected = [
      'two thumbs down',
      'two thumbs down',
      'two thumbs down',
      'two thumbs down',
      'two thumbs down',
      'two thumbs down',
      'two thumbs down',
      'one thumb up',
      'two thumbs up',
      'two thumbs up',
      'two thumbs up',
    ];
    for (let s = 0; s <= 10; s++) expect(resultFor(s)).toBe(expected[s]);
  });
  it('sends the success message from 7', () => {
    expect(sendSuccess(6)).toBe(false);
    expect(sendSuccess(7)).toBe(true);
    expect(sendSuccess(10)).toBe(true);
  });
});

describe('size tier price thresholds', () => {
  it('are $20, $25 and $45', () => {
    expect(PRICE_THRESHOLDS).toEqual({ 'small standard': 20, 'large standard': 25, 'large and bulky': 45 });
  });
  it('are met at or above the threshold', () => {
    expect(meetsPriceThreshold(20, 'small standard')).toBe(true);
    expect(meetsPriceThreshold(19.99, 'small standard')).toBe(false);
    expect(meetsPriceThreshold(44.99, 'large and bulky')).toBe(false);
    expect(meetsPriceThreshold(Number.NaN, 'large standard')).toBe(false);
  });
});

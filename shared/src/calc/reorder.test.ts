import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { datePlusDays, isTimeZone, localDate, planReorder, startOfLocalDay } from './reorder';

// docs/areas/seller-tools.md, "Reorder planner".
const TODAY = '2026-03-01';
const base = { onHand: 1000, dailySales: 10, leadTimeDays: 30, coverDays: 90, safetyDays: 0 };

describe('planReorder', () => {
  it('the worked example: 1,000 on hand, 10 a day, 30 days lead, 90 days cover', () => {
    expect(planReorder(base, TODAY)).toEqual({
      reorderPoint: 300,
      daysUntilReorder: 70,
      reorderOn: '2026-05-10',
      quantity: 900,
      stockoutOn: '2026-06-09',
      message: null,
    });
  });

  it('safety days raise the reorder point and bring the date forward', () => {
    const p = planReorder({ ...base, safetyDays: 14 }, TODAY);
    expect(p.reorderPoint).toBe(440);
    expect(p.daysUntilReorder).toBe(56);
    expect(p.reorderOn).toBe('2026-04-26');
  });

  it('zero sales: no reorder date, and a clear message', () => {
    const p = planReorder({ ...base, dailySales: 0 }, TODAY);
    expect(p).toEqual({
      reorderPoint: 0,
      daysUntilReorder: null,
      reorderOn: null,
      quantity: 0,
      stockoutOn: null,
      message: MESSAGES.reorderNoSales,
    });
  });

  it('on hand below the reorder point: reorder today', () => {
    const p = planReorder({ ...base, onHand: 200 }, TODAY);
    expect(p.daysUntilReorder).toBe(0);
    expect(p.reorderOn).toBe(TODAY);
    expect(p.stockoutOn).toBe('2026-03-21');
    expect(p.message).toBe(MESSAGES.reorderNow);
  });

  it('at the reorder point exactly: today too', () => {
    expect(planReorder({ ...base, onHand: 300 }, TODAY).daysUntilReorder).toBe(0);
  });

  it('fractional sales: whole units up, whole days down', () => {
    const p = planReorder({ onHand: 100, dailySales: 2.5, leadTimeDays: 31, coverDays: 45, safetyDays: 0 }, TODAY);
    expect(p.reorderPoint).toBe(78); // 77.5 up
    expect(p.daysUntilReorder).toBe(8); // (100 - 78) / 2.5 = 8.8 down
    expect(p.quantity).toBe(113); // 112.5 up
  });
});

describe('dates', () => {
  it('the member’s date in their time zone', () => {
    const late = new Date('2026-03-01T23:30:00Z');
    expect(localDate(late, 'UTC')).toBe('2026-03-01');
    expect(localDate(late, 'Europe/Berlin')).toBe('2026-03-02');
    expect(localDate(late, 'America/Los_Angeles')).toBe('2026-03-01');
  });
  it('adds days across months and leap years', () => {
    expect(datePlusDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(datePlusDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('knows an IANA zone from nonsense', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('the start of a day in a time zone, as UTC (the reorder card is due then)', () => {
    expect(startOfLocalDay('2026-05-10', 'UTC').toISOString()).toBe('2026-05-10T00:00:00.000Z');
    expect(startOfLocalDay('2026-05-10', 'America/New_York').toISOString()).toBe('2026-05-10T04:00:00.000Z');
    expect(startOfLocalDay('2026-01-10', 'America/New_York').toISOString()).toBe('2026-01-10T05:00:00.000Z');
    expect(startOfLocalDay('2026-05-10', 'Asia/Tokyo').toISOString()).toBe('2026-05-09T15:00:00.000Z');
    expect(startOfLocalDay('2026-05-10', 'Asia/Kolkata').toISOString()).toBe('2026-05-09T18:30:00.000Z');
    // Days a clock change starts: still that day's first instant.
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    // Santiago skips midnight when summer time starts (2026-09-06): the day starts at 01:00 local.
    expect(localDate(startOfLocalDay('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06');
  });
});

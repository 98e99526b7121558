/** Helpers of the Stripe fake (tests/helpers/fake-stripe.ts): form parsing, ids, card checks, errors. */
import crypto from 'node:crypto';

export type Params = Record<string, unknown>;

/** Parses Stripe's form encoding (a[b][c]=v) into nested objects. */
export function parseStripeForm(body: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    parts.forEach((part, i) => {
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') return;
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  return out;
}

/** A form parameter as text ('' when absent or nested). */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export interface Reply {
  status: number;
  body: unknown;
}
export const error = (status: number, type: string, message: string, extra: Params = {}): Reply => ({
  status,
  body: { error: { type, message, ...extra } },
});

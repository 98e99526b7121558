import { createContext, useContext } from 'react';
import type { Currency } from '@shared/calc';

/**
 * The currency of the product on screen (its marketplace's: docs/areas/seller-tools.md,
 * "Marketplaces"): the product view, the form and the printable summary provide it, and every
 * panel formats its money in it. Outside a product: US dollars.
 */
const CurrencyContext = createContext<Currency>('USD');

export const CurrencyProvider = CurrencyContext.Provider;

export function useCurrency(): Currency {
  return useContext(CurrencyContext);
}

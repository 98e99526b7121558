import { useId } from 'react';
import {
  ADDITIONAL_FEES_DEFAULT,
  ADDITIONAL_FEES_MAX_PERCENT,
  applyAdditionalFees,
  dollarsToPercent,
  isAdditionalFeesInputAccepted,
  maxDollarsForDisplay,
  percentToDollars,
  toFiniteNumber,
  type AdditionalFeesType,
} from '@shared/calc';
import type { Role } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { ExternalLink } from '../../components/ExternalLink';
import { inputClasses } from '../../components/TextField';
import { cn } from '../../lib/cn';
import { InfoTip } from './InfoTip';
import { TIPS, formatMoney, formatPercent } from './metrics';
import { usePortalSettings } from '../settings/usePortalSettings';

/** What the member has entered: a number (as typed) in percent or dollars. */
export interface FeesEntry {
  type: AdditionalFeesType;
  value: string;
}

const asText = (n: number) => String(Math.round(n * 100) / 100);

/** The entry that shows a stored percentage in the given mode. */
export function feesEntryFor(percent: number, type: AdditionalFeesType, retailPrice: number): FeesEntry {
  return { type, value: asText(type === 'dollar' ? percentToDollars(percent, retailPrice) : percent) };
}

/**
 * The percentage the server will store for this entry (the same shared rule: out-of-range input
 * keeps `previous`, dollars convert through the retail price, basic members keep `previous`).
 */
export function effectiveFeesPercent(
  entry: FeesEntry,
  retailPrice: number,
  previous: number | null,
  role: Role,
): number {
  return applyAdditionalFees({ role, type: entry.type, value: entry.value, retailPrice, previous });
}

/** The message for an entry that will be ignored (out of range), or null. */
export function feesEntryProblem(entry: FeesEntry, retailPrice: number): string | null {
  if (entry.value.trim() === '' || isAdditionalFeesInputAccepted(entry.type, entry.value, retailPrice)) return null;
  if (entry.type === 'dollar') {
    if (toFiniteNumber(retailPrice) <= 0) return 'Enter the retail price first.';
    return `${MESSAGES.maximumValueIs}${maxDollarsForDisplay(retailPrice).toFixed(2)}`;
  }
  return `Enter a percentage from 0 to ${ADDITIONAL_FEES_MAX_PERCENT}.`;
}

export interface AdditionalFeesControlProps {
  entry: FeesEntry;
  onChange: (entry: FeesEntry) => void;
  retailPrice: number;
  /** The stored percentage (null for a new product). */
  previous: number | null;
  role: Role;
  canEdit: boolean;
}

/**
 * 'Additional Fees Per Unit' (docs/areas/seller-tools.md#screens, docs/areas/seller-tools.md#validation, docs/areas/seller-tools.md#limits): a slider and a number field, with a dollar /
 * percentage toggle that converts through the retail price. Basic members see the value, locked,
 * with the unlock link to the upgrade page.
 */
export function AdditionalFeesControl({
  entry,
  onChange,
  retailPrice,
  previous,
  role,
  canEdit,
}: AdditionalFeesControlProps) {
  const id = useId();
  const { settings } = usePortalSettings();
  const percent = effectiveFeesPercent(entry, retailPrice, previous, role);
  const problem = canEdit ? feesEntryProblem(entry, retailPrice) : null;
  const dollarMax = maxDollarsForDisplay(retailPrice);
  const sliderMax = entry.type === 'dollar' ? dollarMax : ADDITIONAL_FEES_MAX_PERCENT;
  const sliderValue = entry.type === 'dollar' ? percentToDollars(percent, retailPrice) : percent;

  const switchTo = (type: AdditionalFeesType) => {
    if (type === entry.type) return;
    // Convert what is in effect, so an ignored entry does not travel across the toggle.
    if (type === 'dollar') onChange({ type, value: asText(percentToDollars(percent, retailPrice)) });
    else {
      const accepted = isAdditionalFeesInputAccepted('dollar', entry.value, retailPrice);
      onChange({
        type,
        value: asText(accepted ? dollarsToPercent(toFiniteNumber(entry.value), retailPrice) : percent),
      });
    }
  };

  const equivalent =
    entry.type === 'dollar'
      ? `= ${formatPercent(percent)} of the retail price`
      : `= ${formatMoney(percentToDollars(percent, retailPrice))} per unit`;

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 flex items-center gap-1.5 text-sm font-medium text-gray-700">
        Additional Fees Per Unit <InfoTip text={TIPS.additionalFees} label="About additional fees" />
      </legend>
      <div className="flex flex-wrap items-center gap-3">
        <div
          role="radiogroup"
          aria-label="Enter additional fees as"
          className="inline-flex rounded-lg ring-1 ring-gray-300"
        >
          {(['percentage', 'dollar'] as const).map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={entry.type === type}
              aria-label={type === 'percentage' ? 'Percentage' : 'Dollars'}
              disabled={!canEdit}
              onClick={() => switchTo(type)}
              className={cn(
                'h-9 w-10 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg disabled:cursor-not-allowed',
                entry.type === type ? 'bg-brand-600 text-white' : 'bg-white text-gray-700 hover:bg-gray-50',
              )}
            >
              {type === 'percentage' ? '%' : '$'}
            </button>
          ))}
        </div>
        <input
          type="range"
          aria-label={`Additional fees per unit (${entry.type === 'dollar' ? 'dollars' : 'percent'}) slider`}
          min={0}
          max={sliderMax}
          step={0.01}
          value={Math.min(sliderValue, sliderMax)}
          disabled={!canEdit || sliderMax <= 0}
          onChange={(e) => onChange({ type: entry.type, value: e.target.value })}
          className="min-w-32 flex-1 accent-brand-600"
        />
        <div className="relative w-32">
          <span
            className={cn(
              'pointer-events-none absolute inset-y-0 flex items-center text-sm text-gray-500',
              entry.type === 'dollar' ? 'left-3' : 'right-3',
            )}
          >
            {entry.type === 'dollar' ? '$' : '%'}
          </span>
          <input
            id={id}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            aria-label={`Additional fees per unit in ${entry.type === 'dollar' ? 'dollars' : 'percent'}`}
            aria-invalid={problem ? true : undefined}
            value={entry.value}
            disabled={!canEdit}
            onChange={(e) => onChange({ type: entry.type, value: e.target.value })}
            className={cn(inputClasses(Boolean(problem)), entry.type === 'dollar' ? 'pl-7' : 'pr-8')}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-gray-500">
        {equivalent}. Suggested: at least {ADDITIONAL_FEES_DEFAULT}%.
      </p>
      {problem && (
        <p className="text-xs text-red-600" role="alert">
          {problem}
        </p>
      )}
      {!canEdit && (
        <p className="text-xs text-gray-600">
          Additional fees are set to {formatPercent(percent)} on your plan.{' '}
          <ExternalLink href={settings.applyUrl} className="font-medium text-brand-700 underline">
            Unlock additional fees
          </ExternalLink>
        </p>
      )}
    </fieldset>
  );
}

/**
 * Portal settings an admin changes without a deploy (docs/areas/settings.md): the external links of the sidebar,
 * status pages and cards, the videos of the Product Qualifier and the Move the Needle welcome
 * dialog, and the raina chat widget. One definition per key: its label, its kind (which decides
 * its validation), the environment variable that gives its first-start default, and the built-in
 * placeholder used when that variable is unset.
 *
 * - url: an https address (Support also takes a plain `mailto:` address, as docs/screens.md makes it a mail link).
 * - video: a YouTube or Vimeo address, stored as its embed URL on the origins the CSP frame-src
 *   already allows (VIDEO_EMBED_ORIGINS); empty hides the video.
 * - widget: an https URL on the chat origins (AI_CHAT_ORIGINS); empty switches the widget off.
 * - days: a whole number of days (the analytics retention, docs/areas/insights.md#events), within DAYS_SETTING_RANGE.
 * - hours: a whole number of hours (the review deadline, docs/areas/reminders.md), within HOURS_SETTING_RANGE.
 * - choice: one of the definition's `choices` (the community mode, docs/areas/community.md).
 */
import * as yup from 'yup';
import { DEFAULT_AI_CHAT_WIDGET_URL } from '../content/ai-tools';
import { QUALIFIER_VIDEOS, type QualifierVideos } from '../content/qualifier';
import { EXTERNAL_LINKS } from '../limits';
import { MESSAGES } from '../messages';
import { bannerVideoEmbedUrl } from './banners';
import { isAllowedChatUrl } from './ai-tools';
import { isHttpsUrl, URL_MAX_CHARS } from './urls';

export type SettingKind = 'url' | 'video' | 'widget' | 'days' | 'hours' | 'choice';

/** The range of a `days` setting. */
export const DAYS_SETTING_RANGE = { min: 30, max: 3650 } as const;
/** The range of an `hours` setting. */
export const HOURS_SETTING_RANGE = { min: 1, max: 720 } as const;

export interface SettingDefinition {
  label: string;
  kind: SettingKind;
  /** Where the UI uses it (shown under the field on the settings screen). */
  help: string;
  /** Environment variable holding the first-start default. */
  env: string;
  /** Built-in placeholder when the variable is unset. */
  fallback: string;
  /** Support only: a `mailto:` address is accepted too. */
  mailto?: boolean;
  /** A choice: the values allowed, with the label the settings screen shows for each. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
}

const video = (label: string, help: string, env: string, fallback: string): SettingDefinition => ({
  label,
  kind: 'video',
  help,
  env,
  fallback,
});

const q = QUALIFIER_VIDEOS;

/** Every setting, in the order of the settings screen. */
export const SETTING_DEFINITIONS = {
  communityUrl: {
    label: 'Community Group',
    kind: 'url',
    help: 'Sidebar link and the qualifier results page.',
    env: 'SETTING_COMMUNITY_URL',
    fallback: EXTERNAL_LINKS.community,
  },
  productSearchUrl: {
    label: 'Product Search',
    kind: 'url',
    help: 'Sidebar link (coach, course only, admin).',
    env: 'SETTING_PRODUCT_SEARCH_URL',
    fallback: EXTERNAL_LINKS.searchSite,
  },
  supportUrl: {
    label: 'Support',
    kind: 'url',
    help: 'Sidebar link and Contact support on /blocked: an https page or a mailto: address.',
    env: 'SETTING_SUPPORT_URL',
    fallback: EXTERNAL_LINKS.support,
    mailto: true,
  },
  applyUrl: {
    label: 'Apply Now',
    kind: 'url',
    help: 'Apply To Upgrade in the sidebar and every Apply Now / upgrade prompt.',
    env: 'SETTING_APPLY_URL',
    fallback: EXTERNAL_LINKS.applyToUpgrade,
  },
  upgradesUrl: {
    label: 'Upgrade',
    kind: 'url',
    help: 'Upgrades link in the premium sidebar.',
    env: 'SETTING_UPGRADES_URL',
    fallback: EXTERNAL_LINKS.upgrades,
  },
  calendarUrl: {
    label: 'Calendar site',
    kind: 'url',
    help: 'Rainmaker Calendar card, routes hidden by the cutoff, AI Toolkit booking, qualifier results.',
    env: 'SETTING_CALENDAR_URL',
    fallback: EXTERNAL_LINKS.calendar,
  },
  shippingRatesUrl: {
    label: 'Shipping-rate source',
    kind: 'url',
    help: 'The Current Average Shipping Rate card on the dashboard.',
    env: 'SETTING_SHIPPING_RATES_URL',
    fallback: EXTERNAL_LINKS.shippingRates,
  },
  recommendResourceUrl: {
    label: 'Recommend a resource form',
    kind: 'url',
    help: 'The recommend-a-resource link on Resources.',
    env: 'SETTING_RECOMMEND_RESOURCE_URL',
    fallback: EXTERNAL_LINKS.recommendResource,
  },
  boardWelcomeVideo: video(
    'Move the Needle welcome video',
    'The welcome dialog of Move the Needle.',
    'SETTING_BOARD_WELCOME_VIDEO',
    'https://www.youtube.com/embed/M7lc1UVf-VE',
  ),
  qualifierIntroVideo: video(
    'Qualifier: introduction',
    'Top of the Product Qualifier.',
    'SETTING_QUALIFIER_INTRO_VIDEO',
    q.intro,
  ),
  qualifierVolumeVideo: video(
    'Qualifier: search volume',
    'Learn More of question 1.',
    'SETTING_QUALIFIER_VOLUME_VIDEO',
    q.questions.volume,
  ),
  qualifierSearchesVideo: video(
    'Qualifier: searches',
    'Learn More of the searches question.',
    'SETTING_QUALIFIER_SEARCHES_VIDEO',
    q.questions.searches,
  ),
  qualifierSellersVideo: video(
    'Qualifier: sellers',
    'Learn More of the sellers question.',
    'SETTING_QUALIFIER_SELLERS_VIDEO',
    q.questions.sellers,
  ),
  qualifierUnitsVideo: video(
    'Qualifier: units',
    'Learn More of the units question.',
    'SETTING_QUALIFIER_UNITS_VIDEO',
    q.questions.units,
  ),
  qualifierCompetitorsVideo: video(
    'Qualifier: competitors',
    'Learn More of the competitors question.',
    'SETTING_QUALIFIER_COMPETITORS_VIDEO',
    q.questions.competitors,
  ),
  qualifierAlibabaVideo: video(
    'Qualifier: Alibaba',
    'Learn More of the Alibaba question.',
    'SETTING_QUALIFIER_ALIBABA_VIDEO',
    q.questions.alibaba,
  ),
  qualifierStandardVideo: video(
    'Qualifier: standard size',
    'Learn More of the size question.',
    'SETTING_QUALIFIER_STANDARD_VIDEO',
    q.questions.standard,
  ),
  qualifierAveragePointsVideo: video(
    'Qualifier: average points',
    'Learn More of the points question.',
    'SETTING_QUALIFIER_AVERAGE_POINTS_VIDEO',
    q.questions['average-points'],
  ),
  qualifierEstimatedProfitVideo: video(
    'Qualifier: estimated profit',
    'Learn More of the profit question.',
    'SETTING_QUALIFIER_ESTIMATED_PROFIT_VIDEO',
    q.questions['estimated-profit'],
  ),
  qualifierImproveVideo: video(
    'Qualifier: improve',
    'Learn More of the improve question.',
    'SETTING_QUALIFIER_IMPROVE_VIDEO',
    q.questions.improve,
  ),
  qualifierTwoThumbsUpVideo: video(
    'Qualifier result: two thumbs up',
    'Shown with the result.',
    'SETTING_QUALIFIER_TWO_THUMBS_UP_VIDEO',
    q.results['two thumbs up'],
  ),
  qualifierOneThumbUpVideo: video(
    'Qualifier result: one thumb up',
    'Shown with the result.',
    'SETTING_QUALIFIER_ONE_THUMB_UP_VIDEO',
    q.results['one thumb up'],
  ),
  qualifierTwoThumbsDownVideo: video(
    'Qualifier result: two thumbs down',
    'Shown with the result.',
    'SETTING_QUALIFIER_TWO_THUMBS_DOWN_VIDEO',
    q.results['two thumbs down'],
  ),
  chatWidgetUrl: {
    label: 'Raina chat widget',
    kind: 'widget',
    help: 'The chat page framed by the floating button (admins and members tagged raina); empty switches it off.',
    env: 'AI_CHAT_WIDGET_URL',
    fallback: DEFAULT_AI_CHAT_WIDGET_URL,
  },
  analyticsRetentionDays: {
    label: 'Analytics retention (days)',
    kind: 'days',
    help: 'Analytics events and their daily counts older than this are deleted (checked every 6 hours).',
    env: 'SETTING_ANALYTICS_RETENTION_DAYS',
    fallback: '400',
  },
  communityMode: {
    label: 'Community',
    kind: 'choice',
    help: "Where the sidebar's Community link and the dashboard's community card lead: the external group (Community Group above) or the community inside the portal.",
    env: 'SETTING_COMMUNITY_MODE',
    fallback: 'external',
    choices: [
      { value: 'external', label: 'The external group' },
      { value: 'portal', label: 'The community in the portal' },
    ],
  },
  reviewSlaHours: {
    label: 'Review deadline (hours)',
    kind: 'hours',
    help: 'A card waiting in FOR REVIEW longer than this is overdue in the review queue, and its coach is told once.',
    env: 'SETTING_REVIEW_SLA_HOURS',
    fallback: '48',
  },
} as const satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];
/** The one key members do not all receive from GET /api/settings (see the chat-widget route). */
export const PRIVATE_SETTING_KEYS: readonly SettingKey[] = ['chatWidgetUrl'];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

export function settingDefinition(key: SettingKey): SettingDefinition {
  return SETTING_DEFINITIONS[key];
}

export const SETTING_MESSAGES = {
  url: 'Please enter a full https:// address',
  urlOrMailto: 'Please enter a full https:// address or a mailto: address',
  video: 'Please enter a YouTube or Vimeo video address (https://)',
  widget: 'Please enter an https:// chat address on an allowed chat site (www.chatbase.co)',
  unknown: 'Unknown setting',
  tooLong: `Please use at most ${URL_MAX_CHARS.toLocaleString('en-US')} characters`,
  days: `Please enter a whole number of days from ${DAYS_SETTING_RANGE.min} to ${DAYS_SETTING_RANGE.max.toLocaleString('en-US')}`,
  hours: `Please enter a whole number of hours from ${HOURS_SETTING_RANGE.min} to ${HOURS_SETTING_RANGE.max}`,
  choice: 'Please choose one of the options',
} as const;

const MAILTO =
  /^mailto:[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** True for a plain `mailto:` link to one address (no parameters). */
export function isPlainMailto(raw: unknown): boolean {
  return typeof raw === 'string' && raw.length <= URL_MAX_CHARS && MAILTO.test(raw);
}

export type SettingCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * Validates and normalises one value of a key: trimmed; a video becomes its embed URL. Empty is
 * allowed for videos (hidden) and the widget (off), never for links.
 */
export function checkSettingValue(key: SettingKey, raw: unknown): SettingCheck {
  const def: SettingDefinition = SETTING_DEFINITIONS[key];
  if (typeof raw !== 'string') return { ok: false, message: 'Please enter a valid value' };
  const value = raw.trim();
  if (value.length > URL_MAX_CHARS) return { ok: false, message: SETTING_MESSAGES.tooLong };
  switch (def.kind) {
    case 'url':
      if (value === '') return { ok: false, message: MESSAGES.fieldRequired };
      if (isHttpsUrl(value) || (def.mailto === true && isPlainMailto(value))) return { ok: true, value };
      return { ok: false, message: def.mailto ? SETTING_MESSAGES.urlOrMailto : SETTING_MESSAGES.url };
    case 'video': {
      if (value === '') return { ok: true, value };
      const embed = bannerVideoEmbedUrl(value);
      return embed ? { ok: true, value: embed } : { ok: false, message: SETTING_MESSAGES.video };
    }
    case 'widget':
      if (value === '' || value.toLowerCase() === 'off') return { ok: true, value: '' };
      return isAllowedChatUrl(value) ? { ok: true, value } : { ok: false, message: SETTING_MESSAGES.widget };
    case 'days': {
      const days = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
      return days >= DAYS_SETTING_RANGE.min && days <= DAYS_SETTING_RANGE.max
        ? { ok: true, value: String(days) }
        : { ok: false, message: SETTING_MESSAGES.days };
    }
    case 'hours': {
      const hours = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
      return hours >= HOURS_SETTING_RANGE.min && hours <= HOURS_SETTING_RANGE.max
        ? { ok: true, value: String(hours) }
        : { ok: false, message: SETTING_MESSAGES.hours };
    }
    case 'choice':
      return (def.choices ?? []).some((c) => c.value === value)
        ? { ok: true, value }
        : { ok: false, message: SETTING_MESSAGES.choice };
  }
}

/** The community mode in effect: the portal's own community, or the external group (the default). */
export type CommunityMode = 'external' | 'portal';
export function communityModeOf(value: string | undefined): CommunityMode {
  return value === 'portal' ? 'portal' : 'external';
}

/**
 * POST /api/settings/upsert {values: {key: value}}: the keys to change; a value of null puts the
 * key back to its default. Every key is optional; an unknown key is an error of its own.
 */
export const settingsValuesSchema = yup
  .object(
    Object.fromEntries(
      SETTING_KEYS.map((key) => [
        key,
        yup
          .mixed<string>()
          .nullable()
          .optional()
          .transform((v: unknown) => {
            if (v === null || v === undefined) return v;
            const checked = checkSettingValue(key, v);
            return checked.ok ? checked.value : v;
          })
          .test('setting', (v, ctx) => {
            if (v === null || v === undefined) return true;
            const checked = checkSettingValue(key, v);
            return checked.ok || ctx.createError({ message: checked.message });
          }),
      ]),
    ) as Record<SettingKey, yup.MixedSchema<string | null | undefined>>,
  )
  .test('known-keys', (value, ctx) => {
    const unknown = Object.keys(value ?? {}).filter((k) => !isSettingKey(k));
    if (unknown.length === 0) return true;
    return new yup.ValidationError(unknown.map((k) => ctx.createError({ path: k, message: SETTING_MESSAGES.unknown })));
  });

export type SettingsValuesInput = Partial<Record<SettingKey, string | null>>;

/**
 * First-start defaults from the environment (each variable validated like an admin's input; an
 * invalid one stops the server at start with its name), else the built-in placeholder.
 */
export function settingDefaultsFromEnv(env: Readonly<Record<string, string | undefined>>): Record<SettingKey, string> {
  const out = {} as Record<SettingKey, string>;
  for (const key of SETTING_KEYS) {
    const def: SettingDefinition = SETTING_DEFINITIONS[key];
    const raw = env[def.env];
    if (raw === undefined || raw.trim() === '') {
      out[key] = def.fallback;
      continue;
    }
    const checked = checkSettingValue(key, raw);
    if (!checked.ok) throw new Error(`${def.env}: ${checked.message}`);
    out[key] = checked.value;
  }
  return out;
}

/** The built-in placeholders (what a UI shows before the API answered). */
export const SETTING_FALLBACKS: Record<SettingKey, string> = settingDefaultsFromEnv({});

/** The Product Qualifier's videos from the settings values. */
export function qualifierVideosFrom(s: Record<Exclude<SettingKey, 'chatWidgetUrl'>, string>): QualifierVideos {
  return {
    intro: s.qualifierIntroVideo,
    questions: {
      volume: s.qualifierVolumeVideo,
      searches: s.qualifierSearchesVideo,
      sellers: s.qualifierSellersVideo,
      units: s.qualifierUnitsVideo,
      competitors: s.qualifierCompetitorsVideo,
      alibaba: s.qualifierAlibabaVideo,
      standard: s.qualifierStandardVideo,
      'average-points': s.qualifierAveragePointsVideo,
      'estimated-profit': s.qualifierEstimatedProfitVideo,
      improve: s.qualifierImproveVideo,
    },
    results: {
      'two thumbs up': s.qualifierTwoThumbsUpVideo,
      'one thumb up': s.qualifierOneThumbUpVideo,
      'two thumbs down': s.qualifierTwoThumbsDownVideo,
    },
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body of POST /api/settings/upsert: `values` must be an object of key: value. */
export const settingsUpsertSchema = yup.object({
  values: yup
    .mixed<Record<string, unknown>>()
    .required(MESSAGES.fieldRequired)
    .test('object', 'Please send an object of setting: value', (v) => isPlainObject(v)),
});

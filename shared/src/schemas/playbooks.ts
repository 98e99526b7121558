import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { parseMoment } from './dates';
import { id, integer } from './fields';

/** Recurring cards and playbooks (docs/areas/playbooks.md): the bounds and the request bodies. */
export const PLAYBOOK_LIMITS = {
  nameMax: 120,
  titleMax: 255,
  descriptionMax: 10_000,
  cardsMax: 50,
  checklistMax: 50,
  itemMax: 500,
  labelsMax: 10,
  labelMax: 40,
  dueInDaysMax: 365,
  targetsMax: 500,
  tagsMax: 50,
  keyMax: 100,
} as const;

export const RECURRENCES = ['week', 'month'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

const L = PLAYBOOK_LIMITS;
const tooLong = (n: number) => `Please use at most ${n.toLocaleString('en-US')} characters`;
const title = () => yup.string().trim().required(MESSAGES.fieldRequired).max(L.titleMax, tooLong(L.titleMax));
const description = () => yup.string().trim().max(L.descriptionMax, tooLong(L.descriptionMax)).default('');
const checklist = () =>
  yup
    .array(yup.string().trim().required(MESSAGES.fieldRequired).max(L.itemMax, tooLong(L.itemMax)))
    .max(L.checklistMax, `At most ${L.checklistMax} checklist items`)
    .default([]);
const userIds = () =>
  yup.array(id().required()).max(L.targetsMax, `At most ${L.targetsMax} members`).optional().default(undefined);
const tagIds = () =>
  yup.array(id().required()).max(L.tagsMax, `At most ${L.tagsMax} tags`).optional().default(undefined);

/** POST /api/move-the-needle/recurring/upsert */
export const recurringUpsertSchema = yup.object({
  id: id().optional(),
  title: title(),
  description: description(),
  checklist: checklist(),
  every: yup
    .string<Recurrence>()
    .oneOf([...RECURRENCES], 'Choose week or month')
    .required(MESSAGES.fieldRequired),
  weekday: integer().min(0, 'Choose a day from 0 (Sunday) to 6').max(6, 'Choose a day from 0 (Sunday) to 6').optional(),
  dayOfMonth: integer().min(1, 'Choose a day from 1 to 28').max(28, 'Choose a day from 1 to 28').optional(),
  dueAfterDays: integer().min(0, 'At least 0 days').max(L.dueInDaysMax, `At most ${L.dueInDaysMax} days`).optional(),
  userIds: userIds(),
  tagIds: tagIds(),
});
export type RecurringUpsertInput = yup.InferType<typeof recurringUpsertSchema>;

/** One card of a playbook. */
export const playbookCardSchema = yup.object({
  title: title(),
  description: description(),
  checklist: checklist(),
  labels: yup
    .array(yup.string().trim().required(MESSAGES.fieldRequired).max(L.labelMax, tooLong(L.labelMax)))
    .max(L.labelsMax, `At most ${L.labelsMax} labels`)
    .default([]),
  dueInDays: integer().min(0, 'At least 0 days').max(L.dueInDaysMax, `At most ${L.dueInDaysMax} days`).optional(),
});
export type PlaybookCardInput = yup.InferType<typeof playbookCardSchema>;

/** POST /api/playbooks/upsert */
export const playbookUpsertSchema = yup.object({
  id: id().optional(),
  name: yup.string().trim().required(MESSAGES.fieldRequired).max(L.nameMax, tooLong(L.nameMax)),
  description: description(),
  cards: yup
    .array(playbookCardSchema.required())
    .required(MESSAGES.fieldRequired)
    .min(1, 'Add at least one card')
    .max(L.cardsMax, `At most ${L.cardsMax} cards`),
  /** The one playbook the qualifier's "Start this product" offers (setting it moves the mark). */
  launch: yup.boolean().default(false),
});
export type PlaybookUpsertInput = yup.InferType<typeof playbookUpsertSchema>;

/** POST /api/playbooks/apply */
export const playbookApplySchema = yup.object({
  playbookId: id().required(MESSAGES.fieldRequired),
  userIds: userIds(),
  tagIds: tagIds(),
  startOn: yup
    .string()
    .required(MESSAGES.fieldRequired)
    .test('day', 'Enter a day as YYYY-MM-DD', (v) => {
      const m = parseMoment(v ?? '', true);
      return m !== null && m.dateOnly;
    }),
  key: yup.string().trim().required(MESSAGES.fieldRequired).max(L.keyMax, tooLong(L.keyMax)),
});
export type PlaybookApplyInput = yup.InferType<typeof playbookApplySchema>;

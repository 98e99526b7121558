import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { LABEL_COLORS } from '../types/board';
import { dueAtError } from '../board/due';
import { decimal } from './fields';

const required = MESSAGES.fieldRequired;
const id = () => decimal().typeError('Please enter a valid value').integer().positive().max(2_147_483_647);
const position = () => decimal().typeError('Please enter a valid value').integer().min(0).max(100_000);
/** Required when creating (no id), ignored when updating. */
const requiredOnCreate = () =>
  id().when('id', {
    is: (v: unknown) => v === undefined || v === null,
    then: (s) => s.required(required),
    otherwise: (s) => s.optional(),
  });

export const BOARD_LIMITS = {
  listName: 100,
  cardTitle: 500,
  description: 20_000,
  labelName: 50,
  fileName: 255,
  comment: 10_000,
  checkListTitle: 200,
  checkItemTitle: 2_000,
  url: 2_000,
} as const;

export const boardQuerySchema = yup.object({ userId: id().optional() });
/** GET /card/archive/read-many: the archived cards of ownerId's board (default: one's own). */
export const cardArchiveQuerySchema = yup.object({ ownerId: id().optional() });

export const listUpsertSchema = yup.object({
  id: id().optional(),
  name: yup.string().trim().required(required).max(BOARD_LIMITS.listName),
  position: position().optional(),
  userId: id().optional(),
});
export type ListUpsertInput = yup.InferType<typeof listUpsertSchema>;

export const cardReorderSchema = yup.object({
  ListId: id().required(required),
  startPosition: position().required(required),
  endPosition: position().required(required),
  /** The card the client dragged; when given it must be the one at startPosition. */
  cardId: id().optional(),
});
export type CardReorderInput = yup.InferType<typeof cardReorderSchema>;

export const cardMoveSchema = yup.object({
  cardId: id().required(required),
  sourceListId: id().required(required),
  destListId: id().required(required),
  positionOnSourceList: position().optional(),
  positionOnDestList: position().required(required),
});
export type CardMoveInput = yup.InferType<typeof cardMoveSchema>;

export const cardUpsertSchema = yup.object({
  id: id().optional(),
  title: yup
    .string()
    .trim()
    .min(1, required)
    .max(BOARD_LIMITS.cardTitle)
    .when('id', {
      is: (v: unknown) => v === undefined || v === null,
      then: (s) => s.required(required),
      otherwise: (s) => s.optional(),
    }),
  description: yup.string().max(BOARD_LIMITS.description).optional(),
  ListId: requiredOnCreate(),
  position: position().optional(),
  coverPhotoUrl: yup.string().trim().max(BOARD_LIMITS.url).nullable().optional(),
  /** An instant (ISO 8601 with its offset) inside the due-date bounds (shared/src/board/due.ts), or null to clear it. */
  dueAt: yup
    .string()
    .typeError(MESSAGES.dueAtInvalid)
    .trim()
    .nullable()
    .optional()
    .transform((value: unknown, original: unknown) => (original === '' ? null : value))
    .test('due-at', function check(value) {
      if (value === undefined || value === null) return true;
      const message = dueAtError(value);
      return message ? this.createError({ message }) : true;
    }),
});
export type CardUpsertInput = yup.InferType<typeof cardUpsertSchema>;

export const resetBoardSchema = yup.object({ id: id().optional() });

export const labelUpsertSchema = yup.object({
  id: id().optional(),
  name: yup.string().trim().max(BOARD_LIMITS.labelName).default(''),
  color: yup
    .string()
    .required(MESSAGES.labelColorRequired)
    .oneOf([...LABEL_COLORS], MESSAGES.labelColorRequired),
  userId: id().optional(),
});
export type LabelUpsertInput = yup.InferType<typeof labelUpsertSchema>;

export const cardLabelSchema = yup.object({ LabelId: id().required(required), CardId: id().required(required) });

export const attachmentUpsertSchema = yup.object({
  id: id().optional(),
  fileUrl: yup
    .string()
    .trim()
    .max(BOARD_LIMITS.url)
    .when('id', {
      is: (v: unknown) => v === undefined || v === null,
      then: (s) => s.required(required),
      otherwise: (s) => s.optional(),
    }),
  fileName: yup.string().trim().required(required).max(BOARD_LIMITS.fileName),
  CardId: requiredOnCreate(),
});
export type AttachmentUpsertInput = yup.InferType<typeof attachmentUpsertSchema>;

export const activityUpsertSchema = yup.object({
  id: id().optional(),
  comment: yup.string().trim().required(required).max(BOARD_LIMITS.comment),
  CardId: requiredOnCreate(),
  mentionedUsers: yup.array(id().required()).max(50).default([]),
});
export type ActivityUpsertInput = yup.InferType<typeof activityUpsertSchema>;

export const checkListUpsertSchema = yup.object({
  id: id().optional(),
  title: yup.string().trim().required(required).max(BOARD_LIMITS.checkListTitle),
  CardId: requiredOnCreate(),
});
export type CheckListUpsertInput = yup.InferType<typeof checkListUpsertSchema>;

export const checkListItemUpsertSchema = yup.object({
  id: id().optional(),
  title: yup
    .string()
    .trim()
    .max(BOARD_LIMITS.checkItemTitle)
    .when('id', {
      is: (v: unknown) => v === undefined || v === null,
      then: (s) => s.required(required),
      otherwise: (s) => s.optional(),
    }),
  completed: yup.boolean().typeError('Please enter a valid value').optional(),
  CheckListId: requiredOnCreate(),
});
export type CheckListItemUpsertInput = yup.InferType<typeof checkListItemUpsertSchema>;

/** DELETE /checkList and /checkListItem carry the id in the body. */
export const idBodySchema = yup.object({ id: id().required(required) });

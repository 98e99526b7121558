import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { decimal } from './fields';

export const tagUpsertSchema = yup.object({
  id: decimal().integer().positive().optional(),
  name: yup.string().trim().required(MESSAGES.fieldRequired).max(100),
  openForSignup: yup.boolean().optional(),
});
export type TagUpsertInput = yup.InferType<typeof tagUpsertSchema>;

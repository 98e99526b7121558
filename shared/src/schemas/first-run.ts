import * as yup from 'yup';
import { MESSAGES } from '../messages';

/** PUT /api/dashboard/first-run: hide the getting-started checklist, or show it again. */
export const firstRunUpdateSchema = yup.object({
  dismissed: yup.boolean().strict().typeError('Answer true or false').required(MESSAGES.fieldRequired),
});
export type FirstRunUpdate = yup.InferType<typeof firstRunUpdateSchema>;

import * as yup from 'yup';
import { QUALIFIER_ANSWER_IDS, SIZE_TIERS } from '../calc/qualifier';
import { MESSAGES } from '../messages';
import { emailField } from './auth';

const required = MESSAGES.fieldRequired;

export const QUALIFIER_LIMITS = {
  keywordMax: 200,
  answerMax: 200,
  /** Answer entries accepted per request (11 ids; repeats allowed, last wins). */
  answersMax: 50,
  /** Result emails one member may send per hour. */
  emailsPerHour: 10,
} as const;

const answerItem = yup.object({
  id: yup
    .string()
    .oneOf([...QUALIFIER_ANSWER_IDS], 'Unknown question')
    .required(required),
  answer: yup
    .mixed<string | number>()
    .nullable()
    .optional()
    .test(
      'answer-value',
      `Please keep answers under ${QUALIFIER_LIMITS.answerMax} characters`,
      (v) =>
        v == null ||
        (typeof v === 'number' && Number.isFinite(v)) ||
        (typeof v === 'string' && v.length <= QUALIFIER_LIMITS.answerMax),
    ),
});

const answers = () => yup.array(answerItem).max(QUALIFIER_LIMITS.answersMax).required(required);

const sizeTier = () =>
  yup
    .string()
    .oneOf([...SIZE_TIERS])
    .nullable()
    .optional();

export const qualifierSaveSchema = yup.object({
  answers: answers(),
  sizeTier: sizeTier(),
  rated: yup.boolean().optional(),
});
export type QualifierSaveInput = yup.InferType<typeof qualifierSaveSchema>;

export const qualifierSendSchema = yup.object({
  answers: answers(),
  sizeTier: sizeTier(),
  email: emailField(),
  keywords: yup.string().trim().required(required).max(QUALIFIER_LIMITS.keywordMax),
});
export type QualifierSendInput = yup.InferType<typeof qualifierSendSchema>;

/** The email form of the results area. */
export const qualifierEmailFormSchema = yup.object({
  email: emailField(),
  keywords: yup.string().trim().required(required).max(QUALIFIER_LIMITS.keywordMax),
});

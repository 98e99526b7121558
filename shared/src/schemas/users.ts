import * as yup from 'yup';
import { ROLES, USERS_PER_PAGE_OPTIONS, DEFAULT_USERS_PER_PAGE } from '../limits';
import { MESSAGES } from '../messages';
import { emailField, passwordField } from './auth';
import { decimal } from './fields';

const required = MESSAGES.fieldRequired;
const optionalText = (max = 200) =>
  yup
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v: unknown) => (v === '' ? null : v));

const idRef = yup.object({ id: decimal().integer().positive().required() });

/**
 * User upsert as an admin form sends it. Field names follow SPEC §3; the email field error is
 * reported under `users_email` as SPEC §5 words it. Fields the actor may not change are dropped
 * by the policy before this schema runs.
 */
export const userUpsertSchema = yup.object({
  id: decimal().integer().positive().optional(),
  fullName: yup.string().trim().required(required).max(200),
  email: emailField(),
  password: passwordField()
    .optional()
    .transform((v: unknown) => (v === '' ? undefined : v)),
  role: yup
    .string()
    .oneOf([...ROLES])
    .optional(),
  alwaysGrantAccess: yup.boolean().optional(),
  city: optionalText(),
  state: optionalText(),
  country: optionalText(),
  phoneNumber: optionalText(50),
  photoUrl: optionalText(2000),
  position: decimal().integer().min(0).max(1_000_000).optional(),
  Tags: yup.array(idRef).max(1000).optional(),
  Resources: yup.array(idRef).max(1000).optional(),
  /** The member's coach (issue 13 §3): a coach's or an admin's id, or null for no coach. */
  coachId: decimal()
    .typeError(MESSAGES.coachMustBeCoach)
    .integer(MESSAGES.coachMustBeCoach)
    .positive(MESSAGES.coachMustBeCoach)
    .max(2_147_483_647, MESSAGES.coachMustBeCoach)
    .nullable()
    .optional()
    .transform((v: unknown) => (v === '' ? null : v)),
});
export type UserUpsertInput = yup.InferType<typeof userUpsertSchema>;

export const userListQuerySchema = yup.object({
  page: decimal().integer().min(1).max(1_000_000).default(1),
  usersPerPage: decimal()
    .integer()
    .oneOf([...USERS_PER_PAGE_OPTIONS, 15])
    .default(DEFAULT_USERS_PER_PAGE),
  search: yup.string().trim().max(200).default(''),
  role: yup
    .string()
    .oneOf([...ROLES, ''])
    .default(''),
  cityOrState: yup.string().trim().max(200).default(''),
  stripeStatus: yup.string().trim().max(50).default(''),
  /**
   * 'community': the members' directory of the dashboard (basic and premium users, public fields,
   * name search) whoever asks; admins and coaches otherwise get the full User Dashboard list.
   */
  scope: yup.string().oneOf(['', 'community']).default(''),
  /**
   * Issue 13 §3: 'mine' (the viewer's own members, a coach or an admin) or a coach's id (admins
   * only); the shared coachFilterFor decides.
   */
  coach: yup
    .string()
    .trim()
    .matches(/^(mine|[1-9][0-9]{0,9})$/, { message: 'Choose mine or a coach', excludeEmptyString: true })
    .default(''),
});
export type UserListQuery = yup.InferType<typeof userListQuerySchema>;

export const switchRoleSchema = yup.object({
  role: yup
    .string()
    .oneOf([...ROLES])
    .required(required),
});

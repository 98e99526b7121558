import * as yup from 'yup';
import { ROLES, USERS_PER_PAGE_OPTIONS, DEFAULT_USERS_PER_PAGE } from '../limits';
import { MESSAGES } from '../messages';
import { emailField, passwordField } from './auth';
import { decimal, id } from './fields';

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

/** The fields of a user besides the id, the name and the email (the form's and the API's schemas share them). */
const userFields = {
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
  /** The member's coach (docs/areas/review.md#a-members-coach): a coach's or an admin's id, or null for no coach. */
  coachId: decimal()
    .typeError(MESSAGES.coachMustBeCoach)
    .integer(MESSAGES.coachMustBeCoach)
    .positive(MESSAGES.coachMustBeCoach)
    .max(2_147_483_647, MESSAGES.coachMustBeCoach)
    .nullable()
    .optional()
    .transform((v: unknown) => (v === '' ? null : v)),
};

/**
 * A user as the admin form and the profile form send it (their validation). Field names follow
 * docs/areas/users.md#data; the API reports the email field's error under `users_email`
 * (docs/areas/users.md#validation). The API validates with userUpsertRequestSchema below.
 */
export const userUpsertSchema = yup.object({
  id: decimal().integer().positive().optional(),
  fullName: yup.string().trim().required(required).max(200),
  email: emailField(),
  ...userFields,
});
export type UserUpsertInput = yup.InferType<typeof userUpsertSchema>;

/** Absent, null or '' is "none" (a create's id, a cleared field); anything else is validated. */
const noneToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const isCreate = (userId: unknown) => userId === undefined;
/** Required when creating; when updating, absent keeps the stored value, but it can never be emptied. */
const requiredOnCreate = (field: yup.StringSchema<string | undefined>) =>
  field.when('id', {
    is: isCreate,
    then: (s) => s.required(required),
    otherwise: (s) => s.optional().test('filled', required, (v) => v === undefined || v.trim() !== ''),
  });

/**
 * POST /api/user/upsert as the API receives it, for every actor (the admin form, a coach, a member's
 * profile): `id` picks the user to update (absent, null or '' creates one); every other field is
 * optional on an update, where an absent field keeps its value. Which of the fields the actor may
 * change is the shared policy's `editableUserFields`; the others are validated here all the same
 * (bad input is a 400 for every role) and then dropped, never stored.
 */
export const userUpsertRequestSchema = yup.object({
  id: id()
    .optional()
    .transform((v: unknown, original: unknown) => (noneToUndefined(original) === undefined ? undefined : v)),
  fullName: requiredOnCreate(yup.string().trim().max(200)),
  email: requiredOnCreate(yup.string().trim().max(254, MESSAGES.invalidEmail).email(MESSAGES.invalidEmail)),
  ...userFields,
});
export type UserUpsertRequest = yup.InferType<typeof userUpsertRequestSchema>;

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
   * 'mine' (the viewer's own members, a coach or an admin) or a coach's id (admins
   * only); the shared coachFilterFor decides (docs/areas/review.md#a-members-coach).
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

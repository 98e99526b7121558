import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { BULK_ROLE_TARGETS, BULK_STATUS_ROLES } from '../policies/user-admin';
import { emailField } from './auth';
import { decimal } from './fields';

/** Bounds of the User Dashboard's bulk and file calls (docs/security.md "costly calls"). */
export const USER_ADMIN_LIMITS = {
  /** Users one upgrade-role call may change (a selection spans pages). */
  upgradeRoleMaxUsers: 1000,
  /** Emails one CSV validation or bulk update may name. */
  bulkMaxEmails: 10_000,
  /** Tags one bulk update or add-tags call may name. */
  maxTags: 1000,
  /** Size of an import file (CSV or .xlsx). */
  importMaxBytes: 5 * 1024 * 1024,
  /** Data rows of an import file. */
  importMaxRows: 10_000,
  /** Longest email we look up (RFC 5321 path limit plus slack). */
  emailMaxLength: 320,
} as const;

export const USER_ADMIN_FIELD_MESSAGES = {
  selectUsers: 'Select at least one user',
  tooManyUsers: `Select at most ${USER_ADMIN_LIMITS.upgradeRoleMaxUsers} users at a time`,
  chooseRole: 'Choose a role',
  needEmails: 'Upload a CSV with at least one email',
  tooManyEmails: `A CSV may list at most ${USER_ADMIN_LIMITS.bulkMaxEmails} emails`,
  chooseTags: 'Choose at least one tag',
  tooManyTags: `Choose at most ${USER_ADMIN_LIMITS.maxTags} tags`,
  nothingToDo: 'Choose tags to add or remove, or a status to set',
  badEmailCharacters: 'Emails cannot contain control characters',
} as const;

/** 'Updated N user(s) roles' (docs/errors.md). */
export function rolesUpdatedMessage(count: number): string {
  return MESSAGES.rolesUpdated.replace('{count}', String(count));
}

const m = USER_ADMIN_FIELD_MESSAGES;

/** Ids may come as numbers or as `{ id }` objects (the form's tag and user objects). */
const idsOf = (value: unknown): unknown =>
  Array.isArray(value) ? value.map((v: unknown) => (v && typeof v === 'object' && 'id' in v ? v.id : v)) : value;

const idList = () => yup.array(decimal().integer().positive().max(2_147_483_647).required()).transform(idsOf);

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** Emails as a CSV gave them: trimmed, empty cells dropped; matching is case-insensitive. */
const emailList = () =>
  yup
    .array(
      yup
        .string()
        .trim()
        .required()
        .max(USER_ADMIN_LIMITS.emailMaxLength)
        .matches(/^[^\u0000-\u001f]*$/, m.badEmailCharacters),
    )
    .transform((v: unknown) => (Array.isArray(v) ? v.filter((e) => !(typeof e === 'string' && e.trim() === '')) : v))
    .required(m.needEmails)
    .min(1, m.needEmails)
    .max(USER_ADMIN_LIMITS.bulkMaxEmails, m.tooManyEmails);

export const upgradeRoleSchema = yup.object({
  users: idList()
    .required(m.selectUsers)
    .min(1, m.selectUsers)
    .max(USER_ADMIN_LIMITS.upgradeRoleMaxUsers, m.tooManyUsers),
  newRole: yup
    .string()
    .required(m.chooseRole)
    .oneOf([...BULK_ROLE_TARGETS], m.chooseRole),
});
export type UpgradeRoleInput = yup.InferType<typeof upgradeRoleSchema>;

export const validateUsersCsvSchema = yup.object({ userEmails: emailList() });

export const bulkUpdateSchema = yup
  .object({
    userEmails: emailList(),
    tags: idList().max(USER_ADMIN_LIMITS.maxTags, m.tooManyTags).default([]),
    availableAction: yup.string().oneOf(['add', 'remove']).nullable().transform(emptyToNull).default(null),
    role: yup
      .string()
      .oneOf([...BULK_STATUS_ROLES])
      .nullable()
      .transform(emptyToNull)
      .default(null),
    /** The CSV's coach column, a coach's email per member ('' clears the coach; docs/areas/review.md#a-members-coach). */
    coaches: yup
      .array(
        yup.object({
          email: yup.string().trim().required().max(USER_ADMIN_LIMITS.emailMaxLength),
          coach: yup.string().trim().max(USER_ADMIN_LIMITS.emailMaxLength).default(''),
        }),
      )
      .max(USER_ADMIN_LIMITS.bulkMaxEmails, m.tooManyEmails)
      .default([]),
  })
  .test('tags-for-action', m.chooseTags, function check(value) {
    if (value.availableAction && value.tags.length === 0) {
      return this.createError({ path: 'tags', message: m.chooseTags });
    }
    if (!value.availableAction && !value.role && value.coaches.length === 0) {
      return this.createError({ path: 'availableAction', message: m.nothingToDo });
    }
    return true;
  });
export type BulkUpdateInput = yup.InferType<typeof bulkUpdateSchema>;

export const addTagsSchema = yup.object({
  email: emailField(),
  tags: idList().required(m.chooseTags).min(1, m.chooseTags).max(USER_ADMIN_LIMITS.maxTags, m.tooManyTags),
});

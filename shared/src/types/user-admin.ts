import type { Role } from '../limits';

/** POST /api/user/upgrade-role */
export interface UpgradeRoleBody {
  users: number[];
  newRole: Role;
}
export interface UpgradeRoleResponse {
  /** 'Updated N user(s) roles' */
  message: string;
  /** How many of the selected users now have newRole (already there counts too). */
  updated: number;
}

/** PUT /api/user/validate-users-csv: emails grouped as the bulk update report shows them. */
export interface ValidateUsersCsvResponse {
  /** Emails with no account (each once, as first written). */
  notFound: string[];
  /** Accounts found, by their stored email (each once). */
  found: string[];
  /** Emails that appear more than once in the CSV, case-insensitively (each once). */
  duplicates: string[];
}

/** docs/areas/users.md#data "Bulk CSV report", as the bulk update dialog keeps it. */
export interface BulkCsvReport {
  CSVFoundUsers: string[];
  CSVDuplicateUsers: string[];
  CSVNotFoundUsers: string[];
}

export type BulkTagAction = 'add' | 'remove';

/** PUT /api/user/bulk-update */
export interface BulkUpdateBody {
  userEmails: string[];
  /** Tag ids. */
  tags: number[];
  availableAction?: BulkTagAction | null;
  role?: 'basic' | 'premium' | null;
  /** The CSV's coach column ('' clears a member's coach; docs/areas/review.md#a-members-coach). */
  coaches?: Array<{ email: string; coach: string }>;
}
export interface BulkUpdateResponse {
  /** 'Updated users sucessfully' (sic, docs/errors.md) */
  message: string;
  /** Accounts the update reached. */
  updated: number;
  /** Emails with no account (left alone). */
  notFound: string[];
  /** Staff accounts (admin, coach) whose role a status change leaves alone. */
  roleUnchanged: string[];
}

/** POST /api/user/import */
export interface ImportUsersResponse {
  /** 'Users imported successfully' */
  message: string;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows skipped because their first column was empty. */
  skipped: number;
}

/** POST /api/v2/user/add-tags */
export interface AddTagsBody {
  email: string;
  /** Tag ids. */
  tags: number[];
}

/**
 * GET /api/v2/user/test-tools: which test-only helpers this server offers (a 404 in production,
 * where the UI then leaves their buttons out).
 */
export interface TestToolsResponse {
  addTags: boolean;
}

/**
 * The roles a board's lists play, decided here and nowhere else (docs/areas/board.md, "List roles").
 * A list plays a role by its name, compared without regard to case or surrounding white space: the
 * server's move, notifications and review queue, the SQL that does the same in the database
 * (`listNameKeySql`) and the UI all ask these functions.
 */

/** Lists every board keeps, in the product's order; they cannot be deleted or renamed. */
export const RESERVED_LIST_NAMES = [
  'NOT STARTED',
  'IN PROGRESS',
  'COMPLETED',
  'ON HOLD',
  'FOR REVIEW',
  'FUTURE ACTIONS',
  'PERSONAL NOTES',
] as const;
export type ReservedListName = (typeof RESERVED_LIST_NAMES)[number];

/** Each role and the reserved list that plays it. */
export const LIST_ROLES = {
  notStarted: 'NOT STARTED',
  inProgress: 'IN PROGRESS',
  completed: 'COMPLETED',
  onHold: 'ON HOLD',
  forReview: 'FOR REVIEW',
  futureActions: 'FUTURE ACTIONS',
  personalNotes: 'PERSONAL NOTES',
} as const satisfies Record<string, ReservedListName>;
export type ListRole = keyof typeof LIST_ROLES;

/** The reserved list a card waits in for its coach's review. */
export const REVIEW_LIST_NAME = LIST_ROLES.forReview;
/** Where a card waiting for review is sent on (the review queue's send). */
export const REVIEW_DESTINATIONS = [LIST_ROLES.inProgress, LIST_ROLES.completed] as const;
export type ReviewDestination = (typeof REVIEW_DESTINATIONS)[number];
/** The list whose cards count as done (the board's progress, the dashboard donut). */
export const COMPLETED_LIST_NAME = LIST_ROLES.completed;
/** A new card of 'Start this product' goes here. */
export const LAUNCH_LIST_NAME = LIST_ROLES.notStarted;

/** A list name as the roles compare it: trimmed, upper case. */
export function listNameKey(name: string): string {
  return name.trim().toUpperCase();
}

/**
 * The same comparison key in SQL, of a text `column`: white space trimmed at both ends (as
 * `String.prototype.trim` does for the names a board can hold), upper case.
 */
export function listNameKeySql(column: string): string {
  return `upper(regexp_replace(${column}, '^\\s+|\\s+$', '', 'g'))`;
}

/** The role of a list named `name`, or null for a list of the member's own. */
export function listRoleOf(name: string): ListRole | null {
  const key = listNameKey(name);
  const found = (Object.keys(LIST_ROLES) as ListRole[]).find((role) => LIST_ROLES[role] === key);
  return found ?? null;
}

/** Whether `name` is a reserved list (which cannot be renamed or deleted, nor taken by a new list). */
export function isReservedListName(name: string): boolean {
  return listRoleOf(name) !== null;
}

/** Whether `name` is the list a card waits in for review. */
export function isReviewList(name: string): boolean {
  return listRoleOf(name) === 'forReview';
}

/**
 * A list's name as people see it (docs/design.md, "Type": sentence case for list names): a
 * reserved list in sentence case ("For review", "Not started"), a list of the member's own as
 * they wrote it. Display only: the stored name and the roles above are unchanged.
 */
export function listDisplayName(name: string): string {
  const role = listRoleOf(name);
  if (role === null) return name;
  const canonical = LIST_ROLES[role];
  return canonical.charAt(0) + canonical.slice(1).toLowerCase();
}

/**
 * The guided first run of a new member's dashboard (docs/screens.md#getting-started): the steps their
 * role can take, each ticked from their own data, and whether they hid the checklist.
 */
export const FIRST_RUN_STEP_KEYS = ['lesson', 'qualifier', 'product', 'review'] as const;
export type FirstRunStepKey = (typeof FIRST_RUN_STEP_KEYS)[number];

export interface FirstRunStep {
  key: FirstRunStepKey;
  done: boolean;
  /** The in-app path where the step is done (the first lesson the member can open, the qualifier ...). */
  href: string;
}

/** GET and PUT /api/dashboard/first-run */
export interface FirstRunResponse {
  steps: FirstRunStep[];
  /** The member hid the checklist (stored per account). */
  dismissed: boolean;
}

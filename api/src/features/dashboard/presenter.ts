import { firstRunSteps, type Principal } from '@shared/policies';
import type { FirstRunResponse, FirstRunStepKey } from '@shared/types';
import type { FirstRunFacts } from './service';

/** Where each step is done; the lesson's is the first lesson the member can open. */
const STEP_PATHS: Record<Exclude<FirstRunStepKey, 'lesson'>, string> = {
  qualifier: '/product-qualifier',
  product: '/profit-calculator',
  review: '/move-the-needle',
};

/** The checklist as the API sends it: the role's steps in order, each with its fact and link. */
export function presentFirstRun(user: Principal, facts: FirstRunFacts): FirstRunResponse {
  return {
    steps: firstRunSteps(user).map((key) => ({
      key,
      done: facts.done[key],
      href: key === 'lesson' ? (facts.lessonPath ?? '/courses') : STEP_PATHS[key],
    })),
    dismissed: facts.dismissedAt !== null,
  };
}

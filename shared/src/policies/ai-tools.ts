import { RAINA_TAG } from '../limits';
import { hasTagNamed, isAdministrator, type Principal } from './principal';
import { findRoute, roleOrTagPasses } from './routes';

/** AI Toolkit actions, asked through can(). */
export type AiToolsAction = 'aiTools:use' | 'aiTools:chat-widget';

export function isAiToolsAction(action: string): action is AiToolsAction {
  return action === 'aiTools:use' || action === 'aiTools:chat-widget';
}

/**
 * - aiTools:use: the same rule as the /ai-toolkit routes (docs/areas/ai-toolkit.md#screens): admin, coach, or anyone with
 *   the aitoolkit tag. The sidebar shows the link to a subset of them (admin, coach, and basic or
 *   premium members with the tag), so everyone who sees the link, or is let onto the page, can
 *   load the tools.
 * - aiTools:chat-widget: the chat widget loads only for admins (role admin or isAdmin) or users
 *   with the tag named raina.
 */
export function canUseAiTools(user: Principal | null, action: AiToolsAction): boolean {
  if (!user) return false;
  if (action === 'aiTools:chat-widget') return isAdministrator(user) || hasTagNamed(user, RAINA_TAG);
  const route = findRoute('/ai-toolkit');
  return route !== null && roleOrTagPasses(user, route.rule);
}

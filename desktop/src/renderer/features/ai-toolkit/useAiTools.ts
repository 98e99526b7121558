import { MESSAGES } from '@shared/messages';
import { DEFAULT_AI_TOOLS } from '@shared/schemas/ai-tools';
import type { AiTool } from '@shared/types';
import { toApiError } from '../../lib/apiErrors';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { useGetAiToolsQuery } from './aiToolsApi';

export interface AiToolsState {
  tools: readonly AiTool[];
  isLoading: boolean;
  /** '{message}. Using default tools instead.' when the list could not be loaded, else null. */
  fallbackMessage: string | null;
}

/** docs/errors.md: a failed load shows its message and falls back to the built-in tools. */
export function fallbackMessage(error: unknown): string {
  const err = toApiError(error, MESSAGES.aiToolsFetchFailed);
  // Without an HTTP answer the reason is the same for the member: the tools could not be fetched.
  const message = err.status === null ? MESSAGES.aiToolsFetchFailed : err.message;
  return MESSAGES.usingDefaultTools.replace('{message}', message.replace(/[.\s]+$/, ''));
}

/** The AI tools for the signed-in user: the cached or fetched list, or the defaults after a failure. */
export function useAiTools(): AiToolsState {
  const user = useAppSelector(selectCurrentUser);
  const { data, error, isLoading } = useGetAiToolsQuery(user?.id ?? 0, { skip: !user });
  if (isLoading) return { tools: [], isLoading: true, fallbackMessage: null };
  if (error || !data)
    return { tools: DEFAULT_AI_TOOLS, isLoading: false, fallbackMessage: error ? fallbackMessage(error) : null };
  return { tools: data.tools, isLoading: false, fallbackMessage: null };
}

import type { AiChatWidget, AiChatWidgetResponse, AiTool, AiToolsResponse } from '@shared/types';
import { api } from '../../app/api';

/** docs/areas/ai-toolkit.md#behaviour: the AI tool list is cached in session storage (per user, for the browser tab's session). */
export const AI_TOOLS_STORAGE_KEY = 'portal.aiTools.v1';

const storageKey = (userId: number) => `${AI_TOOLS_STORAGE_KEY}:${userId}`;

function isTool(v: unknown): v is AiTool {
  if (!v || typeof v !== 'object') return false;
  const t = v as Partial<AiTool>;
  return (
    typeof t.slug === 'string' && typeof t.title === 'string' && typeof t.link === 'string' && Array.isArray(t.tags)
  );
}

/** The cached list, or null when there is none (or it is not a list we wrote). */
export function readCachedAiTools(userId: number): AiToolsResponse | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<AiToolsResponse>;
    if (!Array.isArray(parsed.tools) || !parsed.tools.every(isTool)) return null;
    return {
      tools: parsed.tools,
      source: parsed.source === 'default' ? 'default' : 'feed',
      fetchedAt: parsed.fetchedAt ?? null,
    };
  } catch {
    return null; // storage disabled or corrupt: ask the API
  }
}

function writeCachedAiTools(userId: number, list: AiToolsResponse): void {
  try {
    window.sessionStorage.setItem(storageKey(userId), JSON.stringify(list));
  } catch {
    // quota or storage disabled: the list simply is not cached
  }
}

export const aiToolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/ai-tools through the session-storage cache; failures are not cached. Arg: the user's id. */
    getAiTools: build.query<AiToolsResponse, number>({
      async queryFn(userId, _api, _extra, baseQuery) {
        const cached = readCachedAiTools(userId);
        if (cached) return { data: cached };
        const res = await baseQuery('/api/ai-tools');
        if (res.error) return { error: res.error };
        const list = res.data as AiToolsResponse;
        writeCachedAiTools(userId, list);
        return { data: list };
      },
      providesTags: [{ type: 'AiTools', id: 'LIST' }],
    }),
    /** The raina chat widget (admins and members tagged raina). */
    getChatWidget: build.query<AiChatWidget | null, void>({
      query: () => '/api/ai-tools/chat-widget',
      transformResponse: (res: AiChatWidgetResponse) => res.widget,
      providesTags: [{ type: 'AiTools', id: 'WIDGET' }],
    }),
  }),
});

export const { useGetAiToolsQuery, useGetChatWidgetQuery } = aiToolsApi;

import type {
  Activity,
  ArchivedCard,
  Attachment,
  BoardPerson,
  BoardResponse,
  BoardSummary,
  Card,
  CardHistoryEntry,
  CheckList,
  CheckListItem,
  DueSoonResponse,
  Label,
  LabelColor,
  MtnList,
} from '@shared/types/board';
import { api } from '../../app/api';
import { moveCardInBoard, moveListInBoard } from './boardMoves';
import { pendingTicksOf } from './pendingTicks';

const BASE = '/api/move-the-needle';

/** Which cached board a mutation is about: the route's user id, or undefined for the own board. */
export interface OnBoard {
  board: number | undefined;
}

export interface ReorderCardArgs extends OnBoard {
  ListId: number;
  cardId: number;
  startPosition: number;
  endPosition: number;
}

export interface MoveCardArgs extends OnBoard {
  cardId: number;
  sourceListId: number;
  destListId: number;
  positionOnSourceList: number;
  positionOnDestList: number;
}

export interface ListUpsertArgs extends Partial<OnBoard> {
  id?: number;
  name: string;
  position?: number;
  userId?: number;
}

export interface CardUpsertArgs {
  id?: number;
  title?: string;
  description?: string;
  ListId?: number;
  coverPhotoUrl?: string | null;
  /** ISO 8601 (UTC), or null to clear the due date. */
  dueAt?: string | null;
}

const strip = <T extends object>(args: T & Partial<OnBoard>): Omit<T, 'board'> => {
  const { board: _board, ...body } = args;
  return body;
};

/** Ticks (or unticks) checklist item `itemId` in a cached card. */
function setItemCompleted(card: Card, itemId: number, completed: boolean): void {
  for (const list of card.CheckLists) {
    const item = list.CheckListItems.find((i) => i.id === itemId);
    if (item) item.completed = completed;
  }
}

/** Every Move the Needle call of docs/areas/board.md#api. Card and list moves are optimistic (undone on failure). */
export const boardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBoard: build.query<BoardResponse, number | undefined>({
      query: (userId) => ({ url: `${BASE}/list/read-many`, params: userId ? { userId } : undefined }),
      providesTags: ['Board'],
    }),
    getBoardSummary: build.query<BoardSummary, void>({
      query: () => `${BASE}/summary`,
      transformResponse: (res: { summary: BoardSummary }) => res.summary,
      providesTags: ['BoardSummary'],
    }),
    /** The dashboard's "Due soon" (own board): refreshed with the summary after every card change. */
    getDueSoon: build.query<DueSoonResponse, void>({
      query: () => `${BASE}/due-soon`,
      providesTags: ['BoardSummary'],
    }),
    getCard: build.query<Card, number>({
      query: (id) => `${BASE}/card/${id}`,
      transformResponse: (res: { card: Card }) => res.card,
      providesTags: (_r, _e, id) => [{ type: 'BoardCard', id }],
      /** A read that raced a checklist tick keeps the tick (see pendingTicks.ts). */
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const ticks = pendingTicksOf(dispatch);
        const startedAt = ticks.readStarted();
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        const keep = ticks.readDone(id, startedAt);
        if (keep.size === 0) return;
        dispatch(
          boardApi.util.updateQueryData('getCard', id, (card) => {
            for (const [itemId, completed] of keep) setItemCompleted(card, itemId, completed);
          }),
        );
      },
    }),
    /** The card's history (docs/areas/card-history.md), read when its dialog opens; refreshed with the card. */
    getCardHistory: build.query<CardHistoryEntry[], number>({
      query: (id) => `${BASE}/card/${id}/history`,
      transformResponse: (res: { entries: CardHistoryEntry[] }) => res.entries,
      providesTags: (_r, _e, id) => [{ type: 'BoardCard', id }],
    }),
    getLabels: build.query<Label[], number>({
      query: (userId) => ({ url: `${BASE}/label/read-many`, params: { userId } }),
      transformResponse: (res: { labels: Label[] }) => res.labels,
      providesTags: ['Label'],
    }),
    getCoaches: build.query<BoardPerson[], void>({
      query: () => `${BASE}/coaches`,
      transformResponse: (res: { coaches: BoardPerson[] }) => res.coaches,
    }),

    upsertList: build.mutation<{ list: MtnList; isNew: boolean }, ListUpsertArgs>({
      query: (args) => ({ url: `${BASE}/list/upsert`, method: 'POST', body: strip(args) }),
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        if (args.id === undefined || args.position === undefined) return;
        const patch = dispatch(
          boardApi.util.updateQueryData('getBoard', args.board, (draft) =>
            moveListInBoard(draft, args.id!, args.position!),
          ),
        );
        queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, args) => (args.id !== undefined && args.position !== undefined ? [] : ['Board']),
    }),
    deleteList: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: `${BASE}/list/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Board', 'BoardSummary'],
    }),
    reorderCard: build.mutation<{ success: boolean }, ReorderCardArgs>({
      query: (args) => ({ url: `${BASE}/card/reorder`, method: 'POST', body: strip(args) }),
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          boardApi.util.updateQueryData('getBoard', args.board, (draft) =>
            moveCardInBoard(draft, args.cardId, args.ListId, args.endPosition),
          ),
        );
        queryFulfilled.catch(() => patch.undo());
      },
    }),
    moveCard: build.mutation<{ success: boolean }, MoveCardArgs>({
      query: (args) => ({ url: `${BASE}/card/move`, method: 'POST', body: strip(args) }),
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          boardApi.util.updateQueryData('getBoard', args.board, (draft) =>
            moveCardInBoard(draft, args.cardId, args.destListId, args.positionOnDestList),
          ),
        );
        queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, args) => [{ type: 'BoardCard', id: args.cardId }, 'BoardSummary'],
    }),
    upsertCard: build.mutation<{ card: Card; isNew: boolean }, CardUpsertArgs>({
      query: (body) => ({ url: `${BASE}/card/upsert`, method: 'POST', body }),
      invalidatesTags: (res) => [
        'Board',
        'BoardSummary',
        ...(res ? [{ type: 'BoardCard' as const, id: res.card.id }] : []),
      ],
    }),
    deleteCard: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: `${BASE}/card/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Board', 'BoardSummary'],
    }),
    /** Archive (never delete) a card; it leaves the board until restored from the archive view. */
    archiveCard: build.mutation<{ success: boolean; id: number }, number>({
      query: (id) => ({ url: `${BASE}/card/archive`, method: 'POST', body: { id } }),
      invalidatesTags: (_r, _e, id) => ['Board', 'BoardSummary', 'BoardArchive', { type: 'BoardCard', id }],
    }),
    restoreCard: build.mutation<{ success: boolean; card: Card }, number>({
      query: (id) => ({ url: `${BASE}/card/restore`, method: 'POST', body: { id } }),
      invalidatesTags: (_r, _e, id) => ['Board', 'BoardSummary', 'BoardArchive', { type: 'BoardCard', id }],
    }),
    getArchivedCards: build.query<ArchivedCard[], number | undefined>({
      query: (ownerId) => ({ url: `${BASE}/card/archive/read-many`, params: ownerId ? { ownerId } : undefined }),
      transformResponse: (res: { cards: ArchivedCard[] }) => res.cards,
      providesTags: ['BoardArchive'],
    }),
    resetBoard: build.mutation<{ success: boolean }, { id?: number }>({
      query: (body) => ({ url: `${BASE}/reset`, method: 'PUT', body }),
      invalidatesTags: ['Board', 'BoardSummary', 'BoardCard', 'Label', 'BoardArchive'],
    }),

    upsertLabel: build.mutation<
      { label: Label; isNew: boolean },
      { id?: number; name: string; color: LabelColor; userId?: number }
    >({
      query: (body) => ({ url: `${BASE}/label/upsert`, method: 'POST', body }),
      invalidatesTags: ['Label', 'Board', 'BoardCard'],
    }),
    deleteLabel: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: `${BASE}/label/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Label', 'Board', 'BoardCard'],
    }),
    addLabel: build.mutation<{ success: boolean }, { LabelId: number; CardId: number }>({
      query: (body) => ({ url: `${BASE}/label/add`, method: 'POST', body }),
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),
    removeLabel: build.mutation<{ success: boolean }, { LabelId: number; CardId: number }>({
      query: (body) => ({ url: `${BASE}/label/remove`, method: 'POST', body }),
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),

    upsertAttachment: build.mutation<
      { attachment: Attachment; isNew: boolean },
      { id?: number; fileUrl?: string; fileName: string; CardId: number }
    >({
      query: (body) => ({ url: `${BASE}/attachment/upsert`, method: 'POST', body }),
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),
    deleteAttachment: build.mutation<{ success: boolean }, { id: number; CardId: number }>({
      query: ({ id }) => ({ url: `${BASE}/attachment/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),

    upsertActivity: build.mutation<
      { activity: Activity; isNew: boolean },
      { id?: number; comment: string; CardId: number; mentionedUsers: number[] }
    >({
      query: (body) => ({ url: `${BASE}/activity/upsert`, method: 'POST', body }),
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),
    deleteActivity: build.mutation<{ success: boolean }, { id: number; CardId: number }>({
      query: ({ id }) => ({ url: `${BASE}/activity/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),

    upsertCheckList: build.mutation<
      { checkList: CheckList; isNew: boolean },
      { id?: number; title: string; CardId: number }
    >({
      query: (body) => ({ url: `${BASE}/checkList/upsert`, method: 'POST', body }),
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),
    deleteCheckList: build.mutation<{ success: boolean }, { id: number; CardId: number }>({
      query: ({ id }) => ({ url: `${BASE}/checkList`, method: 'DELETE', body: { id } }),
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),
    upsertCheckListItem: build.mutation<
      { checkListItem: CheckListItem; isNew: boolean },
      { id?: number; title?: string; completed?: boolean; CheckListId: number; CardId: number }
    >({
      query: ({ CardId: _card, ...body }) => ({
        url: `${BASE}/checkListItem/upsert`,
        method: 'POST',
        body: body.id ? { id: body.id, title: body.title, completed: body.completed } : body,
      }),
      /** Ticking an item shows at once and stays through reads that raced it; undone if the server refuses. */
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        if (args.id === undefined || args.completed === undefined) return;
        const { id, completed } = args;
        const ticks = pendingTicksOf(dispatch);
        ticks.start(args.CardId, id, completed);
        const patch = dispatch(
          boardApi.util.updateQueryData('getCard', args.CardId, (card) => setItemCompleted(card, id, completed)),
        );
        try {
          await queryFulfilled;
          ticks.confirm(id, completed);
        } catch {
          ticks.fail(id, completed);
          patch.undo();
        }
      },
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),
    deleteCheckListItem: build.mutation<{ success: boolean }, { id: number; CardId: number }>({
      query: ({ id }) => ({ url: `${BASE}/checkListItem`, method: 'DELETE', body: { id } }),
      invalidatesTags: (_r, _e, b) => ['Board', { type: 'BoardCard', id: b.CardId }],
    }),
  }),
});

export const {
  useGetBoardQuery,
  useGetBoardSummaryQuery,
  useGetDueSoonQuery,
  useGetCardQuery,
  useGetCardHistoryQuery,
  useGetLabelsQuery,
  useGetCoachesQuery,
  useUpsertListMutation,
  useDeleteListMutation,
  useReorderCardMutation,
  useMoveCardMutation,
  useUpsertCardMutation,
  useDeleteCardMutation,
  useArchiveCardMutation,
  useRestoreCardMutation,
  useGetArchivedCardsQuery,
  useResetBoardMutation,
  useUpsertLabelMutation,
  useDeleteLabelMutation,
  useAddLabelMutation,
  useRemoveLabelMutation,
  useUpsertAttachmentMutation,
  useDeleteAttachmentMutation,
  useUpsertActivityMutation,
  useDeleteActivityMutation,
  useUpsertCheckListMutation,
  useDeleteCheckListMutation,
  useUpsertCheckListItemMutation,
  useDeleteCheckListItemMutation,
} = boardApi;

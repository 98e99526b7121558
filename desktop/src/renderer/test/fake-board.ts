import type {
  ArchivedCard,
  BoardCard,
  BoardResponse,
  Card,
  CardHistoryEntry,
  DueSoonResponse,
  Label,
} from '@shared/types/board';
import { mockFetch, type MockResponse } from './render';

/** A card of the fake board; `extra` fills the dialog's details. */
export function fakeCard(id: number, ListId: number, position: number, title = `Card ${id}`): BoardCard {
  return {
    id,
    title,
    ListId,
    position,
    coverPhotoUrl: null,
    dueAt: null,
    hasDescription: false,
    Labels: [],
    attachmentsCount: 0,
    checkListItemsCount: 0,
    checkListItemsCompleted: 0,
    activitiesCount: 0,
    reviewSince: null,
  };
}

export function fakeBoard(over: Partial<BoardResponse['board']> = {}): BoardResponse {
  const names = [
    'NOT STARTED',
    'IN PROGRESS',
    'COMPLETED',
    'ON HOLD',
    'FOR REVIEW',
    'FUTURE ACTIONS',
    'PERSONAL NOTES',
  ];
  return {
    board: {
      userId: 7,
      ownerName: 'Dana Rivers',
      ownerPhotoUrl: null,
      ownerRole: 'premium',
      isTemplate: false,
      ...over,
    },
    labels: [{ id: 1, name: 'Priority', color: 'red-200', userId: 7 }],
    lists: names.map((name, i) => ({
      id: 10 + i,
      name,
      position: i,
      userId: 7,
      Cards:
        i === 0
          ? [
              {
                ...fakeCard(100, 10, 0, 'Pick a niche'),
                Labels: [{ id: 1, name: 'Priority', color: 'red-200', userId: 7 }],
                checkListItemsCount: 3,
                checkListItemsCompleted: 1,
              },
              fakeCard(101, 10, 1, 'Set a goal'),
            ]
          : i === 2
            ? [fakeCard(102, 12, 0, 'Join the group')]
            : [],
    })),
  };
}

export function fakeDetail(card: BoardCard, board: BoardResponse, over: Partial<Card> = {}): Card {
  return {
    id: card.id,
    title: card.title,
    description: '',
    ListId: card.ListId,
    listName: board.lists.find((l) => l.id === card.ListId)?.name ?? '',
    position: card.position,
    coverPhotoUrl: card.coverPhotoUrl,
    dueAt: card.dueAt,
    userId: board.board.userId,
    Labels: card.Labels,
    Attachments: [],
    CheckLists: [],
    Activities: [],
    ...over,
  };
}

export interface FakeServerOptions {
  board?: BoardResponse;
  details?: Record<number, Partial<Card>>;
  labels?: Label[];
  /** Answer a call yourself (return undefined to let the fake answer). */
  override?: (req: { method: string; path: string; body: unknown }) => MockResponse | undefined;
  /** The board's archived cards (GET card/archive/read-many); restore takes one out. */
  archived?: ArchivedCard[];
  /** Each card's history (GET card/{id}/history); none by default. */
  history?: Record<number, CardHistoryEntry[]>;
  /** The dashboard's "Due soon" (GET due-soon); nothing due by default. */
  dueSoon?: DueSoonResponse;
}

/** A Move the Needle API in memory, enough for the screens' tests. Returns the calls made. */
export function fakeBoardServer(opts: FakeServerOptions = {}) {
  const board = opts.board ?? fakeBoard();
  let labels = opts.labels ?? board.labels;
  let archived = opts.archived ?? [];
  const detail = (id: number) => {
    const card = board.lists.flatMap((l) => l.Cards).find((c) => c.id === id);
    return card ? fakeDetail(card, board, opts.details?.[id]) : null;
  };
  const calls = mockFetch((req) => {
    const custom = opts.override?.(req);
    if (custom) return custom;
    const { method, path } = req;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const base = '/api/move-the-needle';
    if (path === `${base}/list/read-many`) return { body: { ...board, labels } };
    if (path === `${base}/summary`)
      return {
        body: {
          summary: {
            userId: 7,
            counts: { 'NOT STARTED': 2, 'IN PROGRESS': 0, 'ON HOLD': 0, COMPLETED: 1 },
            total: 3,
            progress: 33,
          },
        },
      };
    if (path === `${base}/due-soon`) return { body: opts.dueSoon ?? { cards: [], overdue: 0 } };
    if (path === `${base}/coaches`) return { body: { coaches: [{ id: 3, fullName: 'Cole Coach', photoUrl: null }] } };
    if (path === `${base}/label/read-many`) return { body: { labels } };
    if (path === `${base}/card/archive/read-many`) return { body: { cards: archived } };
    if (path === `${base}/card/restore`) {
      archived = archived.filter((c) => c.id !== body.id);
      return { body: { success: true, message: 'Card restored' } };
    }
    const historyOf = /^\/api\/move-the-needle\/card\/(\d+)\/history$/.exec(path);
    if (method === 'GET' && historyOf) return { body: { entries: opts.history?.[Number(historyOf[1])] ?? [] } };
    if (method === 'GET' && path.startsWith(`${base}/card/`)) {
      const card = detail(Number(path.split('/').pop()));
      return card
        ? { body: { card } }
        : { status: 404, body: { error: { code: 'not_found', message: 'Card not found' } } };
    }
    if (path === `${base}/card/upsert`) {
      const id = (body.id as number | undefined) ?? 999;
      const card = detail(id) ?? fakeDetail(fakeCard(id, body.ListId as number, 0, body.title as string), board);
      return { body: { card: { ...card, ...body }, isNew: !body.id } };
    }
    if (path === `${base}/label/upsert`) {
      const label = {
        id: (body.id as number | undefined) ?? 50 + labels.length,
        name: body.name,
        color: body.color,
        userId: 7,
      } as Label;
      labels = body.id ? labels.map((l) => (l.id === body.id ? label : l)) : [...labels, label];
      return { body: { label, isNew: !body.id } };
    }
    if (path === `${base}/list/upsert`) {
      return {
        body: {
          list: { id: (body.id as number | undefined) ?? 77, name: body.name, position: 7, userId: 7 },
          isNew: !body.id,
        },
      };
    }
    if (
      path === `${base}/reset` ||
      path.startsWith(`${base}/list/`) ||
      path.startsWith(`${base}/card/`) ||
      path.startsWith(`${base}/label/`)
    ) {
      return { body: { success: true } };
    }
    if (path === `${base}/activity/upsert`) {
      return {
        body: {
          activity: {
            id: 1,
            comment: body.comment,
            CardId: body.CardId,
            User: null,
            TaggedUsers: [],
            createdAt: new Date().toISOString(),
          },
          isNew: true,
        },
      };
    }
    return undefined;
  });
  return { calls, board };
}

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listDisplayName } from '@shared/board/list-roles';
import { MESSAGES } from '@shared/messages';
import { LABEL_COLORS, type Label } from '@shared/types/board';
import { makeUser } from '../../../test/fixtures';
import { platform } from '../../../test/platformMock';
import { renderApp } from '../../../test/render';
import { fakeBoardServer } from '../../../test/fake-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const premium = () => makeUser({ role: 'premium', id: 7, fullName: 'Dana Rivers' });
const XSS =
  '<img src=x onerror="window.__xss=1"> [click](javascript:window.__xss=2) <script>window.__xss=3</script> **bold**';

async function openCard(id = 100, user = premium()) {
  renderApp(`/move-the-needle?card=${id}`, user);
  // The dialog's chunk (markdown and all) loads lazily: the first time takes a moment.
  return screen.findByRole('dialog', { name: id === 100 ? 'Pick a niche' : /.+/ }, { timeout: 20_000 });
}

describe('the card dialog', () => {
  it('shows every section: title, list, labels, description, attachments, checklists, activity, actions', async () => {
    fakeBoardServer({ details: { 100: { description: '# Plan\n- one' } } });
    const dialog = await openCard();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Card Title').value).toBe('Pick a niche');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('In List').selectedOptions[0]!.textContent).toBe(
      'NOT STARTED',
    );
    expect(within(within(dialog).getByRole('list', { name: 'Labels' })).getByText('Priority')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Plan' })).toBeTruthy();
    for (const name of ['Attachments', 'Activity', 'Add to Card', 'Actions'])
      expect(within(dialog).getByRole('heading', { name })).toBeTruthy();
    for (const name of ['From Computer', 'Checklist', 'Labels', 'Mention a coach'])
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Delete card' })).toBeNull();
  });

  it('renders markdown without raw HTML or javascript: links', async () => {
    (window as unknown as { __xss?: number }).__xss = undefined;
    fakeBoardServer({
      details: {
        100: {
          description: XSS,
          CheckLists: [
            {
              id: 5,
              title: 'Steps',
              CardId: 100,
              CheckListItems: [{ id: 6, title: XSS, completed: false, CheckListId: 5 }],
            },
          ],
          Activities: [
            {
              id: 9,
              comment: XSS,
              CardId: 100,
              User: { id: 3, fullName: 'Cole Coach', photoUrl: null },
              TaggedUsers: [],
              createdAt: '2026-01-01T00:00:00Z',
            },
          ],
        },
      },
    });
    const dialog = await openCard();
    await within(dialog).findByRole('list', { name: 'Comments and history' });
    expect(dialog.querySelector('script, img[src="x"], [onerror]')).toBeNull();
    for (const a of Array.from(dialog.querySelectorAll('a')))
      expect(a.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect(within(dialog).getAllByText('bold').length).toBe(3);
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it("saves a changed title when it closes, with 'Card updated', and nothing when unchanged", async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    let dialog = await openCard();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(calls.some((c) => c.path.endsWith('/card/upsert'))).toBe(false);
    cleanup();
    dialog = await openCard();
    const title = within(dialog).getByLabelText('Card Title');
    await user.clear(title);
    await user.type(title, 'Pick the niche');
    await user.keyboard('{Escape}');
    expect(await screen.findByText(MESSAGES.cardUpdated)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/card/upsert'))?.body).toEqual({
      id: 100,
      title: 'Pick the niche',
      description: '',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The header's close button saves and closes the same way.
    cleanup();
    dialog = await openCard();
    await user.type(within(dialog).getByLabelText('Card Title'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Close card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/card/upsert')).map((c) => c.body)).toContainEqual({
        id: 100,
        title: 'Pick a niche!',
        description: '',
      }),
    );
  });

  it('opens with focus on the dialog itself: a stray key edits nothing, Tab reaches the controls', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    const dialog = await openCard();
    const title = within(dialog).getByLabelText<HTMLTextAreaElement>('Card Title');
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    await user.keyboard('x');
    expect(title.value).toBe('Pick a niche');
    // First the header's close button (always in view, above the scrolling body), then the title.
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close card' }));
    await user.tab();
    expect(document.activeElement).toBe(title);
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Enter ends the edit instead of adding a line; the title stays one line of text.
    await user.click(title);
    await user.keyboard('{End} now{Enter}');
    expect(title.value).toBe('Pick a niche now');
    expect(document.activeElement).not.toBe(title);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/card/upsert'))?.body).toMatchObject({ title: 'Pick a niche now' }),
    );
  });

  it('sends a comment on Enter (not Shift+Enter), never an empty one, with the mentioned coaches', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    const dialog = await openCard();
    const box = within(dialog).getByLabelText('Write a comment');
    await user.click(box);
    await user.keyboard('{Enter}');
    await user.type(box, '   {Enter}');
    expect(calls.some((c) => c.path.endsWith('/activity/upsert'))).toBe(false);
    await user.clear(box);
    // "@co" opens the people who may be mentioned; Enter takes the highlighted one, not the comment.
    await user.type(box, 'Hi @co');
    const people = await within(dialog).findByRole('listbox', { name: 'Coaches to mention' });
    expect(within(people).getByRole('option', { name: 'Cole Coach' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('Hi @Cole Coach ');
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}Line two');
    expect(calls.some((c) => c.path.endsWith('/activity/upsert'))).toBe(false);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MESSAGES.commentAdded)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/activity/upsert'))?.body).toEqual({
      comment: 'Hi @Cole Coach line one\nLine two',
      CardId: 100,
      mentionedUsers: [3],
    });
  });

  it('"Mention a coach" writes the "@" and opens the list; Escape closes the list, not the dialog; a deleted mention is not sent', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    const dialog = await openCard();
    const box = within(dialog).getByLabelText<HTMLTextAreaElement>('Write a comment');
    await user.type(box, 'Look');
    await user.click(within(dialog).getByRole('button', { name: 'Mention a coach' }));
    expect(box.value).toBe('Look @');
    expect(await within(dialog).findByRole('option', { name: 'Cole Coach' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.type(box, 'c');
    await user.click(await within(dialog).findByRole('option', { name: 'Cole Coach' }));
    expect(box.value).toBe('Look @Cole Coach ');
    expect(within(dialog).getByText(/Mentioning @Cole Coach/)).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'No one after all{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/activity/upsert'))?.body).toEqual({
        comment: 'No one after all',
        CardId: 100,
        mentionedUsers: [],
      }),
    );
  });

  it('uploads an image From Computer and attaches it, and reports a wrong file before sending', async () => {
    const { calls } = fakeBoardServer({
      override: ({ path, body }) => {
        if (path.endsWith('/upload'))
          return { status: 201, body: { latestUploadedFileUrl: '/uploads/abcdef0123.png' } };
        if (path.endsWith('/attachment/upsert')) {
          return {
            body: { attachment: { id: 4, ...(body as object), createdAt: '2026-01-01T00:00:00Z' }, isNew: true },
          };
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    const dialog = await openCard();
    platform.pickFile.mockResolvedValueOnce(new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'From Computer' }));
    expect(await within(dialog).findByText(MESSAGES.unsupportedImage)).toBeTruthy();
    platform.pickFile.mockResolvedValueOnce(
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shop.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'From Computer' }));
    expect(await screen.findByText(MESSAGES.attachmentAdded)).toBeTruthy();
    expect(platform.pickFile).toHaveBeenCalledWith('image');
    expect(calls.find((c) => c.path.endsWith('/attachment/upsert'))?.body).toEqual({
      fileUrl: '/uploads/abcdef0123.png',
      fileName: 'shop.png',
      CardId: 100,
    });
  });

  it("labels its checklists' progress 'Checklist in progress' or 'Checklist completed'", async () => {
    fakeBoardServer({
      details: {
        100: {
          CheckLists: [
            {
              id: 5,
              title: 'Half',
              CardId: 100,
              CheckListItems: [
                { id: 6, title: 'a', completed: true, CheckListId: 5 },
                { id: 7, title: 'b', completed: false, CheckListId: 5 },
              ],
            },
            {
              id: 8,
              title: 'Done',
              CardId: 100,
              CheckListItems: [{ id: 9, title: 'c', completed: true, CheckListId: 8 }],
            },
          ],
        },
      },
    });
    const dialog = await openCard();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Half: Checklist in progress' }).getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(
      within(dialog).getByRole('progressbar', { name: 'Done: Checklist completed' }).getAttribute('aria-valuenow'),
    ).toBe('100');
  });

  it("moves with In List at once, and a second choice starts from the card's new list before any answer", async () => {
    // The server moves the card when asked but holds its answer: the dialog's own copy of the card
    // (read again only after a move is answered) still says NOT STARTED meanwhile.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const server = fakeBoardServer({
      override: ({ path, body }) => {
        if (!path.endsWith('/card/move')) return undefined;
        const { cardId, sourceListId, destListId } = body as {
          cardId: number;
          sourceListId: number;
          destListId: number;
        };
        const source = server.board.lists.find((l) => l.id === sourceListId)!;
        const card = source.Cards.find((c) => c.id === cardId)!;
        source.Cards = source.Cards.filter((c) => c !== card);
        server.board.lists.find((l) => l.id === destListId)!.Cards.push({ ...card, ListId: destListId });
        return { wait: held, body: { success: true } };
      },
    });
    const user = userEvent.setup();
    const dialog = await openCard();
    const select = within(dialog).getByLabelText<HTMLSelectElement>('In List');
    // The lists' headings show the names in sentence case (listDisplayName); the select keeps the stored ones.
    const column = (name: string) => screen.getByRole('region', { name: listDisplayName(name) });
    await user.selectOptions(select, 'IN PROGRESS');
    // The board and the select re-render together, from the same (optimistically moved) board.
    await within(column('IN PROGRESS')).findByText('Pick a niche');
    expect(select.selectedOptions[0]!.textContent).toBe('IN PROGRESS');
    // Changed mind before the server answered: back to NOT STARTED, from IN PROGRESS.
    await user.selectOptions(select, 'NOT STARTED');
    await within(column('NOT STARTED')).findByText('Pick a niche');
    expect(select.selectedOptions[0]!.textContent).toBe('NOT STARTED');
    const moves = server.calls.filter((c) => c.path.endsWith('/card/move')).map((c) => c.body);
    expect(moves).toEqual([
      { cardId: 100, sourceListId: 10, destListId: 11, positionOnSourceList: 0, positionOnDestList: 0 },
      { cardId: 100, sourceListId: 11, destListId: 10, positionOnSourceList: 0, positionOnDestList: 1 },
    ]);
    answer();
    // Once answered, the card is read again and agrees with the board.
    await waitFor(() => expect(server.calls.filter((c) => c.path.endsWith('/card/100')).length).toBeGreaterThan(1));
    expect(within(column('NOT STARTED')).getByText('Pick a niche')).toBeTruthy();
    expect(select.selectedOptions[0]!.textContent).toBe('NOT STARTED');
  });

  it('lets an admin delete the card after confirmation', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    const dialog = await openCard(100, makeUser({ role: 'admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete card?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete card?' })).getByRole('button', { name: 'Yes, delete' }),
    );
    expect(await screen.findByText(MESSAGES.cardRemoved)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/card/100'))).toBe(true);
  });
});

describe('archive (docs/areas/board.md#behaviour)', () => {
  it('lets a member archive a card of their own board (no Delete), and the dialog closes', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    const dialog = await openCard();
    expect(within(dialog).queryByRole('button', { name: 'Delete card' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Archive card' }));
    expect(await screen.findByText(MESSAGES.cardArchived)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/card/archive'))?.body).toEqual({ id: 100 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pick a niche' })).toBeNull());
  });

  it('lists the archived cards, with loading and empty states, and restores one', async () => {
    const { calls } = fakeBoardServer({
      archived: [
        { id: 501, title: 'Wrong card', archivedAt: '2026-01-02T10:00:00.000Z', ListId: 1, listName: 'NOT STARTED' },
        { id: 502, title: 'Old list card', archivedAt: '2026-01-01T10:00:00.000Z', ListId: null, listName: null },
      ],
    });
    const user = userEvent.setup();
    renderApp('/move-the-needle', premium());
    await user.click(await screen.findByRole('button', { name: 'Archived cards' }));
    const view = screen.getByRole('dialog', { name: 'Archived cards' });
    const list = await within(view).findByRole('list', { name: 'Archived cards' });
    expect(within(list).getByText(/From NOT STARTED/)).toBeTruthy();
    expect(within(list).getByText(/restores to the first list/)).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Restore Wrong card' }));
    expect(await screen.findByText(MESSAGES.cardRestored)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/card/restore'))?.body).toEqual({ id: 501 });
    await waitFor(() => expect(within(view).queryByText('Wrong card')).toBeNull());
    await user.click(within(view).getByRole('button', { name: 'Restore Old list card' }));
    expect(await within(view).findByText('No archived cards.')).toBeTruthy();
  });
});

describe('labels', () => {
  it('offers only unused colours, needs a colour to create, and hides Create at 10 labels', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    const dialog = await openCard();
    await user.click(within(dialog).getByRole('button', { name: 'Labels' }));
    const labels = await screen.findByRole('dialog', { name: 'Labels' });
    // The dialog opens on 'Loading labels…' while the owner's labels are read.
    await user.click(await within(labels).findByRole('button', { name: 'Create a new label' }));
    const form = screen.getByRole('dialog', { name: 'Create a label' });
    expect(within(form).queryByRole('radio', { name: 'Red' })).toBeNull(); // used by 'Priority'
    expect(within(form).getAllByRole('radio')).toHaveLength(9);
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(true);
    await user.type(within(form).getByLabelText('Name (optional)'), 'Research');
    await user.click(within(form).getByRole('radio', { name: 'Blue' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MESSAGES.labelUpdated)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/label/upsert'))?.body).toEqual({
      userId: 7,
      name: 'Research',
      color: 'blue-200',
    });
    cleanup();

    const ten: Label[] = LABEL_COLORS.map((color, i) => ({ id: i + 1, name: `L${i}`, color, userId: 7 }));
    fakeBoardServer({ labels: ten });
    const again = await openCard();
    await user.click(within(again).getByRole('button', { name: 'Labels' }));
    const full = await screen.findByRole('dialog', { name: 'Labels' });
    await within(full).findByText('L9');
    expect(within(full).queryByRole('button', { name: 'Create a new label' })).toBeNull();
  });

  it("toggles a label on the card ('Added label', 'Removed label from card')", async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    const dialog = await openCard();
    await user.click(within(dialog).getByRole('button', { name: 'Labels' }));
    const box = await screen.findByRole('checkbox', { name: 'Priority label on this card' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    expect(await screen.findByText(MESSAGES.labelRemoved)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/label/remove'))?.body).toEqual({ LabelId: 1, CardId: 100 });
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/card/100') && c.method === 'GET')).toBe(true));
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { author, fakeCommunityServer, makePost, makeSpace } from '../../test/fake-community';
import { mentionedIds } from './MentionTextarea';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SPACES = [makeSpace({ id: 1, name: 'Wins' }), makeSpace({ id: 2, name: 'Questions' })];
const member = () => makeUser({ id: 7, role: 'premium', fullName: 'Dana Rivers' });
const CORA = author(70, 'Cora Coach');
const COREY = author(71, 'Corey Lane');
const BO = author(72, 'Bo Adams');
/** Who sees each space: Questions is for fewer people. */
const MENTIONABLE = { 1: [BO, CORA, COREY], 2: [CORA] };

const listbox = () => screen.findByRole('listbox', { name: MESSAGES.communityMentionPeople });
/** The names listed (an option is the avatar, its initials hidden from assistive tech, then the name). */
const options = (list: HTMLElement) =>
  within(list)
    .getAllByRole('option')
    .map((o) => o.lastElementChild?.textContent);

describe('mentionedIds', () => {
  it('keeps the picked members whose "@Name" is still written, once each', () => {
    expect(mentionedIds('Thanks @Cora Coach and @Bo Adams!', [CORA, BO, CORA])).toEqual([70, 72]);
    expect(mentionedIds('Thanks @Cora and Bo Adams', [CORA, BO])).toEqual([]);
  });
});

describe('the @ picker', () => {
  it('in the post composer: "@" and letters list who sees the space; arrows, Enter and Escape work by keyboard', async () => {
    const { calls } = fakeCommunityServer({ spaces: SPACES, posts: [], mentionable: MENTIONABLE });
    const user = userEvent.setup();
    renderApp('/community?space=1', member());
    await screen.findByText(MESSAGES.communityNoPosts);
    await user.click(screen.getAllByRole('button', { name: MESSAGES.communityNewPost })[0]!);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.communityNewPost });
    await user.type(within(dialog).getByLabelText(MESSAGES.communityFieldTitle), 'Thank you');
    const box = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: MESSAGES.communityFieldBody });

    // A bare "@" (or an e-mail address) opens nothing.
    await user.type(box, 'Mail me@x or @');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'co');
    const list = await listbox();
    await waitFor(() => expect(options(list)).toEqual(['Cora Coach', 'Corey Lane']));
    // It asks the API for that space and what is typed.
    const asked = calls.filter((c) => c.path === '/api/community/space/1/mentionable');
    expect(asked.at(-1)?.search.get('q')).toBe('co');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const activeName = () =>
      document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.lastElementChild?.textContent;
    expect(activeName()).toBe('Cora Coach');
    expect(within(list).getByRole('option', { name: 'Cora Coach' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(activeName()).toBe('Corey Lane');
    await user.keyboard('{ArrowDown}');
    expect(activeName()).toBe('Cora Coach');
    await user.keyboard('{ArrowUp}');
    expect(activeName()).toBe('Corey Lane');

    // Escape closes the list and leaves the dialog open.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: MESSAGES.communityNewPost })).toBeTruthy();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    // Typing on opens it again; Enter mentions the active one, as "@Name " where the "@" was.
    await user.type(box, 'r');
    await waitFor(async () => expect(options(await listbox())).toEqual(['Cora Coach', 'Corey Lane']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box.value).toBe('Mail me@x or @Corey Lane ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'and @bo');
    await user.click(within(await listbox()).getByRole('option', { name: 'Bo Adams' }));
    expect(box.value).toBe('Mail me@x or @Corey Lane and @Bo Adams ');
    expect(within(dialog).getByText('Mentioning @Corey Lane, @Bo Adams: they are told.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: MESSAGES.communityPublish }));
    expect(await screen.findByText(MESSAGES.communityPostCreated)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/post/upsert')?.body).toMatchObject({
      spaceId: 1,
      body: 'Mail me@x or @Corey Lane and @Bo Adams',
      mentionedUserIds: [71, 72],
    });
  });

  it('offers the people of the space picked, and a mention deleted from the text is not sent', async () => {
    const { calls } = fakeCommunityServer({ spaces: SPACES, posts: [], mentionable: MENTIONABLE });
    const user = userEvent.setup();
    renderApp('/community?space=2', member());
    await screen.findByText(MESSAGES.communityNoPosts);
    await user.click(screen.getAllByRole('button', { name: MESSAGES.communityNewPost })[0]!);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.communityNewPost });
    await user.type(within(dialog).getByLabelText(MESSAGES.communityFieldTitle), 'A question');
    const box = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: MESSAGES.communityFieldBody });
    await user.type(box, '@co');
    await waitFor(async () => expect(options(await listbox())).toEqual(['Cora Coach']));
    await user.keyboard('{Tab}');
    expect(box.value).toBe('@Cora Coach ');
    // The name edited away: no longer a mention.
    await user.clear(box);
    await user.type(box, 'Cora, how do I price it?');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.communityPublish }));
    expect(await screen.findByText(MESSAGES.communityPostCreated)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/post/upsert')?.body).toMatchObject({
      spaceId: 2,
      mentionedUserIds: [],
    });
    expect(calls.every((c) => !c.path.startsWith('/api/community/space/1/'))).toBe(true);
  });

  it('in the comment box: picks a member of the post’s space and sends the mention', async () => {
    const { calls } = fakeCommunityServer({
      spaces: SPACES,
      posts: [makePost({ id: 1, spaceId: 1, title: 'Sold out', author: author(8, 'Ann Lee') })],
      mentionable: MENTIONABLE,
    });
    const user = userEvent.setup();
    renderApp('/community/post/1', member());
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: MESSAGES.communityCommentLabel });
    await user.type(box, 'Look @LANE');
    const list = await listbox();
    await waitFor(() => expect(options(list)).toEqual(['Corey Lane']));
    await user.keyboard('{Enter}');
    expect(box.value).toBe('Look @Corey Lane ');
    await user.type(box, 'here');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: MESSAGES.communityCommentSubmit }));
    expect(await screen.findByText(MESSAGES.communityCommentAdded)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/comment/upsert')?.body).toEqual({
      postId: 1,
      body: 'Look @Corey Lane here',
      mentionedUserIds: [71],
    });
    await waitFor(() => expect(box.value).toBe(''));
  });
});

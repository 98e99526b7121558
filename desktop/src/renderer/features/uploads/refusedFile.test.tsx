// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Card } from '@shared/types/board';
import { makeStore } from '../../app/store';
import { makeUser } from '../../test/fixtures';
import { platform } from '../../test/platformMock';
import { mockFetch } from '../../test/render';
import { CardAttachments } from '../board/card/CardAttachments';
import { useAttachImage } from '../board/card/useAttachImage';
import { CourseFormDialog } from '../courses/CourseFormDialog';
import { LessonFormDialog } from '../courses/LessonFormDialog';
import { PhotoPicker } from '../profile/PhotoPicker';
import { ResourceFormDialog } from '../resources/ResourceFormDialog';
import { BulkUpdateDialog } from '../users/BulkUpdateDialog';
import { ImportUsersDialog } from '../users/ImportUsersDialog';

/** The desktop picker's refusal, as platform/files reports it (main's reason, unwrapped). */
const REASON = 'The file is too large.';

const card: Card = {
  id: 100,
  title: 'Pick a niche',
  description: '',
  ListId: 10,
  listName: 'NOT STARTED',
  position: 0,
  coverPhotoUrl: null,
  dueAt: null,
  userId: 7,
  Labels: [],
  Attachments: [],
  CheckLists: [],
  Activities: [],
};

function BoardAttachments() {
  return <CardAttachments card={card} attachImage={useAttachImage(card.id)} />;
}

const noop = () => undefined;

/** Every screen that lets the user pick a file, and the button that opens the picker. */
const CALLERS: Array<{ kind: string; button: string | RegExp; ui: () => ReactElement }> = [
  {
    kind: 'profile photo',
    button: 'Change photo',
    ui: () => <PhotoPicker fullName="Dana" photoUrl={null} onChange={noop} />,
  },
  { kind: 'course cover', button: 'Upload cover', ui: () => <CourseFormDialog course={null} onClose={noop} /> },
  {
    kind: 'lesson image',
    button: /Upload image/,
    ui: () => <LessonFormDialog lesson={null} modules={[]} moduleId={1} onClose={noop} />,
  },
  { kind: 'resource cover', button: 'Upload cover', ui: () => <ResourceFormDialog resource={null} onClose={noop} /> },
  { kind: 'board attachment', button: 'From Computer', ui: () => <BoardAttachments /> },
  { kind: 'CSV import', button: 'Upload CSV or spreadsheet', ui: () => <ImportUsersDialog onClose={noop} /> },
  { kind: 'bulk update CSV', button: 'Upload CSV', ui: () => <BulkUpdateDialog onClose={noop} /> },
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});

afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('a file the desktop picker refuses', () => {
  it.each(CALLERS)('is told to the user, not left as an unhandled rejection: $kind', async ({ button, ui }) => {
    platform.pickFile.mockRejectedValue(new platform.PickFileError(REASON));
    const calls = mockFetch();
    const store = makeStore({ auth: { status: 'authenticated', user: makeUser({ role: 'admin', id: 1 }) } });
    const user = userEvent.setup();
    render(
      <Provider store={store}>
        <MemoryRouter>{ui()}</MemoryRouter>
      </Provider>,
    );
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(REASON)).toBeTruthy();
    expect(platform.pickFile).toHaveBeenCalledTimes(1);
    // Nothing was sent, and the refusal did not escape as a rejected promise.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unhandled).toEqual([]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

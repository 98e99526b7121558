import { useMemo, useState, type FormEvent } from 'react';
import { ValidationError } from 'yup';
import { fillMessage, MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import {
  playbookApplySchema,
  playbookUpsertSchema,
  recurringUpsertSchema,
  type Recurrence,
} from '@shared/schemas/playbooks';
import { todayUtc } from '@shared/schemas';
import type { Playbook, RecurringCard } from '@shared/types';
import { Banner, LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card, CardHeader, PageHeader } from '../../components/Card';
import { ChipMultiSelect } from '../../components/ChipMultiSelect';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { SelectField, TextArea } from '../../components/FormFields';
import { Loading } from '../../components/Spinner';
import { Checkbox, TextField } from '../../components/TextField';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { TagPicker } from '../users/TagPicker';
import {
  useApplyPlaybookMutation,
  useDeletePlaybookMutation,
  useDeleteRecurringMutation,
  useGetPlanMembersQuery,
  useGetPlaybooksQuery,
  useGetRecurringQuery,
  useUpsertPlaybookMutation,
  useUpsertRecurringMutation,
} from './plansApi';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Field errors of a yup validation by their first path segment. */
function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ValidationError)) return {};
  const out: Record<string, string> = {};
  for (const e of err.inner.length > 0 ? err.inner : [err]) {
    const key = (e.path ?? '').split(/[.[]/)[0]!;
    if (key && !out[key]) out[key] = e.message;
  }
  return out;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** When a recurring card is made, in words: "Every Monday, due 2 days later". */
export function recurrenceText(r: Pick<RecurringCard, 'every' | 'weekday' | 'dayOfMonth' | 'dueAfterDays'>): string {
  const when =
    r.every === 'week' ? `Every ${WEEKDAYS[r.weekday ?? 1]}` : `Every month on day ${String(r.dayOfMonth ?? 1)}`;
  const due =
    r.dueAfterDays === 0 ? 'due the same day' : `due ${r.dueAfterDays} day${r.dueAfterDays === 1 ? '' : 's'} later`;
  return `${when}, ${due}`;
}

/** The members a coach or an admin may plan for (premium members), as choices. */
function useMemberChoices(enabled: boolean) {
  const { data, isLoading, error } = useGetPlanMembersQuery(undefined, { skip: !enabled });
  const items = useMemo(() => data?.members.map((u) => ({ id: u.id, name: u.fullName })), [data]);
  return { items, isLoading, error };
}

/**
 * /plans (docs/areas/playbooks.md): recurring cards for everyone with a board (their own), and for
 * coaches and admins their members' recurring cards and the playbooks, each applied to members by
 * name or tag from a start day.
 */
export function Plans() {
  const user = useAppSelector(selectCurrentUser);
  const forOthers = can(user, 'recurring:for-others');
  const mayPlaybooks = can(user, 'playbook:manage');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={MESSAGES.plansTitle} description={MESSAGES.plansIntro} />
      <RecurringSection forOthers={forOthers} />
      {mayPlaybooks && <PlaybooksSection />}
    </div>
  );
}

// ------------------------------------------------------------- recurring cards

interface RecurringDraft {
  id?: number;
  title: string;
  description: string;
  checklist: string;
  every: Recurrence;
  weekday: string;
  dayOfMonth: string;
  dueAfterDays: string;
  userIds: number[];
  tagIds: number[];
}

const blankRecurring: RecurringDraft = {
  title: '',
  description: '',
  checklist: '',
  every: 'week',
  weekday: '1',
  dayOfMonth: '1',
  dueAfterDays: '0',
  userIds: [],
  tagIds: [],
};

function RecurringSection({ forOthers }: { forOthers: boolean }) {
  const { data, isLoading, error, refetch } = useGetRecurringQuery();
  const [draft, setDraft] = useState<RecurringDraft | null>(null);
  const [remove, removing] = useDeleteRecurringMutation();
  const edit = (r: RecurringCard) =>
    setDraft({
      id: r.id,
      title: r.title,
      description: r.description,
      checklist: r.checklist.join('\n'),
      every: r.every,
      weekday: String(r.weekday ?? 1),
      dayOfMonth: String(r.dayOfMonth ?? 1),
      dueAfterDays: String(r.dueAfterDays),
      userIds: r.userIds,
      tagIds: r.tagIds,
    });
  let body;
  if (isLoading) body = <Loading label="Loading the recurring cards…" />;
  else if (!data)
    body = (
      <LoadError onRetry={() => void refetch()}>{toApiError(error).message || MESSAGES.plansLoadFailed}</LoadError>
    );
  else if (data.recurring.length === 0) body = <EmptyState title={MESSAGES.recurringEmpty} />;
  else
    body = (
      <ul className="divide-y divide-gray-100" aria-label={MESSAGES.recurringTitle}>
        {data.recurring.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium [overflow-wrap:anywhere] text-gray-900">{r.title}</p>
              <p className="text-sm text-gray-600">
                {recurrenceText(r)}
                {forOthers &&
                  ` · ${r.userIds.length} member${r.userIds.length === 1 ? '' : 's'}, ${r.tagIds.length} tag${r.tagIds.length === 1 ? '' : 's'}`}
              </p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" aria-label={`Edit ${r.title}`} onClick={() => edit(r)}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${r.title}`}
                loading={removing.isLoading && removing.originalArgs === r.id}
                onClick={() => void remove(r.id)}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <Card>
      <CardHeader
        title={MESSAGES.recurringTitle}
        description={forOthers ? MESSAGES.recurringIntroCoach : MESSAGES.recurringIntro}
        actions={<Button onClick={() => setDraft(blankRecurring)}>New recurring card</Button>}
      />
      <div className="px-5 py-3">{body}</div>
      {draft && <RecurringDialog draft={draft} forOthers={forOthers} onClose={() => setDraft(null)} />}
    </Card>
  );
}

function RecurringDialog({
  draft,
  forOthers,
  onClose,
}: {
  draft: RecurringDraft;
  forOthers: boolean;
  onClose: () => void;
}) {
  const [v, setV] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useUpsertRecurringMutation();
  const members = useMemberChoices(forOthers);
  const formId = 'recurring-form';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const input = await recurringUpsertSchema.validate(
        {
          ...(v.id ? { id: v.id } : {}),
          title: v.title,
          description: v.description,
          checklist: lines(v.checklist),
          every: v.every,
          ...(v.every === 'week' ? { weekday: v.weekday } : { dayOfMonth: v.dayOfMonth }),
          dueAfterDays: v.dueAfterDays || 0,
          ...(forOthers ? { userIds: v.userIds, tagIds: v.tagIds } : {}),
        },
        { abortEarly: false },
      );
      setErrors({});
      await save(input).unwrap();
      onClose();
    } catch (err) {
      setErrors(err instanceof ValidationError ? fieldErrors(err) : toApiError(err).fields);
      if (!(err instanceof ValidationError) && Object.keys(toApiError(err).fields).length === 0)
        setErrors({ form: toApiError(err).message });
    }
  };
  const set = (k: keyof RecurringDraft) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  return (
    <Dialog
      open
      size="lg"
      title={v.id ? `Edit recurring card: ${draft.title}` : 'New recurring card'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving.isLoading}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving.isLoading}>
            Save recurring card
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {errors.form && <Banner kind="error">{errors.form}</Banner>}
        <TextField label="Title" value={v.title} onChange={set('title')} error={errors.title} data-autofocus />
        <TextArea label="Description" rows={3} value={v.description} onChange={set('description')} />
        <TextArea
          label="Checklist"
          rows={3}
          hint="One item a line."
          value={v.checklist}
          onChange={set('checklist')}
          error={errors.checklist}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <SelectField label="Repeats" value={v.every} onChange={set('every')} error={errors.every}>
            <option value="week">Every week</option>
            <option value="month">Every month</option>
          </SelectField>
          {v.every === 'week' ? (
            <SelectField label="On" value={v.weekday} onChange={set('weekday')} error={errors.weekday}>
              {WEEKDAYS.map((d, i) => (
                <option key={d} value={i}>
                  {d}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField
              label="On day"
              type="number"
              min={1}
              max={28}
              value={v.dayOfMonth}
              onChange={set('dayOfMonth')}
              error={errors.dayOfMonth}
            />
          )}
          <TextField
            label="Due after (days)"
            type="number"
            min={0}
            value={v.dueAfterDays}
            onChange={set('dueAfterDays')}
            error={errors.dueAfterDays}
          />
        </div>
        {forOthers && (
          <>
            <ChipMultiSelect
              label="Members"
              selected={v.userIds}
              onChange={(userIds) => setV({ ...v, userIds })}
              items={members.items}
              isLoading={members.isLoading}
              error={members.error}
              noun={{ one: 'member', many: 'members', title: 'Member' }}
              empty="No premium members yet."
            />
            <TagPicker
              label="Members with these tags"
              selected={v.tagIds}
              onChange={(tagIds) => setV({ ...v, tagIds })}
            />
            {errors.userIds && <p className="text-sm text-red-600">{errors.userIds}</p>}
          </>
        )}
      </form>
    </Dialog>
  );
}

// ------------------------------------------------------------- playbooks

interface CardDraft {
  title: string;
  description: string;
  checklist: string;
  labels: string;
  dueInDays: string;
}

const blankCard: CardDraft = { title: '', description: '', checklist: '', labels: '', dueInDays: '' };

function PlaybooksSection() {
  const { data, isLoading, error, refetch } = useGetPlaybooksQuery();
  const [editing, setEditing] = useState<Playbook | 'new' | null>(null);
  const [applying, setApplying] = useState<Playbook | null>(null);
  const [remove, removing] = useDeletePlaybookMutation();
  let body;
  if (isLoading) body = <Loading label="Loading the playbooks…" />;
  else if (!data)
    body = (
      <LoadError onRetry={() => void refetch()}>{toApiError(error).message || MESSAGES.plansLoadFailed}</LoadError>
    );
  else if (data.playbooks.length === 0) body = <EmptyState title={MESSAGES.playbooksEmpty} />;
  else
    body = (
      <ul className="divide-y divide-gray-100" aria-label={MESSAGES.playbooksTitle}>
        {data.playbooks.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium [overflow-wrap:anywhere] text-gray-900">
                {p.name}
                {p.launch && (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                    Launch playbook
                  </span>
                )}
              </p>
              <p className="text-sm text-gray-600">
                {p.cards.length} card{p.cards.length === 1 ? '' : 's'}
                {p.description ? ` · ${p.description}` : ''}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" aria-label={`Apply ${p.name}`} onClick={() => setApplying(p)}>
                Apply
              </Button>
              <Button size="sm" variant="secondary" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${p.name}`}
                loading={removing.isLoading && removing.originalArgs === p.id}
                onClick={() => void remove(p.id)}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <Card>
      <CardHeader
        title={MESSAGES.playbooksTitle}
        description={MESSAGES.playbooksIntro}
        actions={<Button onClick={() => setEditing('new')}>New playbook</Button>}
      />
      <div className="px-5 py-3">{body}</div>
      {editing && <PlaybookDialog playbook={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {applying && <ApplyDialog playbook={applying} onClose={() => setApplying(null)} />}
    </Card>
  );
}

function PlaybookDialog({ playbook, onClose }: { playbook: Playbook | null; onClose: () => void }) {
  const [name, setName] = useState(playbook?.name ?? '');
  const [description, setDescription] = useState(playbook?.description ?? '');
  const [launch, setLaunch] = useState(playbook?.launch ?? false);
  const [cards, setCards] = useState<CardDraft[]>(
    playbook?.cards.map((c) => ({
      title: c.title,
      description: c.description,
      checklist: c.checklist.join('\n'),
      labels: c.labels.join(', '),
      dueInDays: c.dueInDays === null ? '' : String(c.dueInDays),
    })) ?? [{ ...blankCard }],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useUpsertPlaybookMutation();
  const formId = 'playbook-form';
  const setCard = (i: number, k: keyof CardDraft, value: string) =>
    setCards(cards.map((c, j) => (j === i ? { ...c, [k]: value } : c)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const input = await playbookUpsertSchema.validate(
        {
          ...(playbook ? { id: playbook.id } : {}),
          name,
          description,
          launch,
          cards: cards.map((c) => ({
            title: c.title,
            description: c.description,
            checklist: lines(c.checklist),
            labels: c.labels
              .split(',')
              .map((l) => l.trim())
              .filter(Boolean),
            ...(c.dueInDays.trim() === '' ? {} : { dueInDays: c.dueInDays }),
          })),
        },
        { abortEarly: false },
      );
      setErrors({});
      await save(input).unwrap();
      onClose();
    } catch (err) {
      if (err instanceof ValidationError) {
        const out: Record<string, string> = {};
        for (const x of err.inner.length > 0 ? err.inner : [err]) if (x.path && !out[x.path]) out[x.path] = x.message;
        setErrors(out);
      } else setErrors({ form: toApiError(err).message });
    }
  };
  return (
    <Dialog
      open
      size="lg"
      title={playbook ? `Edit playbook: ${playbook.name}` : 'New playbook'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving.isLoading}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving.isLoading}>
            Save playbook
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {errors.form && <Banner kind="error">{errors.form}</Banner>}
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          data-autofocus
        />
        <TextArea label="Description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        <Checkbox
          label="Launch playbook"
          description="Offered to members after “Start this product” in the Product Qualifier."
          checked={launch}
          onChange={(e) => setLaunch(e.target.checked)}
        />
        {errors.cards && <p className="text-sm text-red-600">{errors.cards}</p>}
        <ol className="flex flex-col gap-4">
          {cards.map((c, i) => (
            <li key={i} className="rounded-lg border border-gray-200 p-3">
              <fieldset className="flex flex-col gap-3">
                <legend className="text-sm font-semibold text-gray-800">Card {i + 1}</legend>
                <TextField
                  label="Card title"
                  value={c.title}
                  onChange={(e) => setCard(i, 'title', e.target.value)}
                  error={errors[`cards[${i}].title`]}
                />
                <TextArea
                  label="Card description"
                  rows={2}
                  value={c.description}
                  onChange={(e) => setCard(i, 'description', e.target.value)}
                />
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                  <TextArea
                    label="Checklist (one a line)"
                    rows={2}
                    value={c.checklist}
                    onChange={(e) => setCard(i, 'checklist', e.target.value)}
                  />
                  <TextField
                    label="Labels (commas)"
                    value={c.labels}
                    onChange={(e) => setCard(i, 'labels', e.target.value)}
                    error={errors[`cards[${i}].labels`]}
                  />
                  <TextField
                    label="Due after start (days)"
                    type="number"
                    min={0}
                    value={c.dueInDays}
                    onChange={(e) => setCard(i, 'dueInDays', e.target.value)}
                    error={errors[`cards[${i}].dueInDays`]}
                  />
                </div>
                {cards.length > 1 && (
                  <div>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove card ${i + 1}`}
                      onClick={() => setCards(cards.filter((_, j) => j !== i))}
                    >
                      Remove card
                    </Button>
                  </div>
                )}
              </fieldset>
            </li>
          ))}
        </ol>
        <div>
          <Button variant="secondary" onClick={() => setCards([...cards, { ...blankCard }])}>
            Add a card
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ApplyDialog({ playbook, onClose }: { playbook: Playbook; onClose: () => void }) {
  const [userIds, setUserIds] = useState<number[]>([]);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [startOn, setStartOn] = useState(todayUtc());
  // One key per opening of the dialog: a double click or a retry applies once.
  const [key] = useState(() => `apply:${playbook.id}:${crypto.randomUUID()}`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [apply, applied] = useApplyPlaybookMutation();
  const members = useMemberChoices(true);
  const formId = 'playbook-apply-form';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (userIds.length === 0 && tagIds.length === 0) {
      setErrors({ userIds: MESSAGES.playbookMembersRequired });
      return;
    }
    try {
      const input = await playbookApplySchema.validate(
        { playbookId: playbook.id, userIds, tagIds, startOn, key },
        { abortEarly: false },
      );
      setErrors({});
      await apply(input).unwrap();
    } catch (err) {
      setErrors(err instanceof ValidationError ? fieldErrors(err) : { form: toApiError(err).message });
    }
  };
  return (
    <Dialog
      open
      size="lg"
      title={`Apply ${playbook.name}`}
      description={`${playbook.cards.length} card${playbook.cards.length === 1 ? '' : 's'} go${playbook.cards.length === 1 ? 'es' : ''} to the first list of each member’s board, due from the start day.`}
      onClose={onClose}
      footer={
        applied.data ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={applied.isLoading}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={applied.isLoading}>
              Apply playbook
            </Button>
          </>
        )
      }
    >
      {applied.data ? (
        <p role="status" className="text-sm text-gray-800">
          {fillMessage(MESSAGES.playbookApplied, {
            applied: String(applied.data.applied),
            skipped: String(applied.data.skipped),
          })}
        </p>
      ) : (
        <form id={formId} className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
          {errors.form && <Banner kind="error">{errors.form}</Banner>}
          <ChipMultiSelect
            label="Members"
            selected={userIds}
            onChange={setUserIds}
            items={members.items}
            isLoading={members.isLoading}
            error={members.error}
            noun={{ one: 'member', many: 'members', title: 'Member' }}
            empty="No premium members yet."
          />
          <TagPicker label="Members with these tags" selected={tagIds} onChange={setTagIds} />
          {errors.userIds && <p className="text-sm text-red-600">{errors.userIds}</p>}
          <TextField
            label="Start day"
            type="date"
            value={startOn}
            onChange={(e) => setStartOn(e.target.value)}
            error={errors.startOn}
          />
        </form>
      )}
    </Dialog>
  );
}

import type { Playbook as PlaybookItem, RecurringCard } from '@shared/types';
import { iso } from '../../core/dates';
import type { Playbook, RecurringCardRule } from '../../models';

type Maker = Map<number, string>;
const makerOf = (makers: Maker, id: number | null) => (id === null ? null : { id, fullName: makers.get(id) ?? '' });

export function presentRecurring(rule: RecurringCardRule, makers: Maker): RecurringCard {
  return {
    id: rule.id,
    title: rule.title,
    description: rule.description,
    checklist: rule.checklist,
    every: rule.every,
    weekday: rule.weekday,
    dayOfMonth: rule.day_of_month,
    dueAfterDays: rule.due_after_days,
    userIds: rule.user_ids,
    tagIds: rule.tag_ids,
    createdBy: makerOf(makers, rule.created_by),
    createdAt: iso(rule.created_at),
    updatedAt: iso(rule.updated_at),
  };
}

export function presentPlaybook(p: Playbook, makers: Maker): PlaybookItem {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    cards: p.cards.map((c) => ({
      title: c.title,
      description: c.description,
      checklist: c.checklist,
      labels: c.labels,
      dueInDays: c.dueInDays ?? null,
    })),
    launch: p.launch,
    createdBy: makerOf(makers, p.created_by),
    createdAt: iso(p.created_at),
    updatedAt: iso(p.updated_at),
  };
}

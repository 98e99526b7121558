/**
 * The audit log (docs/areas/audit.md): every action the API writes to `audit_log`, closed. The API's
 * `audit()` and its set-based inserts take an `AuditAction`, so a new kind of row is added here
 * first, with its readable name. See docs/areas/audit.md.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.switch-role',
  'user.signinas',
  'user.signinas.return',
  'user.upgrade-role',
  'user.bulk-update',
  'user.import.create',
  'user.import.update',
  'user.export',
  'user.add-tags',
  'tag.create',
  'tag.update',
  'tag.delete',
  'course.create',
  'course.update',
  'course.delete',
  'course.reorder',
  'course.reorder-content',
  'module.create',
  'module.update',
  'module.delete',
  'module.reorder',
  'lesson.create',
  'lesson.update',
  'lesson.delete',
  'resource.create',
  'resource.update',
  'resource.delete',
  'category.create',
  'category.update',
  'category.delete',
  'banner.create',
  'banner.update',
  'banner.delete',
  'setting.update',
  'setting.reset',
  'audit.export',
  'insights.at_risk_export',
  'job.retry',
  'job.discard',
  'fee-rate-card.create',
  'fee-rate-card.update',
  'calendar.call.create',
  'calendar.call.update',
  'calendar.call.delete',
  'playbook.create',
  'playbook.update',
  'playbook.delete',
  'playbook.apply',
  'community.space.create',
  'community.space.update',
  'community.space.delete',
  'community.post.pin',
  'community.post.lock',
  'community.post.hide',
  'community.post.delete',
  'community.comment.hide',
  'community.comment.delete',
  'community.report.resolve',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the Audit log screen and the CSV call each action. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'user.create': 'User created',
  'user.update': 'User changed',
  'user.delete': 'User deleted',
  'user.switch-role': 'Switched own role',
  'user.signinas': 'Signed in as',
  'user.signinas.return': 'Returned from sign in as',
  'user.upgrade-role': 'Role changed (bulk)',
  'user.bulk-update': 'Bulk update',
  'user.import.create': 'User imported (new)',
  'user.import.update': 'User imported (updated)',
  'user.export': 'Users exported',
  'user.add-tags': 'Tags added (test tool)',
  'tag.create': 'Tag created',
  'tag.update': 'Tag changed',
  'tag.delete': 'Tag deleted',
  'course.create': 'Course created',
  'course.update': 'Course changed',
  'course.delete': 'Course deleted',
  'course.reorder': 'Courses reordered',
  'course.reorder-content': 'Course content reordered',
  'module.create': 'Module created',
  'module.update': 'Module changed',
  'module.delete': 'Module deleted',
  'module.reorder': 'Modules reordered',
  'lesson.create': 'Lesson created',
  'lesson.update': 'Lesson changed',
  'lesson.delete': 'Lesson deleted',
  'resource.create': 'Resource created',
  'resource.update': 'Resource changed',
  'resource.delete': 'Resource deleted',
  'category.create': 'Category created',
  'category.update': 'Category changed',
  'category.delete': 'Category deleted',
  'banner.create': 'Banner created',
  'banner.update': 'Banner changed',
  'banner.delete': 'Banner deleted',
  'setting.update': 'Setting changed',
  'setting.reset': 'Setting reset',
  'audit.export': 'Audit log exported',
  'insights.at_risk_export': 'Members at risk exported',
  'job.retry': 'Failed job retried',
  'job.discard': 'Failed job discarded',
  'fee-rate-card.create': 'Fee rate card added',
  'fee-rate-card.update': 'Fee rate card changed',
  'calendar.call.create': 'Call scheduled',
  'calendar.call.update': 'Call changed',
  'calendar.call.delete': 'Call deleted',
  'playbook.create': 'Playbook created',
  'playbook.update': 'Playbook changed',
  'playbook.delete': 'Playbook deleted',
  'playbook.apply': 'Playbook applied',
  'community.space.create': 'Community space created',
  'community.space.update': 'Community space changed',
  'community.space.delete': 'Community space deleted',
  'community.post.pin': 'Community post pinned or unpinned',
  'community.post.lock': 'Community post locked or unlocked',
  'community.post.hide': 'Community post hidden or shown',
  'community.post.delete': 'Community post deleted by a moderator',
  'community.comment.hide': 'Community comment hidden or shown',
  'community.comment.delete': 'Community comment deleted by a moderator',
  'community.report.resolve': 'Community report closed',
};

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** A readable name for a stored action (an older, unknown one is shown as written). */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}

/** A user as an audit entry names them: null when there is none or the account was deleted since. */
export interface AuditUser {
  id: number;
  fullName: string;
  email: string;
}

export interface AuditEntry {
  id: number;
  action: string;
  /** ISO 8601. */
  createdAt: string;
  ip: string | null;
  actor: AuditUser | null;
  target: AuditUser | null;
  /** As written, with any secret-looking key's value replaced by REDACTED. */
  details: Record<string, unknown>;
}

/** GET /api/audit/read-many: one page, newest first, and how many match the filters in all. */
export interface AuditLogResponse {
  entries: AuditEntry[];
  total: number;
}

/** What a secret-looking value in `details` reads as (see docs/areas/audit.md). */
export const AUDIT_REDACTED = '[redacted]';

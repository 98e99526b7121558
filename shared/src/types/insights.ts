/** The Insights page (docs/areas/insights.md). Days are UTC dates, YYYY-MM-DD. */
import type { Role } from '../limits';

/** Active members of one day or week: in all, and per role (the role they had when active). */
export interface ActivePoint {
  /** The day, or the week's Monday. */
  date: string;
  total: number;
  byRole: Partial<Record<Role, number>>;
}

/** Per day: sign-ups (accounts created), cancellations (subscriptions into canceled or unpaid), lesson completions. */
export interface DayCounts {
  date: string;
  signUps: number;
  cancellations: number;
  lessonCompletions: number;
}

/** One course's funnel: members who completed at least one lesson, at least half, all of them. */
export interface CourseFunnel {
  id: number;
  title: string;
  lessons: number;
  started: number;
  halfDone: number;
  completed: number;
}

/** Boards whose share of cards in COMPLETED falls in a bucket ('No cards', '0%', '1–24%', ..., '100%'). */
export interface BoardProgressBucket {
  label: string;
  boards: number;
}

/** Cards waiting in FOR REVIEW, by how long they have waited ('< 1 day', '1–3 days', ...). */
export interface ReviewWaitBucket {
  label: string;
  cards: number;
}

/** GET /api/insights/summary?from=&to= */
export interface InsightsSummary {
  range: { from: string; to: string };
  /** 'all' for an admin; 'coach' when the numbers are the viewer's own members only. */
  scope: 'all' | 'coach';
  totals: {
    /** Distinct members active on any day of the range. */
    activeMembers: number;
    signUps: number;
    cancellations: number;
    lessonCompletions: number;
    /** Cards waiting in FOR REVIEW now, and since when the oldest waits (ISO 8601). */
    cardsWaiting: number;
    oldestWaitingSince: string | null;
  };
  activeDaily: ActivePoint[];
  activeWeekly: ActivePoint[];
  days: DayCounts[];
  courses: CourseFunnel[];
  boardProgress: BoardProgressBucket[];
  reviewWaiting: ReviewWaitBucket[];
}

/** Why a member is at risk. */
export const AT_RISK_REASONS = ['payment', 'inactive', 'board'] as const;
export type AtRiskReason = (typeof AT_RISK_REASONS)[number];

export interface AtRiskMember {
  id: number;
  fullName: string;
  /** Null when the reader may not open the member (a coach: members other than premium ones). */
  email: string | null;
  role: Role;
  /** Null for a reader who does not see billing fields (a coach). */
  stripeStatus: string | null;
  /** The last UTC day the member was active (or signed in, when never active), null when never. */
  lastActive: string | null;
  /** When their board last changed (ISO 8601), null without a board. */
  boardChangedAt: string | null;
  reasons: AtRiskReason[];
  /**
   * Where the page links: the member in the User Dashboard (null when the viewer's dashboard does
   * not list them: a coach's lists premium members only), and their board (null without one).
   */
  links: { user: string | null; board: string | null };
}

/** GET /api/insights/at-risk?page=&itemsPerPage= */
export interface AtRiskResponse {
  members: AtRiskMember[];
  total: number;
}

import type { QualifierDraft } from './answers';

/**
 * What this browser keeps of the qualifier, per member (the key holds the user id, so a shared
 * computer or 'Sign in as' never shows one member's answers to another):
 * - the answers changed but not yet confirmed by the server (the autosave is debounced, and a save
 *   can fail): restored on the next load, so a reload or a lost connection loses nothing;
 * - the step the member was on, so a reload opens the same question.
 * localStorage may be unavailable (private mode, quota): then only the server's copy counts.
 */
export interface DraftBackup {
  draft: QualifierDraft;
  /** The server's updatedAt the change was made on: a newer server copy (another device) wins. */
  base: string | null;
}

const draftKey = (userId: number) => `portal.qualifier.draft.${userId}`;
const stepKey = (userId: number) => `portal.qualifier.step.${userId}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not kept in this browser; the server's copy still is.
  }
}

export function readBackup(userId: number): DraftBackup | null {
  const raw = read(draftKey(userId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<DraftBackup>;
    if (!parsed.draft || typeof parsed.draft.answers !== 'object' || parsed.draft.answers === null) return null;
    return {
      draft: { answers: parsed.draft.answers, sizeTier: parsed.draft.sizeTier ?? null },
      base: typeof parsed.base === 'string' ? parsed.base : null,
    };
  } catch {
    return null;
  }
}

export function writeBackup(userId: number, backup: DraftBackup | null): void {
  write(draftKey(userId), backup ? JSON.stringify(backup) : null);
}

export function readStep(userId: number): number | null {
  const raw = read(stepKey(userId));
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

export function writeStep(userId: number, step: number | null): void {
  write(stepKey(userId), step === null ? null : String(step));
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { QualifierAnswerId, SizeTier } from '@shared/calc';
import type { QualifierProgress, QualifierSaveBody } from '@shared/types';
import { toApiError } from '../../lib/apiErrors';
import { EMPTY_DRAFT, answerList, draftFrom, keywordOf, type AnswerValue, type QualifierDraft } from './answers';
import { useSaveQualifierProgressMutation } from './qualifierApi';
import { readBackup, writeBackup } from './storage';

/** Answers are saved this long after the last change (and at once when leaving the page or the step). */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** The server's answers, or this browser's copy of changes the server had not confirmed (storage.ts). */
function startingDraft(
  initial: QualifierProgress | null,
  userId: number,
): { draft: QualifierDraft; restored: boolean } {
  const backup = readBackup(userId);
  if (backup && backup.base === (initial?.updatedAt ?? null)) return { draft: backup.draft, restored: true };
  if (backup) writeBackup(userId, null); // the server's copy is newer (saved from elsewhere)
  return { draft: draftFrom(initial), restored: false };
}

/**
 * The member's answers while they work: every change is kept on the server (debounced) so it is
 * there when they come back, and in this browser until the server has it (a reload, a closed tab or
 * a failed save loses nothing); 'Rate My Product' saves with rated=true and shows the server's score.
 */
export function useQualifierDraft(initial: QualifierProgress | null, userId: number) {
  const [start] = useState(() => startingDraft(initial, userId));
  const [draft, setDraft] = useState<QualifierDraft>(start.draft);
  const [results, setResults] = useState<QualifierProgress | null>(initial?.rated && !start.restored ? initial : null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [save] = useSaveQualifierProgressMutation();
  const draftRef = useRef(draft);
  draftRef.current = draft;
  /** The server's updatedAt as last seen: the base of this browser's copy. */
  const baseRef = useRef<string | null>(initial?.updatedAt ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const body = (d: QualifierDraft, rated: boolean): QualifierSaveBody => ({
    answers: answerList(d.answers),
    sizeTier: d.sizeTier,
    rated,
  });

  /** The server has `sent`: this browser's copy goes, unless the member changed something since. */
  const confirmed = useCallback(
    (sent: QualifierDraft, progress: QualifierProgress) => {
      baseRef.current = progress.updatedAt;
      if (draftRef.current === sent) writeBackup(userId, null);
      else writeBackup(userId, { draft: draftRef.current, base: baseRef.current });
    },
    [userId],
  );

  const flush = useCallback(async () => {
    timer.current = null;
    setStatus('saving');
    const sent = draftRef.current;
    try {
      const progress = await save(body(sent, false)).unwrap();
      confirmed(sent, progress);
      setStatus((s) => (s === 'saving' ? 'saved' : s));
      setError(null);
    } catch (err) {
      setStatus('error');
      setError(toApiError(err).message);
    }
  }, [save, confirmed]);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setStatus('pending');
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [flush]);

  // Leaving the page with a change not yet saved: save it now.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void save(body(draftRef.current, false));
      }
    },
    [save],
  );

  // A change restored from this browser goes to the server at once.
  useEffect(() => {
    if (start.restored) void flush();
  }, [start, flush]);

  const change = (next: QualifierDraft) => {
    setDraft(next);
    draftRef.current = next;
    writeBackup(userId, { draft: next, base: baseRef.current });
    setResults(null); // results belong to the answers they were rated on
    schedule();
  };

  const setAnswer = (id: QualifierAnswerId, value: AnswerValue) =>
    change({ ...draftRef.current, answers: { ...draftRef.current.answers, [id]: value } });
  const setSizeTier = (sizeTier: SizeTier | null) => change({ ...draftRef.current, sizeTier });

  const cancelPending = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  /** Saves a change still waiting for the autosave now (moving to another step). */
  const saveNow = () => {
    if (!timer.current) return;
    cancelPending();
    void flush();
  };

  /** 'Rate My Product': false when the keyword (first question) is missing. */
  const rate = async (): Promise<boolean> => {
    if (!keywordOf(draftRef.current.answers)) return false;
    cancelPending();
    setStatus('saving');
    const sent = draftRef.current;
    try {
      const progress = await save(body(sent, true)).unwrap();
      confirmed(sent, progress);
      setResults(progress);
      setStatus('saved');
      setError(null);
    } catch (err) {
      setStatus('error');
      setError(toApiError(err).message);
    }
    return true;
  };

  /** The refresh: clears every answer and the results, on the server too. */
  const reset = async () => {
    cancelPending();
    setStatus('saving');
    try {
      const progress = await save(body(EMPTY_DRAFT, false)).unwrap();
      baseRef.current = progress.updatedAt;
      writeBackup(userId, null);
      setDraft(EMPTY_DRAFT);
      draftRef.current = EMPTY_DRAFT;
      setResults(null);
      setStatus('idle');
      setError(null);
    } catch (err) {
      setStatus('error');
      setError(toApiError(err).message);
    }
  };

  return { draft, results, status, error, setAnswer, setSizeTier, rate, reset, saveNow, retry: flush };
}

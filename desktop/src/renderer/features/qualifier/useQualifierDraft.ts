import { useCallback, useEffect, useRef, useState } from 'react';
import type { QualifierAnswerId, SizeTier } from '@shared/calc';
import type { QualifierProgress, QualifierSaveBody } from '@shared/types';
import { toApiError } from '../../lib/apiErrors';
import { EMPTY_DRAFT, answerList, draftFrom, keywordOf, type AnswerValue, type QualifierDraft } from './answers';
import { useSaveQualifierProgressMutation } from './qualifierApi';

/** Answers are saved this long after the last change (and at once when leaving the page). */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * The member's answers while they work: every change is kept on the server (debounced) so it is
 * there when they come back; 'Rate My Product' saves with rated=true and shows the server's score.
 */
export function useQualifierDraft(initial: QualifierProgress | null) {
  const [draft, setDraft] = useState<QualifierDraft>(() => draftFrom(initial));
  const [results, setResults] = useState<QualifierProgress | null>(initial?.rated ? initial : null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [save] = useSaveQualifierProgressMutation();
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const body = (d: QualifierDraft, rated: boolean): QualifierSaveBody => ({
    answers: answerList(d.answers),
    sizeTier: d.sizeTier,
    rated,
  });

  const flush = useCallback(async () => {
    timer.current = null;
    setStatus('saving');
    try {
      await save(body(draftRef.current, false)).unwrap();
      setStatus((s) => (s === 'saving' ? 'saved' : s));
      setError(null);
    } catch (err) {
      setStatus('error');
      setError(toApiError(err).message);
    }
  }, [save]);

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

  const change = (next: QualifierDraft) => {
    setDraft(next);
    draftRef.current = next;
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

  /** 'Rate My Product': false when the keyword (first question) is missing. */
  const rate = async (): Promise<boolean> => {
    if (!keywordOf(draftRef.current.answers)) return false;
    cancelPending();
    setStatus('saving');
    try {
      const progress = await save(body(draftRef.current, true)).unwrap();
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
      await save(body(EMPTY_DRAFT, false)).unwrap();
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

  return { draft, results, status, error, setAnswer, setSizeTier, rate, reset, retry: flush };
}

import {
  QUALIFIER_ANSWER_IDS,
  evaluateQualifier,
  type QualifierAnswerId,
  type QualifierEvaluation,
  type SizeTier,
} from '@shared/calc';
import type { QualifierAnswerInput, QualifierProgress } from '@shared/types';

export type AnswerValue = string | number | null;
export type AnswerMap = Partial<Record<QualifierAnswerId, AnswerValue>>;

export interface QualifierDraft {
  answers: AnswerMap;
  sizeTier: SizeTier | null;
}

export const EMPTY_DRAFT: QualifierDraft = { answers: {}, sizeTier: null };

export function draftFrom(progress: QualifierProgress | null): QualifierDraft {
  if (!progress) return EMPTY_DRAFT;
  const answers: AnswerMap = {};
  for (const a of progress.answers) if (a.answer !== null) answers[a.id] = a.answer;
  return { answers, sizeTier: progress.sizeTier };
}

/** The answers as the API takes them: one entry per answered question. */
export function answerList(answers: AnswerMap): QualifierAnswerInput[] {
  return QUALIFIER_ANSWER_IDS.filter((id) => answers[id] !== undefined && answers[id] !== null).map((id) => ({
    id,
    answer: answers[id] ?? null,
  }));
}

export function evaluate(answers: AnswerMap): QualifierEvaluation {
  return evaluateQualifier(answerList(answers));
}

export function keywordOf(answers: AnswerMap): string {
  const k = answers.keyword;
  return typeof k === 'string' ? k.trim() : '';
}

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

/** Whether a question has an answer (a keyword that is not blank, a volume, Yes or No). */
export function isAnswered(id: QualifierAnswerId, value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (id === 'keyword') return typeof value === 'string' && value.trim() !== '';
  if (id === 'volume') return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '');
  return value === 'Yes' || value === 'No';
}

/**
 * What a failed 'Rate My Product' says at the button: how many questions have no answer, and
 * that question 1 (the keyword) is the one required (unanswered Yes/No questions score no point).
 */
export function missingAnswersText(answers: AnswerMap): string {
  const missing = QUALIFIER_ANSWER_IDS.filter((id) => !isAnswered(id, answers[id])).length;
  const count = missing === 1 ? '1 question is' : `${missing} questions are`;
  return `${count} missing an answer. Question 1 (your main keyword) is required to rate your product.`;
}

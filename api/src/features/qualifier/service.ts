import type { Knex } from 'knex';
import {
  QUALIFIER_ANSWER_IDS,
  answersById,
  evaluateQualifier,
  isYes,
  parseVolume,
  type QualifierAnswerId,
  type QualifierAnswers,
  type QualifierResult,
  type SizeTier,
} from '@shared/calc';
import { QUALIFIER_QUESTIONS, answerFeedback } from '@shared/content/qualifier';
import type { QualifierAnswerItem, QualifierProgress } from '@shared/types';
import { iso } from '../../core/session-user';

interface ProgressRow {
  user_id: number;
  answers: QualifierAnswerItem[] | string;
  size_tier: SizeTier | null;
  score: number;
  result: QualifierResult;
  rated: boolean;
  updated_at: Date | string;
}

function normalizeAnswer(id: QualifierAnswerId, raw: unknown): string | number | null {
  if (raw === undefined || raw === null) return null;
  if (id === 'keyword') {
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    return text === '' ? null : text;
  }
  if (id === 'volume') return typeof raw === 'string' && raw.trim() === '' ? null : parseVolume(raw);
  if (isYes(raw)) return 'Yes';
  return typeof raw === 'string' && raw.trim().toLowerCase() === 'no' ? 'No' : null;
}

/**
 * The member's answers as the server keeps and mails them: one entry per question in order
 * (last entry wins, unknown ids dropped), values normalised ('Yes'/'No', the volume clamped to
 * 0..50000, the keyword trimmed), and the question and feedback texts taken from the shared
 * content, never from the client.
 */
export function normalizeAnswers(input: QualifierAnswers, sizeTier: SizeTier | null): QualifierAnswerItem[] {
  const byId = answersById(input);
  const values = new Map<QualifierAnswerId, string | number | null>(
    QUALIFIER_ANSWER_IDS.map((id) => [id, normalizeAnswer(id, byId[id])]),
  );
  const volume = Number(values.get('volume') ?? 0);
  return QUALIFIER_QUESTIONS.map((q) => {
    const answer = values.get(q.id) ?? null;
    return { id: q.id, question: q.prompt({ volume, sizeTier }), answer, feedback: answerFeedback(q.id, answer) };
  });
}

export function keywordOf(answers: readonly QualifierAnswerItem[]): string | null {
  const k = answers.find((a) => a.id === 'keyword')?.answer;
  return typeof k === 'string' && k !== '' ? k : null;
}

function presentProgress(row: ProgressRow): QualifierProgress {
  const answers = typeof row.answers === 'string' ? (JSON.parse(row.answers) as QualifierAnswerItem[]) : row.answers;
  return {
    answers,
    sizeTier: row.size_tier,
    score: row.score,
    result: row.result,
    rated: row.rated,
    updatedAt: iso(row.updated_at),
  };
}

export async function loadProgress(knex: Knex, userId: number): Promise<QualifierProgress | null> {
  const row = await knex<ProgressRow>('qualifier_progress').where({ user_id: userId }).first();
  return row ? presentProgress(row) : null;
}

/** Saves the member's progress in one statement; score and result are recomputed here. */
export async function saveProgress(
  knex: Knex,
  userId: number,
  answers: QualifierAnswerItem[],
  sizeTier: SizeTier | null,
  rated: boolean,
): Promise<QualifierProgress> {
  const { score, result } = evaluateQualifier(answers);
  const values = {
    user_id: userId,
    answers: JSON.stringify(answers),
    size_tier: sizeTier,
    score,
    result,
    rated,
    updated_at: knex.fn.now(),
  };
  const [row] = await knex('qualifier_progress')
    .insert(values)
    .onConflict('user_id')
    .merge(['answers', 'size_tier', 'score', 'result', 'rated', 'updated_at'])
    .returning<ProgressRow[]>(['user_id', 'answers', 'size_tier', 'score', 'result', 'rated', 'updated_at']);
  return presentProgress(row!);
}

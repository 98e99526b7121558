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
import type { ModelObject } from 'objection';
import { iso } from '../../core/dates';
import { QualifierProgress as QualifierProgressModel } from '../../models';

/** A qualifier_progress row, as its model declares it, with its closed sets typed. */
export type ProgressRow = Omit<ModelObject<QualifierProgressModel>, 'answers' | 'size_tier' | 'result'> & {
  answers: QualifierAnswerItem[] | string;
  size_tier: SizeTier | null;
  result: QualifierResult;
};

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
  const rawVolume = values.get('volume');
  const volume = rawVolume === null || rawVolume === undefined ? null : Number(rawVolume);
  return QUALIFIER_QUESTIONS.map((q) => {
    const answer = values.get(q.id) ?? null;
    return { id: q.id, question: q.prompt({ volume, sizeTier }), answer, feedback: answerFeedback(q.id, answer) };
  });
}

export function keywordOf(answers: readonly QualifierAnswerItem[]): string | null {
  const k = answers.find((a) => a.id === 'keyword')?.answer;
  return typeof k === 'string' && k !== '' ? k : null;
}

export function presentProgress(row: ProgressRow): QualifierProgress {
  const answers = typeof row.answers === 'string' ? (JSON.parse(row.answers) as QualifierAnswerItem[]) : row.answers;
  return {
    answers,
    sizeTier: row.size_tier,
    score: row.score,
    result: row.result,
    rated: row.rated,
    updatedAt: iso(row.updated_at),
    launch:
      row.launch_keyword === null
        ? null
        : { keyword: row.launch_keyword, productId: row.launch_product_id, cardId: row.launch_card_id },
  };
}

export async function loadProgress(knex: Knex, userId: number): Promise<QualifierProgress | null> {
  const row = await QualifierProgressModel.query(knex)
    .findById(userId)
    .select(...QualifierProgressModel.columns)
    .castTo<ProgressRow | undefined>();
  return row ? presentProgress(row) : null;
}

/**
 * Saves the member's progress in one statement (in the caller's transaction); score and result are recomputed here. What 'Start
 * this product' made stays linked while the keyword is the same (any case), and is forgotten when
 * the answers are about another keyword (or cleared).
 */
export async function saveProgress(
  trx: Knex.Transaction,
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
    updated_at: trx.fn.now(),
  };
  const keyword = keywordOf(answers);
  const sameKeyword = (column: string) =>
    trx.raw(`case when lower(qualifier_progress.launch_keyword) = lower(?) then qualifier_progress.${column} end`, [
      keyword,
    ]);
  const [row] = await trx('qualifier_progress')
    .insert(values)
    .onConflict('user_id')
    .merge({
      answers: values.answers,
      size_tier: values.size_tier,
      score: values.score,
      result: values.result,
      rated: values.rated,
      updated_at: values.updated_at,
      launch_keyword: sameKeyword('launch_keyword'),
      launch_product_id: sameKeyword('launch_product_id'),
      launch_card_id: sameKeyword('launch_card_id'),
    })
    .returning<ProgressRow[]>([...QualifierProgressModel.columns]);
  return presentProgress(row!);
}

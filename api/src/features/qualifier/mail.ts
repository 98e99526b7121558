import { PRICE_THRESHOLDS, QUALIFIER_MAX_SCORE, type QualifierEvaluation, type SizeTier } from '@shared/calc';
import { RESULT_BANDS, sendMessage } from '@shared/content/qualifier';
import type { QualifierAnswerItem } from '@shared/types';
import type { MailMessage } from '../../adapters/mail';

/** One line of user text: no CR/LF (headers), no control characters, bounded. */
const oneLine = (s: string, max = 200) =>
  s
    .replace(/[\r\n\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, max);

function answerText(a: QualifierAnswerItem): string {
  if (a.answer === null) return 'Not answered';
  if (a.id === 'volume' && typeof a.answer === 'number') return `${a.answer.toLocaleString('en-US')} searches a month`;
  return oneLine(String(a.answer));
}

export interface QualifierMailInput {
  to: string;
  keyword: string;
  evaluation: QualifierEvaluation;
  answers: readonly QualifierAnswerItem[];
  sizeTier: SizeTier | null;
  senderName: string;
}

/**
 * The result email (plain text): the keyword, the score, the result band and each answer with its
 * feedback. Every text except the member's keyword and answers comes from the shared content.
 */
export function qualifierResultMail(input: QualifierMailInput): MailMessage {
  const keyword = oneLine(input.keyword);
  const band = RESULT_BANDS[input.evaluation.result];
  const lines: string[] = [
    'Hello,',
    '',
    sendMessage(input.evaluation.success),
    '',
    `Keyword: ${keyword}`,
    `Score: ${input.evaluation.score} / ${QUALIFIER_MAX_SCORE}`,
    `Result: ${band.heading} (${input.evaluation.result})`,
    band.message,
  ];
  if (input.sizeTier)
    lines.push(
      `Size tier: ${input.sizeTier} (aim for an average price of $${PRICE_THRESHOLDS[input.sizeTier]} or more)`,
    );
  lines.push('', 'Your answers', '');
  input.answers.forEach((a, i) => {
    lines.push(`${i + 1}. ${a.question}`, `   Answer: ${answerText(a)}`);
    if (a.feedback) lines.push(`   Feedback: ${a.feedback}`);
    lines.push('');
  });
  lines.push(
    `Sent by ${oneLine(input.senderName, 100)} from the Product Qualifier Tool.`,
    'These results are estimates to guide your research; they do not guarantee any result.',
  );
  return {
    to: input.to,
    subject: `Product Qualifier results for "${keyword}": ${band.heading}`,
    text: lines.join('\n'),
  };
}

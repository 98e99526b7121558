import Router from '@koa/router';
import { evaluateQualifier } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { canHaveLaunchCard } from '@shared/policies';
import {
  QUALIFIER_LIMITS,
  qualifierSaveSchema,
  qualifierSendSchema,
  qualifierStartSchema,
  todayUtc,
} from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import { badRequest, tooManyRequests } from '../../core/errors';
import { enqueueMail } from '../../core/queue';
import { hitRateLimit } from '../../core/rate-limit';
import { assertCan } from '../../core/refuse';
import type { PortalContext, PortalState } from '../../core/context';
import { vatRatesInForce } from '../fees';
import { presentProduct } from '../products';
import { startProduct } from './launch';
import { qualifierResultMail } from './mail';
import { keywordOf, loadProgress, normalizeAnswers, saveProgress } from './service';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Product Qualifier (docs/areas/seller-tools.md#api): the member's saved progress, and the result email. The server
 * recomputes score and result from the answers on every call; it never trusts the client's.
 */
export function qualifierRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/product-qualifier' });

  router.get(
    '/',
    ...endpoint({ authorize: 'qualifier:use' }, async (ctx) => {
      ctx.body = { progress: await loadProgress(ctx.deps.knex, ctx.user.id) };
    }),
  );

  router.post(
    '/save',
    ...endpoint({ input: qualifierSaveSchema, authorize: 'qualifier:use', transaction: true }, async (ctx) => {
      const sizeTier = ctx.input.sizeTier ?? null;
      const answers = normalizeAnswers(ctx.input.answers, sizeTier);
      const rated = ctx.input.rated === true;
      // docs/areas/seller-tools.md#validation: the first question (the keyword) is required to rate a product.
      if (rated && !keywordOf(answers)) throw badRequest(MESSAGES.fieldRequired, { keyword: MESSAGES.fieldRequired });
      const progress = await saveProgress(ctx.trx, ctx.user.id, answers, sizeTier, rated);
      ctx.body = { progress };
    }),
  );

  /** 'Start this product' (docs/areas/seller-tools.md#from-qualifier-to-launch): the product, the launch card and the links, in one transaction. */
  router.post(
    '/start',
    ...endpoint({ input: qualifierStartSchema, authorize: 'qualifier:use', transaction: true }, async (ctx) => {
      // It makes a product too: the Power Profit Tool's policy as well.
      const user = assertCan(ctx, 'product:use');
      const started = await startProduct(ctx.trx, {
        userId: user.id,
        input: ctx.input,
        withCard: canHaveLaunchCard(user),
      });
      ctx.body = {
        progress: started.progress,
        product: presentProduct(started.product, await vatRatesInForce(ctx.trx, todayUtc())),
        cardId: started.cardId,
        message: MESSAGES.productStarted,
      };
    }),
  );

  // Not in a transaction: the rate-limit hit counts even when the member is over the limit. The
  // mail is a job of the mail queue (docs/areas/jobs.md), sent and retried by a worker.
  /** The result by email, at most QUALIFIER_LIMITS.emailsPerHour an hour. */
  router.post(
    '/send',
    ...endpoint({ input: qualifierSendSchema, authorize: 'qualifier:use' }, async (ctx) => {
      const { user, input } = ctx;
      const { knex, log } = ctx.deps;
      const limit = await hitRateLimit(knex, `qualifier-send:${user.id}`, HOUR_MS);
      if (limit.count > QUALIFIER_LIMITS.emailsPerHour) {
        throw tooManyRequests(MESSAGES.tooManyQualifierEmails, limit.retryAfterSeconds);
      }
      const sizeTier = input.sizeTier ?? null;
      const answers = normalizeAnswers(input.answers, sizeTier);
      const evaluation = evaluateQualifier(answers);
      const message = qualifierResultMail({
        to: input.email,
        keyword: input.keywords,
        evaluation,
        answers,
        sizeTier,
        senderName: user.fullName,
      });
      await enqueueMail(knex, message);
      log.info('qualifier result queued', { userId: user.id, score: evaluation.score });
      ctx.body = {
        success: true,
        message: MESSAGES.qualifierEmailSent,
        score: evaluation.score,
        result: evaluation.result,
      };
    }),
  );

  return router;
}

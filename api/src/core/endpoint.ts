import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import type { Action, Subject } from '@shared/policies';
import { auth, type AuthOptions } from './auth';
import { authorize, type Policy } from './authorize';
import type { PortalContext } from './context';
import type { SessionUser } from './session-types';
import { transaction, type TransactionOptions } from './transaction';
import { validate, type InputSource } from './validate';

type Schema = ObjectSchema<AnyObject>;
type InputOf<S, Ids extends string> = (S extends Schema ? InferType<S> : object) & Record<Ids, number>;

export interface EndpointOptions<
  S extends Schema | undefined,
  Ids extends string,
  Sub extends Subject | undefined,
  Tx extends boolean | TransactionOptions,
> {
  /** `false` for a public route; options for `auth()` otherwise (default: a signed-in, unblocked user). */
  auth?: AuthOptions | false;
  /** The shared yup schema of the input, and where the input is read (default: the JSON body). */
  input?: S;
  from?: InputSource;
  /** Route parameters that are ids, validated first and added to `ctx.input`. */
  ids?: readonly Ids[];
  rename?: Record<string, string>;
  /** The policy: an action of `can()`, or an action with a loader of its subject. */
  authorize?: Action | Policy<Sub>;
  /** `true` (or options) to run the handler in one transaction on `ctx.trx`. */
  transaction?: Tx;
}

/** What a handler of the chain sees: the validated input, the checked subject, the transaction. */
export type EndpointContext<I, Sub = undefined, Tx = false> = PortalContext & {
  input: I;
  subject: Sub;
  user: SessionUser;
  trx: Tx extends false ? undefined : Knex.Transaction;
};

/**
 * One endpoint, always the same chain:
 * `auth() -> validate(schema) -> authorize(policy, load?) -> transaction() -> handler`.
 * The handler calls the feature's service and sets `ctx.body` from a presenter.
 *
 * ```ts
 * router.post('/upsert', ...endpoint({ input: tagUpsertSchema, authorize: 'tag:manage', transaction: true },
 *   async (ctx) => { ctx.body = { tag: presentTag(await saveTag(ctx.trx, ctx.input)) }; }));
 * ```
 */
export function endpoint<
  S extends Schema | undefined = undefined,
  Ids extends string = never,
  Sub extends Subject | undefined = undefined,
  Tx extends boolean | TransactionOptions = false,
>(
  options: EndpointOptions<S, Ids, Sub, Tx>,
  handler: (ctx: EndpointContext<InputOf<S, Ids>, Sub, Tx>) => Promise<void> | void,
): Middleware[] {
  const chain: Middleware[] = [];
  if (options.auth !== false) chain.push(auth(options.auth ?? {}));
  chain.push(validate(options.input, { from: options.from, ids: options.ids, rename: options.rename }));
  if (options.authorize) chain.push(authorize(options.authorize));
  if (options.transaction) {
    chain.push(transaction(options.transaction === true ? {} : options.transaction));
  }
  chain.push(async (ctx) => {
    const c = ctx as unknown as EndpointContext<InputOf<S, Ids>, Sub, Tx>;
    if (c.state.user) c.user = c.state.user;
    await handler(c);
  });
  return chain;
}

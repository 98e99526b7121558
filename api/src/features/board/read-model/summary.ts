import type { Knex } from 'knex';
import type { BoardSummary } from '@shared/types/board';
import { Board } from '../../../models';
import { lookupBoard } from '../access/policies';
import { boardSummary } from './board';

/**
 * The dashboard donut: cards per status on the actor's own board (an admin's: the template).
 * Before the board exists, the figures are those of the template it will be copied from.
 */
export async function summaryFor(knex: Knex, actorId: number): Promise<BoardSummary> {
  const found = await lookupBoard(knex, actorId);
  const owner = found?.board.owner.id ?? actorId;
  let source = owner;
  if (!found?.board.exists) {
    const template = await Board.query(knex).where({ is_template: true }).first().select('user_id');
    source = template?.user_id ?? owner;
  }
  return { ...(await boardSummary(knex, source)), userId: owner };
}

import { MAX_LABELS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { LabelUpsertInput } from '@shared/schemas/board';
import { badRequest, conflict, isUniqueViolation } from '../../../core/errors';
import { CardLabel, Label } from '../../../models';
import { record, type BoardWrite } from './board-write';
import { recordLabelChanged } from './history';
import { touched, type BoardTouch } from './touch';

/**
 * The label commands. Labels belong to the board's owner: at most MAX_LABELS, each colour once (a
 * unique (user, colour) index, so two concurrent creations cannot both take a colour or pass the
 * limit). A label created, changed or deleted changes the board's label list and possibly many
 * cards, so viewers read the board again.
 */

/** A colour is used once per board (a unique index): a second use is a 409 on `color`. */
async function onColor<T>(write: PromiseLike<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err, 'mtn_labels_user_color_unique')) {
      throw conflict(MESSAGES.labelColorUsed, { color: MESSAGES.labelColorUsed });
    }
    throw err;
  }
}

/** One statement: inserts only while the owner has fewer than MAX_LABELS labels. */
export async function createLabel(
  w: BoardWrite,
  input: LabelUpsertInput,
): Promise<{ label: Label; touch: BoardTouch }> {
  const inserted = await onColor(
    w.trx.raw<{ rows: Label[] }>(
      `insert into mtn_labels (user_id, name, color)
       select ?, ?, ? where (select count(*) from mtn_labels where user_id = ?) < ?
       returning *`,
      [w.ownerId, input.name, input.color, w.ownerId, MAX_LABELS],
    ),
  );
  const label = inserted.rows[0];
  if (!label) throw badRequest(MESSAGES.tooManyLabels, { color: MESSAGES.tooManyLabels });
  return { label, touch: record(w, touched(w.ownerId, 'labels-changed', { reset: true })) };
}

export async function updateLabel(
  w: BoardWrite,
  id: number,
  input: LabelUpsertInput,
): Promise<{ label: Label; touch: BoardTouch }> {
  const [label] = await onColor(
    Label.query(w.trx).patch({ name: input.name, color: input.color }).where({ id }).returning('*'),
  );
  return { label: label!, touch: record(w, touched(w.ownerId, 'labels-changed', { reset: true })) };
}

export async function deleteLabel(w: BoardWrite, id: number): Promise<BoardTouch> {
  await Label.query(w.trx).delete().where({ id });
  return record(w, touched(w.ownerId, 'labels-changed', { reset: true }));
}

/** Puts label `labelId` on card `cardId` (its history row only when that changes the card). */
export async function addLabel(w: BoardWrite, cardId: number, labelId: number): Promise<BoardTouch> {
  await recordLabelChanged(w.trx, w.actor.id, cardId, labelId, true);
  await w.trx.raw('insert into mtn_card_labels (card_id, label_id) values (?, ?) on conflict do nothing', [
    cardId,
    labelId,
  ]);
  return record(w, touched(w.ownerId, 'card-labelled', { cards: [cardId] }));
}

/** Takes label `labelId` off card `cardId`. */
export async function removeLabel(w: BoardWrite, cardId: number, labelId: number): Promise<BoardTouch> {
  await recordLabelChanged(w.trx, w.actor.id, cardId, labelId, false);
  await CardLabel.query(w.trx).delete().where({ card_id: cardId, label_id: labelId });
  return record(w, touched(w.ownerId, 'card-labelled', { cards: [cardId] }));
}

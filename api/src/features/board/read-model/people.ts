import { MAX_COACHES_LISTED } from '@shared/limits';
import { User } from '../../../models';
import type { Person } from '../presenters';
import type { Db } from './queries';

/** The coaches a comment may mention (at most MAX_COACHES_LISTED), by name. */
export async function listCoaches(db: Db): Promise<Person[]> {
  return await User.query(db)
    .where({ role: 'coach' })
    .orderByRaw('lower(full_name), id')
    .limit(MAX_COACHES_LISTED)
    .select('id', 'full_name', 'photo_url');
}

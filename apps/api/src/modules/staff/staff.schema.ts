import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.schema';
import { users } from '../users/users.schema';

/** The stores a staff user (manager, reception, professional) works in; the owner (admin) has every store without rows. */
export const userStores = pgTable(
  'user_stores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'user_stores_pk', columns: [t.userId, t.storeId] }),
    index('user_stores_store_idx').on(t.storeId),
  ],
);

import { type OrderTimeline, orderStatusField } from '@petshop/domain';
import type { Db } from '../../db/client';
import * as repo from './orders.repository';

const status = (value: string) => orderStatusField.parse(value);

type Item = Awaited<ReturnType<typeof repo.itemsOf>>[number];

/** The items of these orders, read at once, by order. */
export async function itemsByOrder(db: Db, orderIds: number[]) {
  const byOrder = new Map<number, Item[]>();
  for (const item of await repo.itemsOf(db, orderIds)) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return (orderId: number) => byOrder.get(orderId) ?? [];
}

/** The status history of these orders, read at once, by order. */
export async function timelineByOrder(db: Db, orderIds: number[]) {
  const byOrder = new Map<number, OrderTimeline>();
  for (const event of await repo.eventsOf(db, orderIds)) {
    const list = byOrder.get(event.orderId) ?? [];
    list.push({ status: status(event.status), at: event.at.toISOString() });
    byOrder.set(event.orderId, list);
  }
  return (orderId: number) => byOrder.get(orderId) ?? [];
}

import type { Db } from '../client';

/** Demo catalogue: services, employees and products with images shipped in apps/web/public. */
export async function seedDemoData(_db: Db) {}

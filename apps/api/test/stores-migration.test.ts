import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BareDatabase, emptyDatabase, journalTags, runMigration } from './support/migration-steps';

/** The journal as the previous version shipped it (one store, no `store_id` anywhere), in its order. */
const PREVIOUS_VERSION = [
  '0000_init',
  '0001_pets_deleted_at',
  '0002_address_street_district_shipping',
  '0003_shipping_default_rates',
  '0004_accounts_messages',
  '0005_catalog_change_notify',
  '0006_durations_size_prices',
  '0007_appointment_statuses',
  '0008_order_delivery_timeline',
  '0009_pet_health_card',
  '0010_payments_settle',
  '0011_employee_schedule',
  '0012_agenda_index',
  '0013_report_indexes',
  '0020_stores',
  '0016_cards_refunds',
];
let db: BareDatabase;
beforeAll(async () => {
  db = await emptyDatabase();
  for (const tag of PREVIOUS_VERSION) await runMigration(db, tag);
  // A shop running the previous version: its store with an address, two employees (one with hours
  // of their own), appointments of both, and orders shipped and picked up.
  await db.exec(`
    insert into states (id, name, uf) values (35, 'São Paulo', 'SP');
    insert into cities (id, name, state_id) values (3550308, 'São Paulo', 35);
    update stores set cep = '01310100', street = 'Avenida Paulista', number = '1000', district = 'Bela Vista',
      city_id = 3550308, phone = '1133334444';
    update store_hours set start_time = '09:00' where weekday = 6;
    insert into users (name, email, cpf, phone, password_hash) values ('Ana', 'ana@exemplo.com.br', '52998224725', '11987654321', 'x');
    insert into pets (user_id, name, age, specie, size) values (1, 'Rex', 3, 'Cachorro', 'Médio'), (1, 'Mimi', 2, 'Gato', 'Pequeno');
    insert into services (name, price_cents, price_small_cents, price_medium_cents, price_large_cents)
      values ('Banho', 5000, 5000, 6000, 7000);
    insert into employees (name, phone, position, service_id) values
      ('Juliana', '11987654321', 'Banhista', 1), ('Rafael', '11987654322', 'Tosador', 1);
    update employees set schedule_set_at = now() where id = 2;
    insert into employee_hours (employee_id, weekday, start_time, end_time) values (2, 2, '10:00', '16:00');
    insert into appointments (user_id, pet_id, service_id, employee_id, appointment_date, appointment_time, price_cents, status) values
      (1, 1, 1, 1, '2030-01-08', '10:00', 6000, 'Agendado'),
      (1, 2, 1, 2, '2030-01-08', '10:00', 5000, 'Agendado'),
      (1, 1, 1, 2, '2020-01-07', '11:00', 6000, 'Concluído');
    insert into payments (user_id, method, total_cents, status) values (1, 'Pix', 1000, 'Aprovado'), (1, 'Pix', 2000, 'Aprovado');
    insert into orders (user_id, payment_id, status, total_cents, address_street, address_number, address_complement, address_district, address_city, address_state, address_cep) values
      (1, 1, 'Processando', 1000, 'Rua A', '1', '', 'Centro', 'São Paulo', 'SP', '01310100');
    insert into orders (user_id, payment_id, status, total_cents, delivery_method) values (1, 2, 'Entregue', 2000, 'Retirada na loja');
  `);
  for (const tag of journalTags.filter((tag) => !PREVIOUS_VERSION.includes(tag))) await runMigration(db, tag);
});
afterAll(() => db.close());

describe('migration 0018 (several stores) on a database of the previous version', () => {
  it('keeps the one store as the main store, active, its state taken from its city, its hours as they were', async () => {
    const stores = await db.query<{ id: number; name: string; active: boolean; uf: string; main: number }>(
      `select s.id, s.name, s.active, st.uf, main_store_id() as main from stores s join states st on st.id = s.state_id`,
    );
    expect(stores).toEqual([{ id: 1, name: 'Loja principal', active: true, uf: 'SP', main: 1 }]);
    const saturday = await db.query<{ start_time: string }>(`select start_time from store_hours where weekday = 6`);
    expect(saturday).toEqual([{ start_time: '09:00' }]);
  });

  it("puts every employee, with their hours, and every appointment and order in 'Loja principal'", async () => {
    expect(await db.query(`select id, store_id from employees order by id`)).toEqual([
      { id: 1, store_id: 1 },
      { id: 2, store_id: 1 },
    ]);
    expect(await db.query(`select employee_id, weekday, start_time from employee_hours`)).toEqual([
      { employee_id: 2, weekday: 2, start_time: '10:00' },
    ]);
    expect(await db.query(`select id, store_id, status from appointments order by id`)).toEqual([
      { id: 1, store_id: 1, status: 'Agendado' },
      { id: 2, store_id: 1, status: 'Agendado' },
      { id: 3, store_id: 1, status: 'Concluído' },
    ]);
    expect(await db.query(`select id, store_id, delivery_method from orders order by id`)).toEqual([
      { id: 1, store_id: 1, delivery_method: 'Entrega' },
      { id: 2, store_id: 1, delivery_method: 'Retirada na loja' },
    ]);
  });

  it('then every row has a store: new rows default to the main one, an appointment takes its employee’s', async () => {
    await expect(db.exec(`update employees set store_id = null where id = 1`)).rejects.toThrow();
    await db.exec(`insert into stores (name) values ('Loja Moema')`);
    await db.exec(
      `insert into employees (name, phone, position, service_id, store_id) values ('Bia', '11987654323', 'Banhista', 1, 2)`,
    );
    await db.exec(
      `insert into employees (name, phone, position, service_id) values ('Caio', '11987654324', 'Banhista', 1)`,
    );
    expect(await db.query(`select name, store_id from employees where id > 2 order by id`)).toEqual([
      { name: 'Bia', store_id: 2 },
      { name: 'Caio', store_id: 1 },
    ]);
    await db.exec(`insert into appointments (user_id, pet_id, service_id, employee_id, appointment_date, appointment_time, price_cents, store_id)
      values (1, 1, 1, 3, '2030-01-09', '10:00', 6000, 1)`);
    expect(await db.query(`select store_id from appointments where employee_id = 3`)).toEqual([{ store_id: 2 }]);
  });
});

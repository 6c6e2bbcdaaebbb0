import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeDaysOff, employeeHours } from '../src/db/schema';
import { findSchedules, replaceSchedule } from '../src/modules/employees/employee-schedule.repository';
import { createTestContext, type TestContext } from './helper';
import { bookingFixtures } from './support/booking';

let t: TestContext;
let f: ReturnType<typeof bookingFixtures>;

beforeAll(async () => {
  t = await createTestContext();
  f = bookingFixtures(t);
});
afterAll(() => t.close());

describe('schedule storage', () => {
  it('reads many schedules in one query: the default for those without one, ordered weeks and days off', async () => {
    const [plain, custom, off] = [await f.employee('Ana'), await f.employee('Bia'), await f.employee('Caio')];
    await t.db.transaction(async (tx) => {
      await replaceSchedule(tx, custom, {
        week: [
          { weekday: 5, start: '13:00', end: '24:00' },
          { weekday: 2, start: '10:00', end: '12:00' },
        ],
        daysOff: ['2030-03-02', '2030-01-15'],
      });
      await replaceSchedule(tx, off, { week: [], daysOff: [] });
    });
    const schedules = await findSchedules(t.db, [plain, custom, off, 2_000_000]);
    expect(schedules.size).toBe(3);
    expect(schedules.get(plain)?.week.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(schedules.get(plain)?.daysOff).toEqual([]);
    expect(schedules.get(custom)).toEqual({
      week: [
        { weekday: 2, start: '10:00', end: '12:00' },
        { weekday: 5, start: '13:00', end: '24:00' },
      ],
      daysOff: ['2030-01-15', '2030-03-02'],
    });
    expect(schedules.get(off)).toEqual({ week: [], daysOff: [] });
    const ranged = await findSchedules(t.db, [custom], { from: '2030-02-01', to: '2030-03-31' });
    expect(ranged.get(custom)?.daysOff).toEqual(['2030-03-02']);
  });

  it('lets the database refuse bad hours and repeated rows', async () => {
    const id = await f.employee('Duda');
    const bad = [
      { weekday: 7, startTime: '08:00', endTime: '12:00' },
      { weekday: 1, startTime: '08:15', endTime: '12:00' },
      { weekday: 1, startTime: '12:00', endTime: '12:00' },
      { weekday: 1, startTime: '13:00', endTime: '09:00' },
      { weekday: 1, startTime: '24:00', endTime: '24:00' },
      { weekday: 1, startTime: '08:00', endTime: '24:30' },
    ];
    for (const row of bad) {
      await expect(t.db.insert(employeeHours).values({ employeeId: id, ...row })).rejects.toThrow();
    }
    await t.db.insert(employeeHours).values({ employeeId: id, weekday: 1, startTime: '08:00', endTime: '24:00' });
    await expect(
      t.db.insert(employeeHours).values({ employeeId: id, weekday: 1, startTime: '09:00', endTime: '10:00' }),
    ).rejects.toThrow();
    await t.db.insert(employeeDaysOff).values({ employeeId: id, day: '2030-01-15' });
    await expect(t.db.insert(employeeDaysOff).values({ employeeId: id, day: '2030-01-15' })).rejects.toThrow();
    const rows = await t.db.select().from(employeeHours).where(eq(employeeHours.employeeId, id));
    expect(rows).toEqual([{ employeeId: id, weekday: 1, startTime: '08:00', endTime: '24:00' }]);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedReferenceData } from '../src/db/seed/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

/**
 * Migrates and loads reference data once: a PGlite data-dir snapshot for the embedded runs and a
 * template database on PostgreSQL (TEST_DATABASE_URL) that each test file copies.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'petshop-test-'));
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];

  // The project's `env` reaches test workers only, so the project is told apart by its name here.
  if (project.name === 'api-pg' || project.name === 'resilience') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error(`TEST_DATABASE_URL is required for the ${project.name} tests (PostgreSQL)`);
    const template = `petshop_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = openDatabase({ url: templateUrl.toString(), dataDir: '', poolSize: 1 });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', '');
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    });
  } else {
    const database = openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedReferenceData(database.db);
    const snapshotFile = join(dir, 'snapshot.tar.gz');
    const { PGlite } = await import('@electric-sql/pglite');
    const client = (database.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
    const blob = await client.dumpDataDir('gzip');
    writeFileSync(snapshotFile, Buffer.from(await blob.arrayBuffer()));
    await database.close();
    project.provide('pgliteSnapshot', snapshotFile);
    project.provide('pgTemplate', '');
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}

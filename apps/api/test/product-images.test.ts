import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUrlsInUse } from '../src/modules/catalog/catalog.service';
import { diskImageStorage } from '../src/modules/product-images/image-storage';
import { removeUnusedPhotos, UNUSED_PHOTO_GRACE_MS } from '../src/modules/product-images/product-images.service';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { canMountTmpfs, smallDisk } from './support/full-disk';

let t: TestContext;
let admin: LoggedIn;
let customer: LoggedIn;
const uploadsDir = mkdtempSync(join(tmpdir(), 'petshop-uploads-test-'));

/** A photo-like picture: random noise compresses about as badly as a real photo does. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    [format]()
    .withExif({ IFD0: { Copyright: 'Pet', ImageDescription: 'GPS -23.55,-46.63' } })
    .toBuffer();
}

function upload(bytes: Buffer, type = 'image/jpeg', headers: Record<string, string> = admin.auth, name = 'foto.jpg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return t.app.inject({ method: 'POST', url: '/api/products/images', headers, payload: form });
}

const storedFiles = () => readdirSync(join(uploadsDir, 'products'), { recursive: true }).length;

beforeAll(async () => {
  t = await createTestContext({ UPLOADS_DIR: uploadsDir });
  admin = await t.admin();
  customer = await t.customer();
});

afterAll(async () => {
  await t.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe('POST /products/images', () => {
  it('stores a 4000×3000 JPEG as WebP in 320, 640 and 1280 px, without its metadata, served for a year', async () => {
    const original = await photo(4000, 3000);
    const res = await upload(original);
    expect(res.statusCode, res.body).toBe(201);
    const { url, srcSet } = res.json().data;
    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}-640\.webp$/);
    const base = url.replace(/-640\.webp$/, '');
    expect(srcSet).toBe(`${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-1280.webp 1280w`);

    const sizes: Record<number, number> = {};
    for (const width of [320, 640, 1280]) {
      const file = await t.app.inject({ method: 'GET', url: `${base}-${width}.webp` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([width, (width * 3) / 4]);
      expect(meta.exif).toBeUndefined();
      sizes[width] = file.rawPayload.length;
    }
    expect(sizes[1280]).toBeLessThan(original.length / 4);
    // The figure the closing note reports.
    console.info(`4000×3000 JPEG ${original.length} B → WebP ${JSON.stringify(sizes)} B`);
  });

  it('accepts PNG and WebP and never enlarges a small picture', async () => {
    const png = await upload(await photo(500, 400, 'png'), 'image/png', admin.auth, 'foto.png');
    expect(png.statusCode, png.body).toBe(201);
    const big = await t.app.inject({ method: 'GET', url: png.json().data.url.replace('-640', '-1280') });
    expect((await sharp(big.rawPayload).metadata()).width).toBe(500);

    const webp = await upload(await photo(800, 800, 'webp'), 'image/webp', admin.auth, 'foto.webp');
    expect(webp.statusCode, webp.body).toBe(201);
  });

  it('turns a phone photo upright by its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(sideways);
    expect(res.statusCode, res.body).toBe(201);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.url.replace('-640', '-320') });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 640]);
  });

  it('judges the file by its content: a text file named .jpg is 415 and nothing is stored', async () => {
    const before = storedFiles();
    const res = await upload(Buffer.from('não sou uma imagem'), 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_IMAGE',
      message: 'Envie uma imagem JPEG, PNG ou WebP de até 5 MB.',
    });

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'image/gif', admin.auth, 'a.gif')).statusCode).toBe(415);
    expect(storedFiles()).toBe(before);
  });

  it('refuses a file over 5 MB with a pt-BR 413 and stores nothing', async () => {
    const before = storedFiles();
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 0xff));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'A imagem deve ter no máximo 5 MB.' });
    expect(storedFiles()).toBe(before);
  });

  it('asks for a file when none is sent, and takes no JSON', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/products/images',
      headers: admin.auth,
      payload: new FormData(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Escolha uma imagem.' });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/products/images',
      headers: admin.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('is for admins only', async () => {
    const bytes = await photo(400, 300);
    const before = storedFiles();
    expect((await upload(bytes, 'image/jpeg', customer.auth)).statusCode).toBe(403);
    expect((await upload(bytes, 'image/jpeg', {})).statusCode).toBe(401);
    expect(storedFiles()).toBe(before);
  });

  it('the returned address is what a product keeps, and the catalogue shows it', async () => {
    const { url } = (await upload(await photo(1000, 1000))).json().data;
    const [category] = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data;
    const [species] = (await t.app.inject({ method: 'GET', url: '/api/species' })).json().data;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: { name: 'Coleira', price: 10, stock: 1, category_id: category.id, species_id: species.id, url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${created.json().data.id}` });
    expect(read.json().data.url).toBe(url);
  });

  it('a missing upload is a 404, and no folder is listed', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/uploads/products/nada-640.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/products/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../config.ts' })).statusCode).toBe(404);
  });
});

const diskUsed = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map((name) => statSync(join(dir, String(name))))
    .filter((info) => info.isFile())
    .reduce((sum, info) => sum + info.size, 0);

describe('photos no product names any more', () => {
  it('50 replacements: every old photo leaves the disk after the grace period, the current one stays', async () => {
    const [category] = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data;
    const [species] = (await t.app.inject({ method: 'GET', url: '/api/species' })).json().data;
    const body = (url: string) => ({
      name: 'Cama',
      price: 99,
      stock: 3,
      category_id: category.id,
      species_id: species.id,
      url,
    });
    const bytes = await photo(1600, 1200);
    const first = (await upload(bytes)).json().data.url as string;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: body(first),
    });
    const id = created.json().data.id as number;
    const productsDir = join(uploadsDir, 'products');
    const before = diskUsed(productsDir);
    let current = first;
    for (let i = 0; i < 50; i += 1) {
      current = (await upload(bytes)).json().data.url;
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: admin.auth,
        payload: body(current),
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    // A product deleted (no orders): its photo goes too. One uploaded for a form not yet saved stays.
    const doomedUrl = (await upload(bytes)).json().data.url as string;
    const doomed = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: body(doomedUrl),
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/products/${doomed.json().data.id}`, headers: admin.auth }))
        .statusCode,
    ).toBeLessThan(300);

    const storage = diskImageStorage(uploadsDir);
    const grown = diskUsed(productsDir);
    // Within the grace period nothing goes: open pages may still ask for the old photos.
    expect(await removeUnusedPhotos(storage, await photoUrlsInUse(t.db))).toBe(0);
    const later = new Date(Date.now() + UNUSED_PHOTO_GRACE_MS + 60_000);
    const removed = await removeUnusedPhotos(storage, await photoUrlsInUse(t.db), later);
    const after = diskUsed(productsDir);
    const kb = (bytes: number) => Math.round(bytes / 1024);
    console.info(
      `50 photo replacements: the photos folder went from ${kb(before)} KB to ${kb(grown)} KB ` +
        `(${kb((grown - before) / 51)} KB a photo, all widths); after the sweep ${kb(after)} KB, ${removed} files removed`,
    );
    const name = (url: string) => url.replace('/uploads/', '').replace('-640.webp', '');
    const left = readdirSync(productsDir).map((f) => `products/${f}`);
    expect(left.some((f) => f.startsWith(name(current)))).toBe(true);
    expect(left.some((f) => f.startsWith(name(first)))).toBe(false);
    expect(left.some((f) => f.startsWith(name(doomedUrl)))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: current })).statusCode).toBe(200);
    expect(after).toBeLessThan(grown / 10);
  }, 180_000);

  it.runIf(canMountTmpfs())('a full disk: a pt-BR 503, and no file or .partial is left behind', async () => {
    const disk = smallDisk('8m');
    const full = await createTestContext({ UPLOADS_DIR: disk.dir });
    try {
      const owner = await full.admin();
      disk.fill();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await photo(2000, 1500))], { type: 'image/jpeg' }), 'foto.jpg');
      const res = await full.app.inject({
        method: 'POST',
        url: '/api/products/images',
        headers: owner.auth,
        payload: form,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'DISK_FULL', message: expect.stringMatching(/espaço/) });
      const left = readdirSync(disk.dir, { recursive: true }).map(String);
      expect(left.filter((f) => f.endsWith('.partial') || f.endsWith('.webp'))).toEqual([]);
    } finally {
      await full.close();
      disk.unmount();
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { mountWebApp } from './static-files.ts';

describe('mountWebApp', () => {
  // Under the working directory, as the real build is: the static root is given relative to it.
  fs.mkdirSync('.data', { recursive: true });
  const dist = fs.mkdtempSync(path.join(process.cwd(), '.data', 'web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Penman</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const app = new Hono();
  mountWebApp(app, dist);
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('serves a built asset, cached for a year', async () => {
    const response = await app.request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('answers an asset that is not there (a tab left open across an upgrade) with 404, not the page', async () => {
    const response = await app.request('/assets/index-old999.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type') ?? '').not.toMatch(/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("gives every other path the page, for the client's router", async () => {
    const response = await app.request('/dashboard/drafts');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Penman</title>');
  });
});

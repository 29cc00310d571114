import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVED_COMMANDS } from '@svc/contracts/commands';
import { serverSuite } from '../e2e/svc-cli-harness';

// /docs in a real browser: headless Chromium (Debian's `chromium`, installed by .ci/run) loads the
// page, runs Swagger UI and renders the served OpenAPI document. Under CI it must run.
const run = promisify(execFile);
const CHROMIUM = ['chromium', 'chromium-browser', 'google-chrome'];

async function findChromium(): Promise<string | null> {
  for (const bin of CHROMIUM) {
    try {
      await run(bin, ['--version'], { timeout: 20_000 });
      return bin;
    } catch {
      // not this one
    }
  }
  return null;
}

const browser = await findChromium();
if (!browser && process.env.CI === 'true') throw new Error('CI: chromium is missing; .ci/run installs it from Debian');
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--virtual-time-budget=15000'];

const suite = serverSuite('svc-docs-', { onFault: () => {} });

describe.skipIf(!browser)(`/docs in headless Chromium${browser ? '' : ' (skipped: no chromium here; CI installs it)'}`, () => {
  it('renders every served solve route and the page title from the served OpenAPI document', async () => {
    // Swagger UI virtualises a long operations list (only what the window shows is in the DOM):
    // a window tall enough for every operation of the solve tag puts them all there.
    const { stdout } = await run(browser!, [...FLAGS, '--window-size=1280,40000', '--dump-dom', `${suite.server.url}/docs`], { timeout: 90_000, maxBuffer: 64 * 1024 * 1024 });
    expect(stdout).toContain('svc decision solver API');
    for (const c of SERVED_COMMANDS) expect(stdout, c).toContain(`/api/v1/solve/${c}`);
    expect(stdout).toContain('/api/v1/compute');
    expect(stdout).not.toContain('jsonSchemaDialect');
  }, 120_000);

  it("a problem document's type opens in the browser at its code's page, which links the index", async () => {
    const refused = await fetch(`${suite.server.url}/api/v1/solve/maxcut`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { type, code } = (await refused.json()) as { type: string; code: string };
    expect(type).toBe(`${suite.server.url}/errors/${code}`);
    const page = (await run(browser!, [...FLAGS, '--dump-dom', type], { timeout: 90_000, maxBuffer: 16 * 1024 * 1024 })).stdout;
    expect(page).toContain(`<h1 id="${code}">${code}</h1>`);
    const index = (await run(browser!, [...FLAGS, '--dump-dom', `${suite.server.url}/errors`], { timeout: 90_000, maxBuffer: 16 * 1024 * 1024 })).stdout;
    expect(index).toContain(`href="/errors/${code}"`);
  }, 120_000);

  it('takes a screenshot of the rendered page', async () => {
    const png = join(suite.work, 'docs.png');
    await run(browser!, [...FLAGS, '--window-size=1280,1600', `--screenshot=${png}`, `${suite.server.url}/docs`], { timeout: 90_000 });
    expect(statSync(png).size).toBeGreaterThan(20_000);
  }, 120_000);
});

describe('/docs over plain HTTP', () => {
  it('serves the page, its static files and the document with every served command and its example', async () => {
    const page = await fetch(`${suite.server.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect((await fetch(`${suite.server.url}/docs/static/swagger-ui-bundle.js`)).status).toBe(200);
    const doc = (await (await fetch(`${suite.server.url}/docs/json`)).json()) as { paths: Record<string, any>; servers: { url: string }[] };
    expect(doc.servers[0].url).toBe(suite.server.url);
    for (const c of SERVED_COMMANDS) {
      const body = doc.paths[`/api/v1/solve/${c}`].post.requestBody.content['application/json'];
      expect(body.example.tag, c).toBe('svc-cortex-v1');
      expect(body.schema.$ref, c).toMatch(/Problem$/);
    }
  });
});

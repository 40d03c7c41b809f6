import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';

const run = promisify(execFile);
const REDOCLY = join(process.cwd(), 'node_modules/@redocly/cli/bin/cli.js');

interface Operation {
  security: object[];
  parameters: { name: string; in: string }[];
  responses: Record<string, unknown>;
}

/** Redocly CLI's recommended rules, offline: no telemetry, no update check, nothing to fetch. */
async function redoclyLint(document: object): Promise<{ totals: { errors: number; warnings: number }; problems: unknown[] }> {
  const folder = await mkdtemp(join(tmpdir(), 'minda-openapi-'));
  try {
    await writeFile(join(folder, 'openapi.json'), JSON.stringify(document));
    await writeFile(join(folder, 'redocly.yaml'), 'extends:\n  - recommended\ntelemetry: off\n');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };
    const lint = run(process.execPath, [REDOCLY, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'], { cwd: folder, env });
    // The CLI exits 1 when it finds errors; its report is on stdout either way.
    const { stdout } = await lint.catch((failure: { stdout: string }) => failure);
    return JSON.parse(stdout) as never;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('the OpenAPI document at /api/openapi.json', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    document = (await t.app.inject('/api/openapi.json')).json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const report = await redoclyLint(document);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('asks for the session cookie on operator routes only, and documents the refusals with their body', () => {
    const { paths } = document;
    expect(paths['/api/configuration']!.get!.security).toEqual([{ operatorSession: [] }]);
    expect(paths['/api/public/appointments']!.post!.security).toEqual([]);
    expect(paths['/api/configuration']!.put!.responses).toMatchObject({
      '400': { $ref: '#/components/responses/BadRequest' },
      '401': { $ref: '#/components/responses/NotSignedIn' },
    });
  });

  it('names the parameter of one path template the same for every method', () => {
    const availability = paths('/api/availability/{id}');
    for (const method of ['get', 'patch', 'delete']) {
      expect(availability[method]!.parameters.filter((p) => p.in === 'path').map((p) => p.name), method).toEqual(['id']);
    }
  });

  it('asks every booking for a solved challenge, and says where to get one', () => {
    const booking = paths('/api/public/appointments').post as unknown as {
      requestBody: { content: { 'application/json': { schema: { required: string[]; properties: Record<string, { description?: string }> } } } };
    };
    const body = booking.requestBody.content['application/json'].schema;
    expect(body.required).toContain('proofOfWork');
    expect(body.properties.proofOfWork!.description).toContain('/api/public/booking-challenge/{slug}');
    const challenge = paths('/api/public/booking-challenge/{slug}').get!;
    expect(challenge.security).toEqual([]);
    expect(challenge.parameters.map((p) => p.name)).toEqual(['slug']);
  });

  const paths = (path: string) => document.paths[path]!;
});

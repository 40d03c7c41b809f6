import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import createClient, { type Middleware } from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { solveBookingChallenge } from '../testing/booking-challenge-solver';
import { hoursFromNow, insertBookableScreener } from '../testing/booking-requests';
import { sessionCookie, startTestApp, type TestApp } from '../testing/test-app';

const run = promisify(execFile);
const bin = (path: string) => join(process.cwd(), 'node_modules', path);

interface Response {
  description: string;
  content?: Record<string, { schema: object }>;
  $ref?: string;
}
interface Operation {
  tags: string[];
  description: string;
  security: object[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response>; securitySchemes: Record<string, { name: string }> };
}

/** A folder of its own for a tool's run, with the project's node_modules beside what it checks. */
async function inFolder<T>(files: Record<string, string>, work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'minda-openapi-'));
  try {
    await symlink(join(process.cwd(), 'node_modules'), join(folder, 'node_modules'));
    await Promise.all(Object.entries(files).map(([name, text]) => writeFile(join(folder, name), text)));
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The tools report on stdout and exit non-zero when they find something; the report is what counts. */
const stdoutOf = (running: Promise<{ stdout: string }>) => running.then(({ stdout }) => stdout, (failure: { stdout?: string; stderr?: string }) => failure.stdout || String(failure.stderr));

/**
 * Redocly CLI's recommended rules, offline. One rule is off: a public read without input
 * (GET /api/visitor-info) has no 4xx to answer, and listing one would not be true.
 */
function redoclyLint(document: object): Promise<{ totals: { errors: number; warnings: number }; problems: unknown[] }> {
  const config = 'extends:\n  - recommended\nrules:\n  operation-4xx-response: off\ntelemetry: off\n';
  return inFolder({ 'openapi.json': JSON.stringify(document), 'redocly.yaml': config }, async (cwd) => {
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };
    const stdout = await stdoutOf(run(process.execPath, [bin('@redocly/cli/bin/cli.js'), 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'], { cwd, env }));
    return JSON.parse(stdout) as never;
  });
}

/** Spectral's recommended OpenAPI rules (`spectral:oas`): every finding, warnings and hints included. */
function spectralLint(document: object): Promise<{ code: string; path: string[]; message: string }[]> {
  return inFolder({ 'openapi.json': JSON.stringify(document), '.spectral.yaml': 'extends: ["spectral:oas"]\n' }, async (cwd) => {
    const args = [bin('@stoplight/spectral-cli/dist/index.js'), 'lint', 'openapi.json', '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'];
    return JSON.parse(await stdoutOf(run(process.execPath, args, { cwd }))) as never;
  });
}

/** The README's REST journey, compiled by tsc against a client openapi-typescript generated from the served document. */
async function compileReadmeJourney(document: object): Promise<string> {
  const guide = await readFile(join(process.cwd(), 'docs/api.md'), 'utf8');
  const section = guide.split('## A whole journey with a generated REST client')[1]!;
  const journey = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
  const tsconfig = {
    compilerOptions: { strict: true, noEmit: true, skipLibCheck: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', types: ['node'] },
    files: ['journey.ts'],
  };
  const types = astToString(await openapiTS(document as never));
  return inFolder({ 'minda-api.d.ts': types, 'journey.ts': journey, 'tsconfig.json': JSON.stringify(tsconfig) }, (cwd) =>
    stdoutOf(run(process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd }).then(() => ({ stdout: '' }))),
  );
}

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Checks an answer against the document: its status must be listed for the operation, not
 * covered by a catch-all, and its body must match that status' schema (JSON Schema 2020-12).
 */
function responseValidator(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const id = 'https://minda.test/openapi.json';
  ajv.addSchema({ ...document, $id: id });
  return (method: string, schemaPath: string, status: number, contentType: string, body: string): string[] => {
    const operationPointer = `#/paths/${escape(schemaPath)}/${method.toLowerCase()}`;
    const responses = document.paths[schemaPath]?.[method.toLowerCase()]?.responses;
    if (!responses) return [`${method} ${schemaPath} is not in the document`];
    let response = responses[String(status)];
    let pointer = `${operationPointer}/responses/${status}`;
    if (!response) return [`${method} ${schemaPath} answered ${status}, which the document does not list`];
    if (response.$ref) {
      pointer = response.$ref;
      response = document.components.responses[response.$ref.split('/').pop()!]!;
    }
    const mediaType = contentType.split(';')[0]!.trim();
    if (!response.content) return body === '' ? [] : [`${method} ${schemaPath} ${status} has a body the document does not describe`];
    if (!response.content[mediaType]) return [`${method} ${schemaPath} ${status} answered ${mediaType}, not ${Object.keys(response.content).join(', ')}`];
    const validate = ajv.getSchema(`${id}${pointer}/content/${escape(mediaType)}/schema`)!;
    const value: unknown = mediaType === 'application/json' ? JSON.parse(body) : body;
    return validate(value) ? [] : [`${method} ${schemaPath} ${status}: ${ajv.errorsText(validate.errors)}`];
  };
}

describe('the OpenAPI document at /api/openapi.json', () => {
  let t: TestApp;
  let document: Document;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    document = (await t.app.inject('/api/openapi.json')).json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  // The three tools run side by side: each is a few seconds of start-up.
  it("passes Spectral's recommended rules with no finding and Redocly's with no error or warning, and a client generated from it compiles the README journey", async () => {
    const [spectral, redocly, tsc] = await Promise.all([spectralLint(document), redoclyLint(document), compileReadmeJourney(document)]);
    expect(spectral).toEqual([]);
    expect(redocly.problems).toEqual([]);
    expect(redocly.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(tsc).toBe('');
  }, 40_000);

  it('names the session cookie as the server sets it over https, and asks for it on operator routes only', () => {
    expect(document.components.securitySchemes.operatorSession!.name).toBe('__Host-minda_session');
    expect(paths('/api/configuration').get!.security).toEqual([{ operatorSession: [] }]);
    expect(paths('/api/public/appointments').post!.security).toEqual([]);
  });

  it('carries path parameters in the path only, and no body where the path is the whole input', () => {
    for (const { path, method, operation } of operations()) {
      const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const body = operation.requestBody?.content['application/json']?.schema;
      for (const name of inPath) expect(Object.keys(body?.properties ?? {}), `${method} ${path}`).not.toContain(name);
    }
    const reschedule = paths('/api/public/appointments/manage/{token}/reschedule').post!;
    expect(reschedule.requestBody!.content['application/json']!.schema).toMatchObject({ required: ['slotId'] });
    expect(paths('/api/public/appointments/manage/{token}/confirm-email').post!.requestBody).toBeUndefined();
    expect(paths('/api/psychologists/{id}/calendar-link').post!.requestBody).toBeUndefined();
  });

  it('lists the refusals each route answers, with what 403 means there', () => {
    for (const { path, method, operation } of operations()) {
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      if (operation.requestBody) expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
      if (operation.security.length > 0) expect(Object.keys(operation.responses), `${method} ${path}`).toContain('401');
    }
    expect(Object.keys(paths('/api/public/appointments').post!.responses)).toEqual(expect.arrayContaining(['409', '429']));
    expect(Object.keys(paths('/api/public/appointments/manage/{token}/reschedule').post!.responses)).toEqual(expect.arrayContaining(['404', '409', '410']));
    // A role refusal on a read, a role or a cross-site request on a change, a cross-site request alone on a visitor's change.
    expect(paths('/api/members').get!.responses['403']!.description).toMatch(/^Refused: your role may not call it \(open to: owner\)/);
    expect(paths('/api/members').get!.responses['403']!.description).not.toMatch(/cross-site/);
    expect(paths('/api/members').post!.responses['403']!.description).toMatch(/role.*cross-site/);
    expect(paths('/api/public/appointments').post!.responses['403']!.description).toMatch(/^Refused: a browser's cross-site request/);
    expect(paths('/api/public/psychologists').get!.responses['403']).toBeUndefined();
    // Every member may read their own account, two-factor set-up or not.
    expect(paths('/api/me').get!.responses['403']).toBeUndefined();
    expect(paths('/api/psychologists').get!.responses['403']!.description).toMatch(/^Refused: your clinic requires two-factor sign-in/);
    expect(paths('/api/stripe/webhook').post!.responses['404']!.description).toMatch(/test mode/);
  });

  it("describes answers by what the procedures return: a default filled in is a field every answer has", () => {
    const psychologist = paths('/api/psychologists').post!.responses['201']!.content!['application/json']!.schema as { required: string[] };
    const created = paths('/api/psychologists').post!.requestBody!.content['application/json']!.schema as { required: string[] };
    expect(created.required).not.toContain('slotDurationMinutes');
    expect(psychologist.required).toContain('slotDurationMinutes');
  });

  it('is what the journey below checks answers against: an unlisted status, or a body off its schema, is a problem', () => {
    const validate = responseValidator(document);
    const psychologists = (status: number, body: string) => validate('GET', '/api/public/psychologists', status, 'application/json', body);
    expect(psychologists(200, '[]')).toEqual([]);
    expect(psychologists(200, '[{"id":1}]')).not.toEqual([]);
    expect(psychologists(404, '{"error":"Tiada"}')).toEqual([]);
    expect(psychologists(404, '{"message":"Tiada"}')).not.toEqual([]);
    expect(psychologists(409, '{"error":"Tiada"}')).toEqual(['GET /api/public/psychologists answered 409, which the document does not list']);
  });

  const paths = (path: string) => document.paths[path]!;
});

describe.each(TEST_DIALECTS)('a whole journey through openapi-fetch on %s, every answer checked against the document', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  let validate: ReturnType<typeof responseValidator>;
  const problems: string[] = [];
  const statuses: string[] = [];
  const checkEveryAnswer: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      statuses.push(`${request.method} ${schemaPath} ${response.status}`);
      problems.push(...validate(request.method, schemaPath, response.status, response.headers.get('content-type') ?? '', await response.clone().text()));
    },
  };
  const client = (headers: Record<string, string> = {}) => {
    // Untyped: this journey is about what the server answers; tsc checks the typed calls above.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the types are generated at run time
    const created = createClient<any>({ baseUrl, headers });
    created.use(checkEveryAnswer);
    return created;
  };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    validate = responseValidator((await t.app.inject('/api/openapi.json')).json());
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('books, confirms the e-mail, moves and is confirmed by the clinic; the refusals on the way match too', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const [first, second] = [await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(48)), await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(72))];
    const visitor = client({ 'x-minda-locale': 'ms' });
    const { slug, psychologistId } = screener;

    expect((await visitor.GET('/api/public/configuration/slug/{slug}', { params: { path: { slug } } })).response.status).toBe(200);
    const { data: psychologists } = await visitor.GET('/api/public/psychologists', { params: { query: { slug } } });
    expect(psychologists.map((p: { id: string }) => p.id)).toEqual([psychologistId]);
    const { data: slots } = await visitor.GET('/api/public/availability', { params: { query: { slug, psychologistId } } });
    expect(slots.map((slot: { id: string }) => slot.id)).toEqual([first, second]);
    const { data: challenge } = await visitor.GET('/api/public/booking-challenge/{slug}', { params: { path: { slug } } });
    const body = {
      slug,
      psychologistId,
      slotId: first,
      clientName: 'Nur Aisyah',
      clientEmail: 'nur.aisyah@example.com',
      clientPhone: '012-345 6789',
      clientTimezone: 'Asia/Kuala_Lumpur',
      proofOfWork: await solveBookingChallenge(challenge),
    };
    const booking = await visitor.POST('/api/public/appointments', { body });
    expect(booking.response.status).toBe(201);
    // The same slot again: taken (409), or the solved challenge refused once used (400).
    const again = await visitor.POST('/api/public/appointments', { body: { ...body, clientEmail: 'someone.else@example.com' } });
    expect([400, 409]).toContain(again.response.status);

    const mail = (await outboxEmailsTo(t.services.db, body.clientEmail))[0]!;
    const token = /\/appointments\/manage\/([\w-]+)/.exec(mail.text)![1]!;
    const manage = { params: { path: { token } } };
    expect((await visitor.POST('/api/public/appointments/manage/{token}/confirm-email', manage)).data).toMatchObject({ status: 'requested' });
    expect((await visitor.POST('/api/public/appointments/manage/{token}/reschedule', { ...manage, body: { slotId: second } })).response.status).toBe(200);
    expect((await visitor.GET('/api/public/appointments/manage/{token}', { params: { path: { token: 'no-such-token-0000000000000000' } } })).response.status).toBe(404);
    expect((await visitor.GET('/api/public/appointments/manage/{token}/data', manage)).response.status).toBe(200);

    const stranger = client();
    expect((await stranger.GET('/api/appointments', {})).response.status).toBe(401);
    const clinic = client({ cookie: await sessionCookie(t.services, screener.userId) });
    const { data: waiting } = await clinic.GET('/api/appointments', { params: { query: { status: 'requested' } } });
    expect(waiting.map((appointment: { id: string }) => appointment.id)).toEqual([booking.data.appointmentId]);
    const path = { params: { path: { appointmentId: booking.data.appointmentId } } };
    expect((await clinic.POST('/api/appointments/{appointmentId}/confirm', path)).data).toMatchObject({ status: 'confirmed' });
    expect((await clinic.POST('/api/appointments/{appointmentId}/confirm', path)).response.status).toBe(409);
    // The visitor cancels; a cancelled appointment cannot move.
    expect((await visitor.POST('/api/public/appointments/manage/{token}/cancel', manage)).data).toMatchObject({ status: 'cancelled' });
    expect((await visitor.POST('/api/public/appointments/manage/{token}/reschedule', { ...manage, body: { slotId: first } })).response.status).toBe(409);
    const crossSite = client({ cookie: await sessionCookie(t.services, screener.userId), origin: 'https://elsewhere.example' });
    expect((await crossSite.POST('/api/appointments/{appointmentId}/complete', path)).response.status).toBe(403);
    const notJson = await clinic.PUT('/api/booking-settings', { body: 'confirm=1', bodySerializer: (text: string) => text, headers: { 'content-type': 'text/plain' } });
    expect(notJson.response.status).toBe(415);
    for (const read of ['/api/psychologists', '/api/booking-settings', '/api/session-place', '/api/configuration', '/api/members', '/api/appointments/today', '/api/plan', '/api/webhooks']) {
      expect((await clinic.GET(read, {})).response.status, read).toBe(200);
    }
    expect((await clinic.GET('/api/appointments/export.csv', { parseAs: 'text' })).response.status).toBe(200);
    expect((await clinic.PUT('/api/booking-settings', { body: { note: 'x'.repeat(300 * 1024) } })).response.status).toBe(413);

    // A receptionist's read of the team: the role's refusal, on a GET.
    const receptionist = await insertMember(t.services.db, { clinicId: screener.userId, role: 'receptionist' });
    expect((await client({ cookie: await sessionCookie(t.services, receptionist.accountId) }).GET('/api/members', {})).response.status).toBe(403);
    // Billing in test mode has no Stripe events to receive.
    const stripe = await stranger.POST('/api/stripe/webhook', { params: { header: { 'stripe-signature': 't=1,v1=0' } }, body: { id: 'evt_1' } });
    expect(stripe.response.status).toBe(404);

    expect(problems).toEqual([]);
    expect(statuses.length).toBeGreaterThan(25);
  }, 30_000);
});

import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { alertClinic, raiseAlert } from './testing/measure-alerts';
import { startTestApp, type TestApp } from './testing/test-app';

describe('the request log', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    app = await buildApp({ ...t.services, log });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('writes one line per request, with its id, method, path, status and time', async () => {
    await app.inject({ url: '/api/public/configuration/slug/no-such-clinic', headers: { 'x-request-id': 'bench-123' } });
    const ofRequest = lines.filter((line) => line.reqId === 'bench-123');
    expect(ofRequest).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        method: 'GET',
        url: '/api/public/configuration/slug/no-such-clinic',
        statusCode: 404,
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('never writes a query string, where reset tokens and tRPC inputs travel', async () => {
    await app.inject({ url: '/reset-password?token=secret-reset-token', headers: { 'x-request-id': 'token-1' } });
    const ofRequest = lines.filter((line) => line.reqId === 'token-1');
    expect(ofRequest).toEqual([expect.objectContaining({ url: '/reset-password' })]);
    expect(JSON.stringify(lines)).not.toContain('secret-reset-token');
  });

  it("masks a psychologist's calendar token, which is the whole of their feed's secret", async () => {
    await app.inject({ url: '/api/calendar/secret-calendar-token.ics', headers: { 'x-request-id': 'calendar-1' } });
    expect(lines.filter((line) => line.reqId === 'calendar-1')).toEqual([expect.objectContaining({ url: '/api/calendar/…', statusCode: 404 })]);
    expect(JSON.stringify(lines)).not.toContain('secret-calendar-token');
  });

  it("masks an invitation's token in the accept path, which lets anyone join the clinic", async () => {
    await app.inject({ method: 'POST', url: '/api/invitations/secret-invitation-token/accept', headers: { 'x-request-id': 'invitation-1' }, payload: {} });
    expect(lines.filter((line) => line.reqId === 'invitation-1')).toEqual([expect.objectContaining({ url: '/api/invitations/…/accept' })]);
    // The invitation page's preview of the same link.
    await app.inject({ url: '/api/invitations/secret-invitation-token', headers: { 'x-request-id': 'invitation-2' } });
    expect(lines.filter((line) => line.reqId === 'invitation-2')).toEqual([expect.objectContaining({ url: '/api/invitations/…', statusCode: 400 })]);
    expect(JSON.stringify(lines)).not.toContain('secret-invitation-token');
  });

  it("masks a repeat measure's token in its page and in every REST route taking it, which open and erase the client's answers", async () => {
    const clinic = await alertClinic(t.services.db);
    await raiseAlert(t.services.db, clinic.plan, new Date());
    // raiseAlert stores its measure's id as the token (its SHA-256 as the token's hash): a real link.
    const { id: token } = await t.services.db.selectFrom('measures').select('id').where('plan_id', '=', clinic.plan.planId).executeTakeFirstOrThrow();
    const calls = [
      ['GET', `/measure/${token}`, '/measure/…', undefined],
      ['GET', `/ms/measure/${token}`, '/ms/measure/…', undefined],
      ['GET', `/api/public/measures/${token}`, '/api/public/measures/…', 409],
      ['POST', `/api/public/measures/${token}/answers`, '/api/public/measures/…/answers', 409],
      ['POST', `/api/public/measures/${token}/withdraw`, '/api/public/measures/…/withdraw', 200],
    ] as const;
    for (const [index, [method, url, logged, status]] of calls.entries()) {
      const reqId = `measure-${index}`;
      const response = await app.inject({ method, url, headers: { 'x-request-id': reqId, origin: t.services.env.publicUrl }, ...(method === 'POST' && { payload: { answers: {} } }) });
      // The API's answers show the token reached its measure: answered already, then withdrawn.
      if (status) expect(response.statusCode, url).toBe(status);
      expect(lines.filter((line) => line.reqId === reqId)).toEqual([expect.objectContaining({ url: logged })]);
    }
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { signInNewOperator, type SignedInOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dr. Aisyah Rahman',
  jobTitle: 'Clinical Psychologist',
  description: 'Anxiety and low mood',
  jobTitleMs: 'Ahli Psikologi Klinikal',
  descriptionMs: '',
  email: 'aisyah@klinik.example',
  imageUrl: null,
  pricePerHour: 150.5,
  slotDurationMinutes: 45,
  bufferMinutes: 15,
  minimumAdvanceHours: 24,
  cancellationNoticeHours: 48,
  timezone: 'Europe/London' as const,
  // Follows the clinic's place (docs/decisions/0049).
  sessionPlace: null,
  ...overrides,
});

const HOUR = 3_600_000;

describe.each(TEST_DIALECTS)('the admin psychologists on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const slotCount = async (psychologistId: string) =>
    (await t.services.db.selectFrom('availability_slots').select('id').where('psychologist_id', '=', psychologistId).execute()).length;

  it('adds over REST with 201, applies the default fields, and lists by name on both transports', async () => {
    const operator = await signInNewOperator(t);
    const created = await operator.rest('POST', '/api/psychologists', form());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ...form(), id: expect.any(String), pricePerHour: '150.50' });

    const minimal = await operator.caller.admin.psychologists.create({
      name: ' Ben Lim ',
      jobTitle: 'Counsellor',
      description: 'Young adults',
      email: 'ben@klinik.example',
      imageUrl: '',
    });
    expect(minimal).toEqual({
      id: expect.any(String),
      name: 'Ben Lim',
      jobTitle: 'Counsellor',
      description: 'Young adults',
      // No Malay sent: none saved, the English shows.
      jobTitleMs: '',
      descriptionMs: '',
      email: 'ben@klinik.example',
      imageUrl: null,
      pricePerHour: null,
      slotDurationMinutes: 60,
      bufferMinutes: 0,
      minimumAdvanceHours: 2,
      cancellationNoticeHours: 24,
      timezone: 'Asia/Kuala_Lumpur',
      sessionPlace: null,
    });

    const listed = await operator.rest('GET', '/api/psychologists');
    expect(listed.body).toEqual([minimal, created.body]);
    expect(await operator.caller.admin.psychologists.list()).toEqual(listed.body);
  });

  it('keeps money exact: 0.29 and 99999.99 come back as written', async () => {
    const operator = await signInNewOperator(t);
    const cheap = await operator.rest('POST', '/api/psychologists', form({ pricePerHour: 0.29 }));
    const dear = await operator.rest('POST', '/api/psychologists', form({ pricePerHour: 99_999.99 }));
    expect([cheap.body, dear.body]).toMatchObject([{ pricePerHour: '0.29' }, { pricePerHour: '99999.99' }]);
    const stored = await t.services.db.selectFrom('psychologists').select('price_cents').where('id', '=', (cheap.body as { id: string }).id).executeTakeFirstOrThrow();
    expect(stored.price_cents).toBe(29);
  });

  it('refuses each invalid field with a 400 naming it, on both transports', async () => {
    const operator = await signInNewOperator(t);
    const invalid: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'is required'],
      [{ jobTitle: 'x'.repeat(201) }, 'jobTitle', 'must be at most 200 characters'],
      [{ description: '' }, 'description', 'is required'],
      [{ email: 'not-an-email' }, 'email', 'must be a valid e-mail address'],
      [{ imageUrl: 'ftp://files.example/a.png' }, 'imageUrl', 'must be an http(s) URL'],
      [{ pricePerHour: -1 }, 'pricePerHour', 'must be in steps of 0.01 from 0 to 100000'],
      [{ pricePerHour: 10.005 }, 'pricePerHour', 'must be in steps of 0.01 from 0 to 100000'],
      [{ pricePerHour: '150' }, 'pricePerHour', 'must be in steps of 0.01 from 0 to 100000'],
      [{ slotDurationMinutes: 50 }, 'slotDurationMinutes', 'must be in steps of 15 from 15 to 240'],
      [{ slotDurationMinutes: 255 }, 'slotDurationMinutes', 'must be in steps of 15 from 15 to 240'],
      [{ bufferMinutes: 7 }, 'bufferMinutes', 'must be in steps of 5 from 0 to 120'],
      [{ minimumAdvanceHours: 169 }, 'minimumAdvanceHours', 'must be a whole number from 0 to 168'],
      [{ minimumAdvanceHours: 1.5 }, 'minimumAdvanceHours', 'must be a whole number from 0 to 168'],
      [{ cancellationNoticeHours: 169 }, 'cancellationNoticeHours', 'must be a whole number from 0 to 168'],
      [{ timezone: 'Asia/Tokyo' }, 'timezone', 'must be one of Asia/Kuala_Lumpur, Asia/Singapore, UTC, America/New_York, Europe/London'],
    ];
    for (const [overrides, field, message] of invalid) {
      const rest = await operator.rest('POST', '/api/psychologists', form(overrides));
      expect(rest.status, field).toBe(400);
      expect(rest.body, field).toEqual({ error: 'Please check the highlighted fields.', fields: { [field]: [message] } });
      const viaTrpc = await operator.mutate('admin.psychologists.create', form(overrides));
      expect(viaTrpc.error?.data.fields, field).toEqual({ [field]: [message] });
    }
    expect((await operator.rest('GET', '/api/psychologists')).body).toEqual([]);
  });

  it('updates over REST with the id in the path and over tRPC, keeping existing slots as they are', async () => {
    const operator = await signInNewOperator(t);
    const id = await insertPsychologist(t.services.db, operator.userId);
    await insertSlot(t.services.db, id, new Date('2031-01-06T01:00:00Z'));
    const rest = await operator.rest('PUT', `/api/psychologists/${id}`, form({ pricePerHour: null }));
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ ...form(), id, pricePerHour: null });

    const updated = await operator.caller.admin.psychologists.update({ ...form({ name: 'Dr. Aisyah' }), id });
    expect(updated).toMatchObject({ id, name: 'Dr. Aisyah', pricePerHour: '150.50' });
    expect(await operator.caller.admin.psychologists.list()).toEqual([updated]);
    expect(await slotCount(id)).toBe(1);
  });

  it('answers 404 when updating or deleting an unknown psychologist, and 400 for an id that is not a UUID', async () => {
    const operator = await signInNewOperator(t);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await operator.rest('PUT', `/api/psychologists/${unknown}`, form())).toEqual({ status: 404, body: { error: 'Psychologist not found' } });
    expect(await operator.rest('DELETE', `/api/psychologists/${unknown}`)).toEqual({ status: 404, body: { error: 'Psychologist not found' } });
    await expect(operator.caller.admin.psychologists.delete({ id: unknown })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Psychologist not found' });
    const malformed = await operator.rest('DELETE', '/api/psychologists/abc');
    expect(malformed).toEqual({ status: 400, body: { error: 'Please check the highlighted fields.', fields: { id: ['must be a psychologist id (UUID)'] } } });
  });

  it('deletes a psychologist without upcoming bookings, with their slots', async () => {
    const operator = await signInNewOperator(t);
    const id = await insertPsychologist(t.services.db, operator.userId);
    const past = await insertSlot(t.services.db, id, new Date(Date.now() - 48 * HOUR));
    await bookSlot(t.services.db, { userId: operator.userId, psychologistId: id, slotId: past });
    await insertSlot(t.services.db, id, new Date(Date.now() + 48 * HOUR));
    const deleted = await operator.rest('DELETE', `/api/psychologists/${id}`);
    expect(deleted).toEqual({ status: 200, body: { cancelledAppointments: 0 } });
    expect((await operator.rest('GET', '/api/psychologists')).body).toEqual([]);
    expect(await slotCount(id)).toBe(0);
  });

  describe('with upcoming booked appointments', () => {
    let operator: SignedInOperator;
    let id: string;
    beforeAll(async () => {
      operator = await signInNewOperator(t);
      id = await insertPsychologist(t.services.db, operator.userId, { name: 'Dr. Booked' });
      for (const hours of [24, 48]) {
        const slotId = await insertSlot(t.services.db, id, new Date(Date.now() + hours * HOUR));
        await bookSlot(t.services.db, { userId: operator.userId, psychologistId: id, slotId });
      }
    });

    it('refuses with 409 saying why unless the operator confirms, on both transports', async () => {
      const message = 'Dr. Booked has 2 upcoming booked appointments. Deleting the psychologist cancels them; confirm to delete anyway.';
      expect(await operator.rest('DELETE', `/api/psychologists/${id}`)).toEqual({ status: 409, body: { error: message } });
      expect(await operator.rest('DELETE', `/api/psychologists/${id}?confirmCancelBookings=false`)).toEqual({ status: 409, body: { error: message } });
      await expect(operator.caller.admin.psychologists.delete({ id })).rejects.toMatchObject({ code: 'CONFLICT', message });
      expect(await slotCount(id)).toBe(2);
    });

    it('deletes with the confirmation in the REST query string', async () => {
      const deleted = await operator.rest('DELETE', `/api/psychologists/${id}?confirmCancelBookings=true`);
      expect(deleted).toEqual({ status: 200, body: { cancelledAppointments: 2 } });
      const appointments = await t.services.db.selectFrom('appointments').select('id').where('psychologist_id', '=', id).execute();
      expect(appointments).toEqual([]);
    });
  });

  it('deletes with the confirmation through the procedure', async () => {
    const operator = await signInNewOperator(t);
    const id = await insertPsychologist(t.services.db, operator.userId);
    const slotId = await insertSlot(t.services.db, id, new Date(Date.now() + 24 * HOUR));
    await bookSlot(t.services.db, { userId: operator.userId, psychologistId: id, slotId });
    expect(await operator.caller.admin.psychologists.delete({ id, confirmCancelBookings: true })).toEqual({ cancelledAppointments: 1 });
    expect(await operator.caller.admin.psychologists.list()).toEqual([]);
  });
});

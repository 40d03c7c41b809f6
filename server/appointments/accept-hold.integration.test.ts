import { addMinutes, addSeconds } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAppointmentEvents } from '../../db/repositories/appointments';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { startTestApp, type TestApp } from '../testing/test-app';
import { acceptHold } from './accept-hold';
import { expireLapsedHolds } from './expire-holds';

// A payment that arrives late (issue 28) accepts a hold as a confirmed e-mail does, and defines
// the race with its expiry: the slot still free books it, the slot gone is said so for a refund.
describe.each(TEST_DIALECTS)('accepting a hold on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const appointment = (id: string) => t.services.db.selectFrom('appointments').select(['status', 'active_slot_id', 'slot_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const outbox = (id: string) => t.services.db.selectFrom('email_outbox').select('id').where('appointment_id', '=', id).execute();

  async function hold(screener: Awaited<ReturnType<typeof insertBookableScreener>>, hours = 24) {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));
    const response = await postBooking(t, bookingRequest(screener, slotId));
    expect(response.body.status).toBe('held');
    return { id: response.body.appointmentId as string, userId: screener.userId, slotId };
  }
  const expire = async () => expireLapsedHolds({ db: t.services.db, now: () => addMinutes(new Date(), 31) });

  it('moves a live hold on once, as the clinic’s settings say, with its mails once', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true, autoConfirmRequests: false });
    const held = await hold(screener);
    const before = (await outbox(held.id)).length;
    expect(await acceptHold(t.services, held, { from: 'held' })).toBe('accepted');
    expect(await acceptHold(t.services, held, { from: 'held' })).toBe('unchanged');
    expect(await appointment(held.id)).toMatchObject({ status: 'requested', active_slot_id: held.slotId });
    expect((await outbox(held.id)).length).toBeGreaterThan(before);
    const queued = (await outbox(held.id)).length;
    expect(await acceptHold(t.services, held, { from: 'expired' })).toBe('unchanged');
    expect((await outbox(held.id)).length).toBe(queued);
  });

  it('gives an expired hold its slot back while it is free, confirmed where the clinic confirms automatically', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true, autoConfirmRequests: true });
    await t.services.db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
    const held = await hold(screener, 30);
    await expire();
    expect(await appointment(held.id)).toMatchObject({ status: 'expired', active_slot_id: null });
    expect(await acceptHold(t.services, held, { from: 'expired' })).toBe('accepted');
    expect(await appointment(held.id)).toMatchObject({ status: 'confirmed', active_slot_id: held.slotId });
    expect((await listAppointmentEvents(t.services.db, held.id)).map((event) => event.to)).toEqual(['held', 'expired', 'confirmed']);
  });

  it('says the slot is gone when another visitor booked it after the hold expired, and changes nothing', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true });
    const held = await hold(screener, 36);
    await expire();
    const other = await postBooking(t, bookingRequest(screener, held.slotId));
    expect(other.status).toBe(201);
    expect(await acceptHold(t.services, held, { from: 'expired' })).toBe('slotGone');
    expect(await appointment(held.id)).toMatchObject({ status: 'expired', active_slot_id: null });
  });

  it('lets only one of a payment and the expiry job win a hold that lapses as it is paid', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true });
    const held = await hold(screener, 40);
    await t.services.db.updateTable('appointments').set({ hold_expires_at: addSeconds(new Date(), 1) }).where('id', '=', held.id).execute();
    const [accepted] = await Promise.all([acceptHold(t.services, held, { from: 'held' }), expire()]);
    const { status } = await appointment(held.id);
    expect(accepted === 'accepted' ? 'requested' : 'expired').toBe(status);
  });
});

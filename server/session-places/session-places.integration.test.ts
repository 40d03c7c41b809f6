import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { readCalendarEvents, readEventPlaces } from '../testing/read-calendar';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

const CLINIC = {
  place: { mode: 'address', address: '12 Jalan Ampang, 50450 Kuala Lumpur', videoUrl: 'https://dropped.example.com' },
  contact: { phone: '03-2345 6789', whatsApp: '+60 12-345 6789', email: 'hello@klinik-setia.example' },
};

describe.each(TEST_DIALECTS)('where the session is, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const bookableClinic = async () => signedInAs(t, await insertBookableScreener(t.services.db, { name: 'Dr. Aisyah' }));
  const manage = async (token: string) => (await t.app.inject(`/api/public/appointments/manage/${token}`)).json() as Record<string, unknown>;

  it("saves the clinic's place and contact over REST, reads them over tRPC, and refuses what a visitor could not use", async () => {
    const clinic = await bookableClinic();
    expect((await clinic.rest('GET', '/api/session-place')).body).toEqual({ place: null, contact: { phone: null, whatsApp: null, email: null } });
    const saved = await clinic.rest('PUT', '/api/session-place', CLINIC);
    expect(saved.status).toBe(200);
    // The link of another mode is dropped, not kept for later.
    const stored = { ...CLINIC, place: { ...CLINIC.place, videoUrl: null } };
    expect(saved.body).toEqual(stored);
    expect((await clinic.query('admin.sessionPlace.get')).data).toEqual(stored);

    const refused = await clinic.mutate('admin.sessionPlace.update', {
      place: { mode: 'online', videoUrl: 'http://insecure.example.com/room' },
      contact: { phone: '+65 9123 4567', whatsApp: null, email: 'not an address' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.error as { data: { fields: object } }).data.fields).sort()).toEqual(['contact.email', 'contact.phone', 'place.videoUrl']);
    const noAddress = await clinic.rest('PUT', '/api/session-place', { place: { mode: 'address', address: '  ' }, contact: {} });
    expect(noAddress).toMatchObject({ status: 400, body: { fields: { 'place.address': ['give the address where sessions happen'] } } });
  });

  it("gives a psychologist their own place over tRPC, and visitors see it before booking without a link", async () => {
    const clinic = await bookableClinic();
    await clinic.rest('PUT', '/api/session-place', CLINIC);
    // The list answers the price as text; the form sends a number or null.
    const [listedOne] = (await clinic.query('admin.psychologists.list')).data as { id: string }[];
    const psychologist = { ...listedOne!, pricePerHour: null };
    const own = { mode: 'online', address: null, videoUrl: 'https://meet.example.com/aisyah' };
    const updated = await clinic.mutate('admin.psychologists.update', { ...psychologist, sessionPlace: own });
    expect(updated).toMatchObject({ status: 200, data: { sessionPlace: own } });
    const listed = (await t.app.inject(`/api/public/psychologists?slug=${clinic.slug}`)).json() as { place: unknown }[];
    expect(listed).toEqual([expect.objectContaining({ place: { kind: 'online', videoUrl: null } })]);
    // Back to the clinic's address with null.
    expect((await clinic.rest('PUT', `/api/psychologists/${psychologist.id}`, { ...psychologist, sessionPlace: null })).status).toBe(200);
    const again = (await t.app.inject(`/api/public/psychologists?slug=${clinic.slug}`)).json() as { place: unknown }[];
    expect(again[0]!.place).toEqual({ kind: 'address', address: CLINIC.place.address });
  });

  it("carries the place and the clinic's contact into the booking, its mail, its .ics and the manage page; staff's own link wins", async () => {
    const clinic = await bookableClinic();
    await clinic.rest('PUT', '/api/session-place', { place: { mode: 'online', videoUrl: 'https://meet.example.com/klinik' }, contact: CLINIC.contact });
    const slotId = await insertSlot(t.services.db, clinic.psychologistId, hoursFromNow(72));
    const request = bookingRequest(clinic, slotId, { clientLanguage: 'ms' });
    const booked = await postBooking(t, request);
    expect(booked).toMatchObject({ status: 201, body: { place: { kind: 'online', videoUrl: 'https://meet.example.com/klinik' } } });

    const [mail] = await outboxEmailsTo(t.services.db, request.clientEmail);
    expect(mail!.text).toContain('Di mana: Dalam talian (panggilan video): https://meet.example.com/klinik');
    for (const contact of ['03-2345 6789', 'https://wa.me/60123456789', 'hello@klinik-setia.example']) expect(mail!.text).toContain(contact);
    const ics = mail!.attachments![0]!.content;
    expect(readEventPlaces(ics)).toEqual([{ location: 'https://meet.example.com/klinik', url: 'https://meet.example.com/klinik' }]);
    expect(readCalendarEvents(ics)[0]!.description).toContain('https://meet.example.com/klinik');

    const token = /\/appointments\/manage\/([\w-]+)/.exec(mail!.text)![1]!;
    expect(await manage(token)).toMatchObject({
      place: { kind: 'online', videoUrl: 'https://meet.example.com/klinik' },
      visitorContact: CLINIC.contact,
    });
    const appointmentId = booked.body.appointmentId as string;
    const linked = await clinic.rest('PUT', `/api/appointments/${appointmentId}/video-link`, { videoUrl: 'https://meet.example.com/siti' });
    expect(linked).toMatchObject({ status: 200, body: { place: { kind: 'online', videoUrl: 'https://meet.example.com/siti' } } });
    expect(await manage(token)).toMatchObject({ place: { kind: 'online', videoUrl: 'https://meet.example.com/siti' } });
    const cleared = await clinic.mutate('admin.appointments.setVideoLink', { appointmentId, videoUrl: null });
    expect(cleared.data).toMatchObject({ place: { kind: 'online', videoUrl: 'https://meet.example.com/klinik' } });
  });
});

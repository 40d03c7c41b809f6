import { describe, expect, it } from 'vitest';
import { withApiKeySecurity } from './openapi-api-keys';

describe("an operation's API-key part, added where the operation is built", () => {
  const operation = (responses: Record<string, unknown>) => ({ description: 'Confirm a request.', security: [{ operatorSession: [] }], responses });

  it('adds the key beside the cookie, its scope and its refusals to an operation a key may call', () => {
    const keyed = withApiKeySecurity({ procedure: 'admin.appointments.confirm' }, operation({ '200': { description: 'Done' }, '403': { description: 'Refused: your role may not call it' } }));
    expect(keyed).toMatchObject({
      security: [{ operatorSession: [] }, { apiKey: [] }],
      'x-api-key-scope': 'appointments:write',
      description: 'Confirm a request. An API key needs the scope `appointments:write`.',
      responses: {
        '403': { description: 'Refused: your role may not call it; or an API key without the scope `appointments:write`' },
        '429': { $ref: '#/components/responses/TooManyRequests' },
      },
    });
    // A route that refused nobody before now says why a key is refused.
    const open = withApiKeySecurity({ procedure: 'admin.appointments.list' }, operation({}));
    expect((open.responses as Record<string, { description: string }>)['403']!.description).toMatch(/lacks the scope/);
  });

  it('leaves an operation no key may call as it was', () => {
    const members = operation({ '200': { description: 'Done' } });
    expect(withApiKeySecurity({ procedure: 'admin.members.list' }, members)).toEqual(members);
  });
});

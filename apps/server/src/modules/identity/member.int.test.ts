import { MEMBER_PATH, SESSION_PROFILE_PATH, VOICE_ASSIGNMENT_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';

/**
 * spec §7.1 the member edge (issue 23 item 6): the signed-in user's member details and, with fl=VOICE, their member
 * services, the same lines as the voice assignment the voice-access card reads; any other guid is not found.
 */
const portal = signedInApp();
const memberUrl = (guid: string, query = '') => `${MEMBER_PATH.replace(':guid', guid)}${query}`;
const guidOf = async (b: Browser): Promise<string> => (await b.request({ url: SESSION_PROFILE_PATH })).json().guid;

describe('the member edge', () => {
  it("answers the user's own member details and member services", async () => {
    for (const username of ['harbor-owner', 'harbor-staff']) {
      const b = await portal.as(username);
      const guid = await guidOf(b);
      const details = await b.request({ url: memberUrl(guid) });
      expect(details.statusCode, details.body).toBe(200);
      const profile = (await b.request({ url: SESSION_PROFILE_PATH })).json();
      expect(details.json()).toEqual({
        FirstName: profile.memberDetails.firstName,
        LastName: profile.memberDetails.lastName,
        ContactEmail: profile.memberDetails.contactEmail,
      });

      const services = await b.request({ url: memberUrl(guid, '?fl=VOICE') });
      expect(services.statusCode, services.body).toBe(200);
      const assignment = (await b.request({ url: VOICE_ASSIGNMENT_PATH })).json();
      expect(services.json()).toEqual({
        Member: {
          Guid: guid,
          Service: { Voice: { Assignment: assignment.assignment, Phone_Numbers: assignment.phoneNumbers } },
        },
      });
    }
    // demo-data.md: Harbor's owner has a line assigned
    const owner = await portal.as('harbor-owner');
    const voice = (await owner.request({ url: memberUrl(await guidOf(owner), '?fl=VOICE') })).json().Member.Service
      .Voice;
    expect(voice.Assignment).toBe('ASSIGNED');
    expect(voice.Phone_Numbers.length).toBeGreaterThan(0);
  });

  it("finds no other member's details, of the same business or not; refuses a guid that is none, and no session", async () => {
    const owner = await portal.as('harbor-owner');
    const staffGuid = await guidOf(await portal.as('harbor-staff'));
    for (const query of ['', '?fl=VOICE']) {
      const answer = await owner.request({ url: memberUrl(staffGuid, query) });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
      expect(answer.body).not.toContain(staffGuid);
    }
    const bad = await owner.request({ url: memberUrl('not-a-guid') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['params.guid']);
    const unknownFilter = await owner.request({ url: memberUrl(await guidOf(owner), '?fl=EMAIL') });
    expect(unknownFilter.statusCode).toBe(400);
    const visitor = await portal.visitor();
    expect((await visitor.request({ url: memberUrl(staffGuid) })).statusCode).toBe(401);
  });
});

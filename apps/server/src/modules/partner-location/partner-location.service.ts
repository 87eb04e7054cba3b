import type { PartnerLocationResponse } from '@vireo/shared';
import type { Db } from '../../db/client';
import { type NetworkOps, networkOpsUnavailable } from '../network-ops/network-ops';

/**
 * The partner edge's footprint checks (spec §7.1, issue 23 item 6, wider-portal.md §11), for anyone: whether a place
 * is in the provider's footprint and whose (spec §6), by the caller's IP address, a ZIP code or a street address, as
 * network operations know their areas, where they place an IP address and which premises they serve. Network
 * operations not answering is 503 (their fault knob `footprint`).
 */
export function createPartnerLocationService({ db, networkOps }: { db: Db; networkOps: NetworkOps }) {
  /** A read of network operations; their not answering is 503. */
  function ask<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      return networkOpsUnavailable(error);
    }
  }
  const footprintAt = (zip: string) => ask(() => networkOps.footprintOf(zip));

  return {
    byIp(ip: string): PartnerLocationResponse {
      const zipcode = ask(() => networkOps.placeIp(ip));
      const footprint = zipcode === null ? null : footprintAt(zipcode);
      return { by: 'ip', zipcode, inFootprint: footprint !== null, footprint, serviceable: null };
    },

    byZipcode(zipcode: string): PartnerLocationResponse {
      const footprint = footprintAt(zipcode);
      return { by: 'zipcode', zipcode, inFootprint: footprint !== null, footprint, serviceable: null };
    },

    /** Also whether the network serves the premises (on record): an address in the footprint may not be wired. */
    async byAddress(address: { addressLine1: string; zipcode: string }): Promise<PartnerLocationResponse> {
      const footprint = footprintAt(address.zipcode);
      const premises =
        footprint === null
          ? null
          : await networkOps.premises(db, { addressLine1: address.addressLine1, zip: address.zipcode });
      return {
        by: 'address',
        zipcode: address.zipcode,
        inFootprint: footprint !== null,
        footprint,
        serviceable: premises !== null,
      };
    },
  };
}

export type PartnerLocationService = ReturnType<typeof createPartnerLocationService>;

import { z } from 'zod';
import { LineNumberSchema } from './voice';

/**
 * spec §7.1 the member edge (issue 23 item 6): a member's details (spec §3: FirstName, LastName, ContactEmail) and,
 * with `fl=VOICE`, their member services (spec §3: Service.Voice.Assignment and Phone_Numbers, under `Member`), by
 * the member's guid: the signed-in user's own; any other guid is not found. The client keeps member services by guid
 * and reuses them only for the same guid (spec §5).
 */
export const MEMBER_PATH = '/api/pub/sbnetmemberedge/v2/cboam/member/:guid';

export const MemberQuerySchema = z.strictObject({ fl: z.enum(['VOICE']).optional() });
export const MemberParamsSchema = z.strictObject({ guid: z.uuid() });

export const MemberDetailsSchema = z.object({ FirstName: z.string(), LastName: z.string(), ContactEmail: z.string() });
export type MemberDetails = z.infer<typeof MemberDetailsSchema>;

export const MemberServicesSchema = z.object({
  Member: z.object({
    Guid: z.string(),
    Service: z.object({
      Voice: z.object({ Assignment: z.enum(['ASSIGNED', 'UNASSIGNED']), Phone_Numbers: z.array(LineNumberSchema) }),
    }),
  }),
});
export type MemberServices = z.infer<typeof MemberServicesSchema>;

export const MemberResponseSchema = z.union([MemberDetailsSchema, MemberServicesSchema]);

import { z } from 'zod';
import { freeText } from './free-text';

// Its own module, apart from session.ts (in the web app's entry chunk): the free-text rule of the username brings the
// card-number detector, which only the sign-in form (lazy) and the server need.

export const LoginRequestSchema = z.strictObject({
  username: freeText({ max: 64 }),
  password: z.string().min(1).max(256),
  rememberMe: z.boolean().default(false),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The account service's answers the frontends read (inside the envelope's `response`). */
import { Type, type Static } from '@sinclair/typebox';
import { AGE_RATING_KEYS, type AgeRatingKey } from './age-ratings';
import { Nullable } from './nullable';

/** The signed-in account, as `GET /account` describes it (storefront spec §3). */
export const AccountSchema = Type.Object({
  userid: Type.String(),
  email: Type.String(),
  verified: Type.Boolean(),
  roles: Type.Array(Type.String()),
  settings: Type.Object({
    /** Content rated above this is hidden; null when the reader never chose (nothing hidden). */
    maxshownratingkey: Nullable(Type.Unsafe<AgeRatingKey>(Type.String({ enum: [...AGE_RATING_KEYS] }))),
  }),
  /** When the last verification email went out (ISO time), or null if none has. */
  verificationSentAt: Nullable(Type.String()),
});
export type Account = Static<typeof AccountSchema>;

/** `POST /account/token`: a new sign-in, or a renewed one. */
export const TokenPairSchema = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
});
export type TokenPair = Static<typeof TokenPairSchema>;

import { api } from '@inkwell/ui-kit/api-client';

/**
 * `POST /account/logout` with the refresh token: the server revokes the sign-in it belongs to. The
 * auth provider calls this and forgets the session itself; no query depends on the answer.
 */
export async function revokeSession(refreshToken: string): Promise<void> {
  await api.post<null>('/account/logout', { refresh_token: refreshToken });
}

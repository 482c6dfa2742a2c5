import { Type } from '@sinclair/typebox';
import { AccountSchema } from '@inkwell/contracts/account';
import { BadRequestError, EnvelopeOf, success, type App } from '@inkwell/platform';
import { MAX_EMAIL_LENGTH, normalizeEmail } from '@inkwell/contracts/account-rules';
import { checkSetting, settingNeedsPassword } from '../domain';
import { accountView, findAccountByEmail, findAccountById, optOutOfMarketing, setMaxShownRating } from '../store/accounts';
import { currentAccount, requirePassword, type AccountDeps } from './deps';
import { DESKTOP_PLATFORM } from '@inkwell/contracts/desktop';
import { cancelDesktopSubscription } from '../flows/desktop-subscription';

export const AccountEnvelope = EnvelopeOf(AccountSchema);

/** The signed-in reader's own account: info, existence check for the login flow, settings. */
export async function profileRoutes(app: App, deps: AccountDeps): Promise<void> {
  const { context } = deps;
  const { db } = context;
  const signedIn = { preHandler: context.auth.requireUser };

  app.get('/api/account', {
    ...signedIn,
    schema: { tags: ['account'], summary: 'The signed-in account', security: [{ bearer: [] }], response: { 200: AccountEnvelope } },
    handler: async (request) => success(accountView(await currentAccount(deps, request))),
  });

  // The login overlay asks this before showing the log-in or the sign-up step (storefront spec §4).
  app.get('/api/account/exists/:email', {
    schema: {
      tags: ['account'],
      summary: 'Whether an account exists for the email',
      params: Type.Object({ email: Type.String({ minLength: 1, maxLength: MAX_EMAIL_LENGTH }) }),
      response: { 200: EnvelopeOf(Type.Boolean()) },
    },
    handler: async (request) => success((await findAccountByEmail(db, normalizeEmail(request.params.email))) !== undefined),
  });

  const changeSetting = async (request: Parameters<typeof currentAccount>[1], key: string, value: string | null | undefined, password: string | undefined) => {
    const check = checkSetting(key, value);
    if (!check.ok) throw new BadRequestError(check.message, { field: check.field });
    const account = await currentAccount(deps, request);
    if (settingNeedsPassword(check.key)) await requirePassword(account, password);
    await setMaxShownRating(db, account.id, check.value);
    const updated = await findAccountById(db, account.id);
    return success(accountView(updated ?? account));
  };

  const SettingValue = Type.Union([Type.String({ maxLength: 100 }), Type.Null()]);
  const Password = Type.Optional(Type.String({ maxLength: 1024 }));

  app.post('/api/account/settings', {
    ...signedIn,
    schema: {
      tags: ['account'],
      summary: 'Change an account setting (maxshownratingkey needs the password)',
      security: [{ bearer: [] }],
      body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }), value: Type.Optional(SettingValue), Password }),
      response: { 200: AccountEnvelope },
    },
    handler: async (request) => changeSetting(request, request.body.key, request.body.value, request.body.Password),
  });

  app.post('/api/account/settings/:key', {
    ...signedIn,
    schema: {
      tags: ['account'],
      summary: 'Change one account setting by key',
      security: [{ bearer: [] }],
      params: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }),
      body: Type.Object({ value: Type.Optional(SettingValue), Password }),
      response: { 200: AccountEnvelope },
    },
    handler: async (request) => changeSetting(request, request.params.key, request.body.value, request.body.Password),
  });

  app.get('/api/account/unsubscribe', {
    ...signedIn,
    schema: {
      tags: ['account'],
      summary: 'Stop marketing emails for the signed-in account',
      security: [{ bearer: [] }],
      querystring: Type.Object({ platform: Type.Optional(Type.String({ maxLength: 50 })) }),
      response: { 200: EnvelopeOf(Type.Object({ unsubscribed: Type.Boolean() })) },
    },
    handler: async (request) => {
      const account = await currentAccount(deps, request);
      // ?platform=steam: the desktop platform's subscription stops renewing (docs/desktop.md).
      if (request.query.platform?.toLowerCase() === DESKTOP_PLATFORM) {
        await cancelDesktopSubscription(context, account.id);
        return success({ unsubscribed: true });
      }
      await optOutOfMarketing(db, account.id);
      return success({ unsubscribed: true });
    },
  });
}

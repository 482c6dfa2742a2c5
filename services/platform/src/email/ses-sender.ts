import {
  CreateEmailIdentityCommand,
  DeleteEmailIdentityCommand,
  GetAccountCommand,
  GetEmailIdentityCommand,
  ListEmailIdentitiesCommand,
  SendEmailCommand,
  SESv2Client,
  type IdentityInfo,
  type MessageHeader,
} from '@aws-sdk/client-sesv2';
import {
  SendFailure,
  type EmailSender,
  type OutgoingEmail,
  type ProviderAccount,
  type ProviderIdentity,
  type ProviderIdentityStatus,
  type ProviderIdentityType,
  type ProviderQuota,
  type SendReceipt,
} from './sender';

export interface SesSettings {
  region: string;
  /** Another SES v2 endpoint (a local SES-compatible server in tests). */
  endpoint?: string;
  /** Named on every send; its SNS event destination feeds delivery, bounce and complaint events back. */
  configurationSet?: string;
  /** Tests only; production takes the AWS default chain (environment, profile, the pod's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** SES's words for a message it will never take as it is: retrying changes nothing. */
const PERMANENT_ERRORS = new Set([
  'MessageRejected',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'BadRequestException',
  'NotFoundException',
]);

const RETRIED_ERRORS = new Set(['TooManyRequestsException', 'LimitExceededException', 'SendingPausedException', 'ThrottlingException']);

interface AwsError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** A sending failure, permanent when SES refused this message or the account for good; throttling, 5xx and network trouble are retried. */
export function sesSendFailure(error: unknown): SendFailure {
  const failure = (error ?? {}) as AwsError;
  const name = failure.name ?? 'Error';
  const status = failure.$metadata?.httpStatusCode;
  const message = `SES ${name}${status ? ` (${status})` : ''}: ${failure.message ?? String(error)}`.slice(0, 2000);
  // Any other 400 is a request SES will refuse again; throttling, a daily quota reached or sending
  // paused pass with time.
  const permanent = PERMANENT_ERRORS.has(name) || (status === 400 && !RETRIED_ERRORS.has(name));
  return new SendFailure(message, permanent);
}

/** Header names and values must be single lines (no header injection through a subject or a value). */
const singleLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const IDENTITY_TYPES: Record<string, ProviderIdentityType> = { EMAIL_ADDRESS: 'EmailAddress', DOMAIN: 'Domain', MANAGED_DOMAIN: 'Domain' };
const IDENTITY_STATUSES: Record<string, ProviderIdentityStatus> = {
  PENDING: 'Pending',
  SUCCESS: 'Success',
  FAILED: 'Failed',
  TEMPORARY_FAILURE: 'TemporaryFailure',
  NOT_STARTED: 'NotStarted',
};

function identityOf(info: IdentityInfo): ProviderIdentity {
  return {
    id: info.IdentityName ?? '',
    identityType: IDENTITY_TYPES[info.IdentityType ?? ''] ?? 'Domain',
    verificationStatus: IDENTITY_STATUSES[info.VerificationStatus ?? ''] ?? 'NotStarted',
    sendingEnabled: info.SendingEnabled ?? false,
  };
}

const isNotFound = (error: unknown) => (error as AwsError)?.name === 'NotFoundException';

/**
 * Amazon SES v2 (`@aws-sdk/client-sesv2`), chosen when `SES_REGION` is set. Mails go as Simple
 * content (subject, HTML and text, Reply-To, and the threading headers as SES message headers);
 * SES assigns its own Message-ID, which is answered as the receipt's id so the SES event feed
 * (`POST /api/email-events/ses`) finds the mail by it. Credentials come from the AWS default chain
 * and are never logged.
 */
export class SesEmailSender implements EmailSender {
  readonly driver = 'ses';
  readonly account: ProviderAccount;
  private readonly client: SESv2Client;

  constructor(private readonly settings: SesSettings) {
    this.client = new SESv2Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      maxAttempts: 2,
    });
    this.account = new SesAccount(this.client);
  }

  async send(email: OutgoingEmail): Promise<SendReceipt> {
    const headers: MessageHeader[] = [];
    if (email.inReplyTo) headers.push({ Name: 'In-Reply-To', Value: singleLine(email.inReplyTo) });
    if (email.references) headers.push({ Name: 'References', Value: singleLine(email.references) });
    for (const [name, value] of Object.entries(email.headers ?? {})) headers.push({ Name: singleLine(name), Value: singleLine(value) });
    try {
      const answer = await this.client.send(
        new SendEmailCommand({
          FromEmailAddress: email.from,
          Destination: { ToAddresses: [email.to] },
          ...(email.replyTo ? { ReplyToAddresses: [email.replyTo] } : {}),
          ...(this.settings.configurationSet ? { ConfigurationSetName: this.settings.configurationSet } : {}),
          Content: {
            Simple: {
              Subject: { Data: singleLine(email.subject), Charset: 'UTF-8' },
              Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: email.text, Charset: 'UTF-8' } },
              ...(headers.length > 0 ? { Headers: headers } : {}),
            },
          },
        }),
      );
      if (!answer.MessageId) throw new SendFailure('SES accepted the mail without a MessageId', false);
      return { messageId: answer.MessageId, response: `Accepted by SES as ${answer.MessageId}.` };
    } catch (error) {
      if (error instanceof SendFailure) throw error;
      throw sesSendFailure(error);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

class SesAccount implements ProviderAccount {
  constructor(private readonly client: SESv2Client) {}

  async quota(): Promise<ProviderQuota> {
    const account = await this.client.send(new GetAccountCommand({}));
    return {
      max24HourSend: account.SendQuota?.Max24HourSend ?? 0,
      maxSendRate: account.SendQuota?.MaxSendRate ?? 0,
      sentLast24Hours: account.SendQuota?.SentLast24Hours ?? 0,
      sendingEnabled: account.SendingEnabled ?? false,
      enforcementStatus: account.EnforcementStatus ?? 'UNKNOWN',
    };
  }

  async listIdentities(request: { identityType?: ProviderIdentityType | null; nextToken?: string | null; pageSize?: number }) {
    const answer = await this.client.send(
      new ListEmailIdentitiesCommand({ PageSize: request.pageSize ?? 50, ...(request.nextToken ? { NextToken: request.nextToken } : {}) }),
    );
    // SES lists every type together: the page is filtered here, so it may be shorter than asked.
    const identities = (answer.EmailIdentities ?? []).map(identityOf).filter((identity) => !request.identityType || identity.identityType === request.identityType);
    return { identities, nextToken: answer.NextToken ?? null };
  }

  async getIdentity(identity: string): Promise<ProviderIdentity | null> {
    try {
      const answer = await this.client.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
      return identityOf({ IdentityName: identity, IdentityType: answer.IdentityType, VerificationStatus: answer.VerificationStatus, SendingEnabled: answer.VerifiedForSendingStatus });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async createIdentity(identity: string): Promise<ProviderIdentity> {
    try {
      const answer = await this.client.send(new CreateEmailIdentityCommand({ EmailIdentity: identity }));
      return identityOf({ IdentityName: identity, IdentityType: answer.IdentityType, VerificationStatus: 'PENDING', SendingEnabled: answer.VerifiedForSendingStatus });
    } catch (error) {
      if ((error as AwsError)?.name !== 'AlreadyExistsException') throw error;
      // An address already known and not verified: SES mails the verification link again only
      // when it is created anew.
      const current = await this.getIdentity(identity);
      if (!current) throw error;
      if (current.verificationStatus === 'Success' || current.identityType === 'Domain') return current;
      await this.client.send(new DeleteEmailIdentityCommand({ EmailIdentity: identity }));
      return this.createIdentity(identity);
    }
  }

  async deleteIdentity(identity: string): Promise<boolean> {
    try {
      await this.client.send(new DeleteEmailIdentityCommand({ EmailIdentity: identity }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}

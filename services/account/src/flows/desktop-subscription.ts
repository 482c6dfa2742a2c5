import { DESKTOP_MESSAGES, type DesktopSubscription } from '@inkwell/contracts/desktop';
import {
  ConflictError,
  createDesktopPlatform,
  DesktopPlatformRefusal,
  DesktopPlatformUnavailable,
  DesktopTicketError,
  DomainError,
  type DesktopPlatform,
  type ServiceContext,
  type SubscriptionState,
  type TicketOwner,
} from '@inkwell/platform';
import { platformUserOfAccount } from '../store/desktop';

const platforms = new WeakMap<ServiceContext, DesktopPlatform>();

/** The service's desktop platform, from configuration (the simulated one keeps its agreements in this database). */
export function desktopPlatformOf(context: ServiceContext): DesktopPlatform {
  let platform = platforms.get(context);
  if (!platform) {
    platform = createDesktopPlatform(context.config.desktop, context.db);
    platforms.set(context, platform);
  }
  return platform;
}

/** Tests put a driver of their choosing (the Steam driver against the stand-in) in place of the configured one. */
export function useDesktopPlatform(context: ServiceContext, platform: DesktopPlatform): void {
  platforms.set(context, platform);
}

/** The platform's failures as answers: a refused ticket is the caller's (403), an unreachable platform nobody's (503). */
export async function onPlatform<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DesktopTicketError) throw new DomainError(403, 'Forbidden', DESKTOP_MESSAGES.badTicket, { field: 'ticket' });
    if (error instanceof DesktopPlatformUnavailable) throw new DomainError(503, 'ServiceUnavailable', DESKTOP_MESSAGES.platformUnavailable);
    if (error instanceof DesktopPlatformRefusal) throw new ConflictError(error.message);
    throw error;
  }
}

/** The ticket's platform user, who must be `identity`. */
export async function ticketOf(platform: DesktopPlatform, ticket: string, identity: string): Promise<TicketOwner> {
  const owner = await onPlatform(() => platform.authenticateTicket(ticket));
  if (owner.platformUserId !== identity) throw new DomainError(403, 'Forbidden', DESKTOP_MESSAGES.identityMismatch, { field: 'identity' });
  return owner;
}

export function subscriptionView(platform: DesktopPlatform, platformUserId: string, state: SubscriptionState): DesktopSubscription {
  return { platform: platform.platform, platformUserId, valid: state.valid, status: state.status, paidUntil: state.paidUntil };
}

async function linkedPlatformUser(context: ServiceContext, platform: DesktopPlatform, userId: string): Promise<string> {
  const platformUserId = await platformUserOfAccount(context.db, platform.platform, userId);
  if (!platformUserId) throw new ConflictError(DESKTOP_MESSAGES.notLinked);
  return platformUserId;
}

/** `POST /account/renew-subscription?platform=steam`: the subscription of the platform user the account uses the app as runs on. */
export async function renewDesktopSubscription(context: ServiceContext, userId: string): Promise<DesktopSubscription> {
  const platform = desktopPlatformOf(context);
  const platformUserId = await linkedPlatformUser(context, platform, userId);
  const state = await onPlatform(() => platform.renewSubscription(platformUserId));
  context.logger.info({ userId, platform: platform.platform, status: state.status }, 'desktop subscription renewed');
  return subscriptionView(platform, platformUserId, state);
}

/** `GET /account/unsubscribe?platform=steam`: the renewals stop; what was paid runs to its end. */
export async function cancelDesktopSubscription(context: ServiceContext, userId: string): Promise<DesktopSubscription> {
  const platform = desktopPlatformOf(context);
  const platformUserId = await linkedPlatformUser(context, platform, userId);
  const state = await onPlatform(() => platform.cancelSubscription(platformUserId));
  context.logger.info({ userId, platform: platform.platform, status: state.status }, 'desktop subscription cancelled');
  return subscriptionView(platform, platformUserId, state);
}

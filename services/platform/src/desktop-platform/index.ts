import type { Queryable } from '../db/database';
import { SimulatedDesktopPlatform } from './simulated';
import { SteamDesktopPlatform } from './steam';
import type { DesktopPlatform } from './port';

export * from './port';
export { DEFAULT_SIMULATED_SECRET, SIMULATED_PERIOD_DAYS, SIMULATED_TICKET_TTL_MS, SimulatedDesktopPlatform, issueSimulatedTicket, type SimulatedDesktopOptions } from './simulated';
export { STEAM_PARTNER_API_URL, SteamDesktopPlatform, type SteamDesktopOptions } from './steam';

/** The desktop platform's settings (config.ts: DESKTOP_PLATFORM_DRIVER, STEAM_*, DESKTOP_SIMULATED_SECRET). */
export interface DesktopPlatformSettings {
  driver: 'simulated' | 'steam';
  simulatedSecret: string;
  steamWebApiKey?: string;
  steamAppId?: string;
  steamApiUrl?: string;
  steamSandbox: boolean;
}

/**
 * The desktop platform of a service: Steam's Web API when DESKTOP_PLATFORM_DRIVER=steam (config.ts
 * has checked STEAM_WEB_API_KEY and STEAM_APP_ID are set), else the embedded simulated platform,
 * whose state lives in `db` (the account service's agreements, the order service's transactions).
 */
export function createDesktopPlatform(settings: DesktopPlatformSettings, db: Queryable): DesktopPlatform {
  if (settings.driver === 'steam') {
    if (!settings.steamWebApiKey || !settings.steamAppId) throw new Error('DESKTOP_PLATFORM_DRIVER=steam needs STEAM_WEB_API_KEY and STEAM_APP_ID');
    return new SteamDesktopPlatform({
      webApiKey: settings.steamWebApiKey,
      appId: settings.steamAppId,
      sandbox: settings.steamSandbox,
      ...(settings.steamApiUrl ? { apiUrl: settings.steamApiUrl } : {}),
    });
  }
  return new SimulatedDesktopPlatform({ db, secret: settings.simulatedSecret });
}

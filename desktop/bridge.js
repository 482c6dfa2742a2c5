// The desktop bridge: what the desktop build of the storefront asks of the shell around it
// (docs/desktop.md). The Tauri shell injects this script into every page before the store's own
// scripts, after setting window.__INKWELL_DESKTOP_CONFIG__ = { platform, steamId, simulatedSecret }.
// With the embedded simulated platform the shell issues the platform's tickets itself, as the Steam
// client does for a game: `sim1.<steamId>.<issuedAtMs>.<hex HMAC-SHA256 of the rest, keyed by the
// shared simulator secret>`. A shell built on the Steamworks SDK would answer getAuthTicket with
// ISteamUser::GetAuthTicketForWebApi's hex ticket instead; the store does not know the difference.
(function () {
  var config = window.__INKWELL_DESKTOP_CONFIG__ || {};
  var hex = function (buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return b.toString(16).padStart(2, '0'); }).join('');
  };
  async function simulatedTicket(steamId, secret) {
    var body = 'sim1.' + steamId + '.' + Date.now();
    var key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return body + '.' + hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  }
  window.__INKWELL_DESKTOP__ = {
    platform: config.platform || 'steam',
    identity: function () {
      return Promise.resolve(String(config.steamId || ''));
    },
    getAuthTicket: function () {
      if (!config.steamId || !config.simulatedSecret) return Promise.reject(new Error('the platform has no signed-in user'));
      return simulatedTicket(String(config.steamId), String(config.simulatedSecret));
    },
  };
})();

// Inkwell's desktop shell: one Tauri 2 window that opens the desktop build of the storefront
// (served at INKWELL_DESKTOP_URL, by default the gateway on this machine started with
// WEB_DIST=web/dist-desktop) and gives it the desktop bridge (bridge.js): the platform user's
// identity and auth tickets. See docs/desktop.md.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use tauri::{WebviewUrl, WebviewWindowBuilder};

const BRIDGE: &str = include_str!("../bridge.js");

fn setting(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|value| !value.is_empty()).unwrap_or_else(|| default.to_string())
}

fn main() {
    let url = setting("INKWELL_DESKTOP_URL", "http://127.0.0.1:8080/");
    let config = serde_json::json!({
        "platform": "steam",
        "steamId": setting("INKWELL_DESKTOP_STEAM_ID", "76561198000000001"),
        "simulatedSecret": setting("INKWELL_DESKTOP_SIMULATED_SECRET", "inkwell-simulated-desktop-platform"),
    });
    let script = format!("window.__INKWELL_DESKTOP_CONFIG__ = {};\n{}", config, BRIDGE);
    tauri::Builder::default()
        .setup(move |app| {
            let target = url.parse().map_err(|error| format!("INKWELL_DESKTOP_URL {url:?} is not a URL: {error}"))?;
            WebviewWindowBuilder::new(app, "main", WebviewUrl::External(target))
                .title("Inkwell")
                .inner_size(1280.0, 800.0)
                .initialization_script(&script)
                .build()?;
            Ok(())
        })
        .run(tauri::generate_context!())
        .expect("the Inkwell desktop shell could not start");
}

// The W3C WebDriver client for the web app's WebKit test: Xvfb, Debian's WebKitWebDriver and WebKitGTK's MiniBrowser.
// One copy, in scripts/lib/webdriver.mjs, shared with scripts/web-speed.mjs (which measures the app's games/s in WebKit).
export { MINIBROWSER, WEBKIT_DRIVER, WebKitSession, XVFB } from '../../scripts/lib/webdriver.mjs';

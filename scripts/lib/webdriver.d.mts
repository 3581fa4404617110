// Types of scripts/lib/webdriver.mjs for the web app's WebKit test (tests/e2e/webdriver.ts re-exports them).
export declare const WEBKIT_DRIVER: string;
export declare const XVFB: string;
export declare const MINIBROWSER: string;

/** One WebDriver session on MiniBrowser (WebKitGTK) under Xvfb. */
export declare class WebKitSession {
  readonly capabilities: Record<string, unknown>;
  /** Start Xvfb, WebKitWebDriver and a MiniBrowser session. */
  static start(): Promise<WebKitSession>;
  /** Navigate and wait for the load. */
  go(url: string): Promise<unknown>;
  /** Run `script` (a function body; `arguments` are `args`) in the page and return its JSON result. */
  exec<T>(script: string, ...args: unknown[]): Promise<T>;
  /** Poll `script` until it returns a truthy value (or throw after `ms`). */
  until<T>(script: string, ms: number): Promise<T>;
  /** Enter the page's `index`-th frame (null: back to the top page). */
  frame(index: number | null): Promise<unknown>;
  /** Resize the window; returns the rect WebKit gave it. */
  resize(width: number, height: number): Promise<{ width: number; height: number }>;
  /** End the session and stop the driver and Xvfb. */
  stop(): Promise<void>;
}

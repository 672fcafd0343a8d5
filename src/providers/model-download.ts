/**
 * What a model that runs in the browser tells and asks about its download: the browser's own
 * model (`provider="browser"`) and a local GGUF model (`provider="local"`) share these hooks, so
 * one card in the element serves both.
 */

/** Download progress of a model, `loaded` of `total` (bytes; the browser's model reports fractions of 1). */
export interface ModelDownloadProgress {
  loaded: number;
  total: number;
}

/** What the person is told before they agree to a download. */
export interface ModelDownloadAbout {
  provider: 'browser' | 'local';
  /** The model: `built-in` for the browser's, the GGUF file's URL for a local one. */
  model: string;
  /** A name for people: the file's name. */
  name?: string;
  /** The host the file comes from. */
  host?: string;
  /** The download's size in bytes, when known before it starts. */
  bytes?: number;
}

/** The hooks a view gives a model so it can ask before a download and show its progress. */
export interface ModelDownloadHooks {
  /**
   * Asked when the model must be downloaded first: resolve true once the person agreed (from
   * their click, which the browser requires to start its own model's download). Absent: the turn
   * fails with `LOCAL_MODEL_REFUSED`. Contract: must not throw.
   */
  askToDownload?(about: ModelDownloadAbout): Promise<boolean>;
  /** Told as the download goes. Contract: must not throw. */
  onDownloadProgress?(progress: ModelDownloadProgress): void;
  /** A signal the person aborts by cancelling the download once it started (the card's Cancel). */
  downloadCancelled?(): AbortSignal | undefined;
}

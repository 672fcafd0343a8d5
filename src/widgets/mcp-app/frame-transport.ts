/**
 * The MCP transport between the host page and one sandbox frame: `postMessage` to that frame's
 * window, addressed to the sandbox's origin only, and, coming back, only messages whose source is
 * that window and whose origin is the sandbox's. Anything else on the page's `message` channel
 * (another frame, another view, the page's own scripts, a view that navigated elsewhere) is not
 * heard. Messages that are not JSON-RPC are dropped before the protocol sees them.
 */
import {isSpecType, type JSONRPCMessage, type Transport} from '@modelcontextprotocol/client';

/** A transport to the frame whose window `target()` gives, at origin `origin`. */
export class FrameTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly #target: () => Window | null | undefined;
  readonly #origin: string;
  #open = false;

  /** `target` is read at each message: the frame may be rendered after the transport starts. */
  constructor(target: () => Window | null | undefined, origin: string) {
    this.#target = target;
    this.#origin = origin;
  }

  readonly #listen = (event: MessageEvent) => {
    const source = this.#target();
    if (!source || event.source !== source || event.origin !== this.#origin) return;
    if (!isSpecType.JSONRPCMessage(event.data)) {
      this.onerror?.(new Error('The MCP App view sent a message that is not JSON-RPC; it was dropped.'));
      return;
    }
    this.onmessage?.(event.data);
  };

  async start(): Promise<void> {
    if (this.#open) return;
    this.#open = true;
    window.addEventListener('message', this.#listen);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const target = this.#target();
    if (!this.#open || !target) throw new Error('The MCP App view is gone.');
    target.postMessage(message, this.#origin);
  }

  async close(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    window.removeEventListener('message', this.#listen);
    this.onclose?.();
  }
}

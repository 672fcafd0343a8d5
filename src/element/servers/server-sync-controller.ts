/**
 * The element's MCP servers: its `<autoui-server>` children and its `servers` attribute, kept in
 * step with the session while the element is connected. Adding or removing a child, or changing
 * one of its attributes, connects or disconnects that server. The session is told the element's
 * tracing attributes first, and again when they change, so a server connects traced when the page
 * asks for traces, before any question as after.
 */
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import type {AgentSession} from '../../session/agent-session.js';
import {SERVER_CHANGE, serverConfigOf} from './autoui-server.js';
import {resolveServerUrl} from '../page.js';
import {sameTracing, tracingSettings, type TracingAttributes} from '../tracing-settings.js';

/** What the server sync needs from its element. */
export interface ServerSyncHost extends ReactiveControllerHost, HTMLElement, TracingAttributes {
  /** Space-separated MCP URLs (the `servers` attribute). */
  readonly servers: string;
  readonly session: AgentSession;
}

/** The `<autoui-server>` attributes that change a server (`clientid`: React 19's spelling of `client-id` before the element is defined). */
const SERVER_ATTRIBUTES = ['name', 'url', 'token', 'tools', 'approve', 'protocol', 'client-id', 'clientid'];

/** Keeps the session's servers those the element names. See the module comment. */
export class ServerSyncController implements ReactiveController {
  readonly #host: ServerSyncHost;
  /** Present while the element is connected. */
  #observer?: MutationObserver;
  /** The `servers` attribute as last synced, to sync again only when it changes. */
  #synced?: string;
  /** The tracing attributes as last told to the session. */
  #tracing?: TracingAttributes;

  constructor(host: ServerSyncHost) {
    this.#host = host;
    host.addController(this);
    // A child's token set as a property changes no attribute, so the observer misses it.
    host.addEventListener(SERVER_CHANGE, (event) => {
      event.stopPropagation();
      if (this.#observer) this.#sync(); // only while connected
    });
  }

  hostConnected(): void {
    this.#tellTracing();
    this.#observer = new MutationObserver(() => this.#sync());
    this.#observer.observe(this.#host, {childList: true, subtree: true, attributes: true, attributeFilter: SERVER_ATTRIBUTES});
    this.#sync();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
  }

  hostUpdate(): void {
    this.#tellTracing();
    if (this.#host.isConnected && this.#host.servers !== this.#synced) this.#sync();
  }

  #tellTracing(): void {
    const host = this.#host;
    if (sameTracing(host, this.#tracing)) return;
    this.#tracing = {telemetry: host.telemetry, telemetryContent: host.telemetryContent, tracerProvider: host.tracerProvider};
    host.session.configure(tracingSettings(host));
  }

  #sync(): void {
    const host = this.#host;
    this.#synced = host.servers;
    host.session.setServers([
      ...[...host.querySelectorAll(':scope > autoui-server')].map(serverConfigOf).map((c) => ({...c, url: resolveServerUrl(c.url)})),
      ...host.servers.split(/\s+/).filter(Boolean).map((url) => ({url: resolveServerUrl(url)})),
    ]);
    host.requestUpdate();
  }
}

// Angular (standalone component, zoneless, compiled in the browser: JIT, so the test needs no
// Angular build tooling) drives <autoui-agent> with ordinary bindings: [property]="…" on the
// element and on <autoui-server>, (event)="…" for its events. The page asks one question. It
// imports autoui-agent only after the first render, as an app loading it lazily would: the
// properties Angular set on the not-yet-defined elements must survive their upgrade.
import '@angular/compiler';
import type {AutouiAgent, WidgetCreatedDetail} from 'autoui-agent';
import {CUSTOM_ELEMENTS_SCHEMA, Component, provideZonelessChangeDetection, signal} from '@angular/core';
import {bootstrapApplication} from '@angular/platform-browser';
import {pageSettings} from '../page-settings.js';

const settings = pageSettings();

class App {
  readonly endpoint = settings.endpoint;
  readonly dataUrl = settings.dataUrl;
  readonly serverName = 'data';
  readonly widgets = signal<string[]>([]);
  readonly servers = signal<string[]>([]);
  readonly status = signal('idle');

  onWidget(event: Event): void {
    const {detail} = event as CustomEvent<WidgetCreatedDetail>;
    this.widgets.update((w) => [...w, detail.type]);
  }
  onServer(event: Event): void {
    this.servers.update((s) => [...s, (event as CustomEvent<{name: string}>).detail.name]);
  }
  ask(agent: AutouiAgent): void {
    void agent.ask(settings.question);
  }
}

// The decorator applied as a function: the same metadata `@Component({...})` gives.
const AppComponent = Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <autoui-agent #agent [provider]="'anthropic'" [endpoint]="endpoint" lang="en" [maxIterations]="6"
        (autoui-server-ready)="onServer($event)" (autoui-widget-created)="onWidget($event)" (autoui-run-end)="status.set('done')">
      <autoui-server [name]="serverName" [url]="dataUrl"></autoui-server>
    </autoui-agent>
    <button id="ask" [disabled]="servers().length === 0" (click)="ask(agent)">Ask</button>
    <output id="servers">{{ servers().join(',') }}</output>
    <output id="widgets">{{ widgets().join(',') }}</output>
    <output id="status">{{ status() }}</output>
  `,
})(App);

bootstrapApplication(AppComponent, {providers: [provideZonelessChangeDetection()]})
  .then(() => import('autoui-agent'))
  .catch((error: unknown) => console.error(error));

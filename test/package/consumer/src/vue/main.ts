// Vue 3 drives <autoui-agent> with its own syntax: `:prop` bindings (Vue sets a property when
// the element has one), `@event` listeners, custom elements told apart by `isCustomElement`.
// The template is compiled in the browser (the full build of Vue), so the test needs no plugin.
import 'autoui-agent';
import type {AutouiAgent, WidgetCreatedDetail} from 'autoui-agent';
import {createApp, ref} from 'vue';
import {pageSettings} from '../page-settings.js';

const settings = pageSettings();

const app = createApp({
  setup() {
    const agent = ref<AutouiAgent | null>(null);
    const widgets = ref<string[]>([]);
    const servers = ref<string[]>([]);
    const status = ref('idle');
    return {
      agent,
      widgets,
      servers,
      status,
      endpoint: settings.endpoint,
      dataUrl: settings.dataUrl,
      onWidget: (event: CustomEvent<WidgetCreatedDetail>) => widgets.value.push(event.detail.type),
      onServer: (event: CustomEvent<{name: string}>) => servers.value.push(event.detail.name),
      ask: () => void agent.value?.ask(settings.question),
    };
  },
  template: `
    <autoui-agent ref="agent" provider="anthropic" :endpoint="endpoint" lang="en" :maxIterations="6"
        @autoui-server-ready="onServer" @autoui-widget-created="onWidget" @autoui-run-end="status = 'done'">
      <autoui-server name="data" :url="dataUrl"></autoui-server>
    </autoui-agent>
    <button id="ask" :disabled="servers.length === 0" @click="ask">Ask</button>
    <output id="servers">{{ servers.join(',') }}</output>
    <output id="widgets">{{ widgets.join(',') }}</output>
    <output id="status">{{ status }}</output>
  `,
});
app.config.compilerOptions.isCustomElement = (tag: string) => tag.startsWith('autoui-');
app.mount('#app');

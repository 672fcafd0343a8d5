// autoui-agent in a Vue 3 app. Run it (see examples/README.md): `FAKE_LLM_PORT=3199 npm start`
// in the repository starts the demo's MCP servers and the replaying model; then
// `npx vite examples/vue` serves this page.
import 'autoui-agent'; // defines <autoui-agent> and <autoui-server>
import {createApp} from 'vue';
import Assistant from './Assistant.vue';

createApp(Assistant).mount('#app');

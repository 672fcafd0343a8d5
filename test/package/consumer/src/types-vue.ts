// Vue template types from autoui-agent/vue (compiled alone, by tsconfig.vue.json: its global JSX
// entries would clash with React's in one program).
import type {} from 'autoui-agent/vue';
import type {GlobalComponents} from 'vue';

const tags: Array<keyof GlobalComponents> = ['autoui-agent', 'autoui-server', 'autoui-chart', 'autoui-stat-card'];
type AgentProps = NonNullable<InstanceType<GlobalComponents['autoui-agent']>['$props']>;
const props: AgentProps = {endpoint: '/llm', provider: 'openai'};
export {tags, props};

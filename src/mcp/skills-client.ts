/**
 * The MCP SDK's Skills client, in a module of its own so the bundler puts it in a lazy chunk named
 * after it (`skills-client-`): skill-recipes.ts imports it only for a server that declares the
 * Skills extension.
 */
export {SkillsClient} from '@modelcontextprotocol/client/ext/skills';
